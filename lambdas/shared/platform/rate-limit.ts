import { createHash, timingSafeEqual } from 'node:crypto';
import { consumeRateLimit, type RateLimitRule } from '#store/rate-limits.ts';
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
 * configured (locally) every request counts as such. The API refuses the others (shared/platform/router.ts), so no
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

/** Counts the request against the bucket's rule for a key (already hashed); past the limit, a 429 with Retry-After. */
async function enforce(bucket: string, key: string, rule: RateLimitRule): Promise<void> {
  const decision = await consumeRateLimit(bucket, key, rule);
  if (!decision.allowed) {
    throw new HttpError(429, RATE_LIMITED_MESSAGE, undefined, { 'retry-after': String(decision.retryAfterSeconds) });
  }
}

/** Per-client limit (the caller's address, or their subject when signed in). */
export function enforceRateLimit(bucket: string, rule: RateLimitRule, event: HttpEvent, userId?: string): Promise<void> {
  return enforce(bucket, clientKey(event, userId), rule);
}

/** Per-value limit, e.g. per e-mail address written in a form; the value is stored only as a salted hash. */
export function enforceRateLimitOn(bucket: string, rule: RateLimitRule, value: string): Promise<void> {
  return enforce(bucket, createHash('sha256').update(`${config.CLIENT_KEY_SALT}:value:${value.toLowerCase()}`).digest('base64url').slice(0, 22), rule);
}
