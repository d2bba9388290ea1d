import { createHash } from 'node:crypto';
import { consumeRateLimit, type RateLimitRule } from '#store/rate-limits.ts';
import type { HttpEvent } from './auth.ts';
import { config } from './config.ts';
import { HttpError } from './errors.ts';

export const RATE_LIMITED_MESSAGE = 'Too many requests - please wait a moment and try again';

/**
 * Who is asking, for per-client limits: a salted hash of the address API Gateway saw (a signed-in
 * caller's subject instead, when there is one). The address itself is never stored.
 */
export function clientKey(event: HttpEvent, userId?: string): string {
  const who = userId ? `user:${userId}` : `ip:${event.requestContext.http?.sourceIp ?? 'unknown'}`;
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
  return createHash('sha256').update(`${config.CLIENT_KEY_SALT}:visitor:${event.requestContext.http?.sourceIp ?? 'unknown'}:${agent}`).digest('base64url').slice(0, 22);
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
