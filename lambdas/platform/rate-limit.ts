import { createHash, timingSafeEqual } from 'node:crypto';
import { consumeRateLimit, type RateLimitRule, windowOf } from '#store/rate-limits.ts';
import type { HttpEvent } from './auth.ts';
import { config } from '../core/config.ts';
import { EDGE_ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from '#stack/stack-description.ts';
import { HttpError } from '../core/errors.ts';

const RATE_LIMITED_MESSAGE = 'Too many requests - please wait a moment and try again';

/**
 * The reader's address. Through CloudFront, API Gateway sees an edge address, so the address CloudFront's
 * viewer function writes (x-viewer-address, from the connection CloudFront accepted, overwriting whatever
 * the client sent) is used, but only beside the edge token: a direct caller could write that header, not
 * the token.
 */
export function clientAddress(event: HttpEvent, edgeToken = config.EDGE_ORIGIN_TOKEN): string {
  const connection = event.requestContext.http?.sourceIp ?? 'unknown';
  if (!edgeToken || !cameThroughEdge(event, edgeToken)) return connection;
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  return viewer && viewer.length <= 64 ? viewer : connection;
}

/**
 * Whether the request came through CloudFront (it carries the deployment's edge token). With no token
 * configured (locally) every request counts as such. The API refuses the others (platform/router.ts), so no
 * call goes around the web ACL by the API's own address.
 */
export function cameThroughEdge(event: HttpEvent, edgeToken = config.EDGE_ORIGIN_TOKEN): boolean {
  if (!edgeToken) return true;
  const presented = event.headers?.[EDGE_ORIGIN_HEADER];
  return Boolean(presented) && sameSecret(presented as string, edgeToken);
}

function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, createHash('sha256').update(expected).digest());
}

/**
 * Who is asking, for per-client limits: a salted hash of the reader's address (a signed-in caller's
 * subject instead, when there is one). The address itself is never stored.
 */
export function clientKey(event: HttpEvent, userId?: string): string {
  const who = userId ? `user:${userId}` : `ip:${clientAddress(event)}`;
  return createHash('sha256').update(`${config.CLIENT_KEY_SALT}:${who}`).digest('base64url').slice(0, 22);
}

/**
 * One reader for counting views and shares: the address and the browser's User-Agent, hashed with the salt
 * (as privacy-friendly analytics count visitors). Many Indian mobile readers share one carrier address
 * (CGNAT), so the address alone would count a whole carrier's readers as one.
 */
export function visitorKey(event: HttpEvent, userId?: string): string {
  if (userId) return clientKey(event, userId);
  const agent = event.headers?.['user-agent'] ?? '';
  return createHash('sha256').update(`${config.CLIENT_KEY_SALT}:visitor:${clientAddress(event)}:${agent}`).digest('base64url').slice(0, 22);
}

/**
 * Most clients never come near a limit, so an instance first counts a client's requests in its own
 * memory (same fixed windows as the shared item) and writes nothing. Once a client has spent a tenth of
 * a limit in this instance, its count so far goes to the shared conditional item together with the
 * current request, and every later request of that window is counted there. Each instance holds back
 * fewer than limit / LOCAL_SHARE requests unshared, so N warm instances serving one client let through
 * at most limit + (N - 1) x (limit / LOCAL_SHARE - 1) in a window; with all requests in one process (the
 * local runtime), exactly the limit. Limits under 2 x LOCAL_SHARE are always counted in the shared item.
 */
const LOCAL_SHARE = 10;

interface LocalWindow {
  windowEnd: number;
  /** Requests let through from memory, not yet in the shared item. */
  hits: number;
  /** Set once the client's count moved to the shared item: the carry-over write, awaited before later writes. */
  escalation: Promise<unknown> | null;
}

const localWindows = new Map<string, LocalWindow>();
let lastSweepAt = 0;

/** Drops windows that have ended (at most once a minute), so the map holds only current clients. */
function sweepLocalWindows(nowSeconds: number): void {
  if (nowSeconds - lastSweepAt < 60) return;
  lastSweepAt = nowSeconds;
  for (const [id, window] of localWindows) if (window.windowEnd <= nowSeconds) localWindows.delete(id);
}

function refuse(retryAfterSeconds: number): HttpError {
  return new HttpError(429, RATE_LIMITED_MESSAGE, undefined, { 'retry-after': String(retryAfterSeconds) });
}

/** Counts the request against the bucket's rule for a key (already hashed); past the limit, a 429 with Retry-After. */
async function enforce(bucket: string, key: string, rule: RateLimitRule): Promise<void> {
  const localAllowance = Math.floor(rule.limit / LOCAL_SHARE);
  const now = Date.now();
  if (localAllowance < 2) {
    const decision = await consumeRateLimit(bucket, key, rule, now);
    if (!decision.allowed) throw refuse(decision.retryAfterSeconds);
    return;
  }
  const { windowStart, windowEnd } = windowOf(rule, now);
  sweepLocalWindows(Math.floor(now / 1000));
  const id = `${bucket}|${key}|${windowStart}`;
  let window = localWindows.get(id);
  if (!window) {
    window = { windowEnd, hits: 0, escalation: null };
    localWindows.set(id, window);
  }
  // Decided synchronously: concurrent requests of one client in this instance are counted one by one.
  if (!window.escalation) {
    if (window.hits + 1 < localAllowance) {
      window.hits += 1;
      return;
    }
    const carried = window.hits + 1;
    window.hits = 0;
    const escalation = consumeRateLimit(bucket, key, rule, now, carried);
    window.escalation = escalation.catch(() => undefined);
    const decision = await escalation;
    if (!decision.allowed) throw refuse(decision.retryAfterSeconds);
    return;
  }
  await window.escalation;
  const decision = await consumeRateLimit(bucket, key, rule, now);
  if (!decision.allowed) throw refuse(decision.retryAfterSeconds);
}

/** Per-client limit (the caller's address, or their subject when signed in). */
export function enforceRateLimit(bucket: string, rule: RateLimitRule, event: HttpEvent, userId?: string): Promise<void> {
  return enforce(bucket, clientKey(event, userId), rule);
}

/** Per-value limit, e.g. per e-mail address written in a form; the value is stored only as a salted hash. */
export function enforceRateLimitOn(bucket: string, rule: RateLimitRule, value: string): Promise<void> {
  return enforce(bucket, createHash('sha256').update(`${config.CLIENT_KEY_SALT}:value:${value.toLowerCase()}`).digest('base64url').slice(0, 22), rule);
}
