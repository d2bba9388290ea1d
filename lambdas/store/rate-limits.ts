import { Entity } from 'electrodb';
import { isConditionalWriteFailure } from './table/paging.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * One client's requests to one bucket (a route group) within one fixed window. The client is a hash of its
 * address, never the address itself; TTL removes the window after it ends.
 */
export const RateLimitWindow = new Entity({
  model: { entity: 'rateLimit', version: '1', service },
  attributes: {
    bucket: { type: 'string', required: true },
    client: { type: 'string', required: true },
    /** Epoch seconds at which the window opened. */
    windowStart: { type: 'number', required: true },
    hits: { type: 'number' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byWindow: {
      pk: { field: 'pk', composite: ['bucket', 'client', 'windowStart'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends (what Retry-After says when refused). */
  retryAfterSeconds: number;
}

/** The fixed window (epoch seconds) a moment falls in, and the seconds until it ends. */
export function windowOf(rule: RateLimitRule, now = Date.now()): { windowStart: number; windowEnd: number; retryAfterSeconds: number } {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  const windowEnd = windowStart + rule.windowSeconds;
  return { windowStart, windowEnd, retryAfterSeconds: Math.max(1, windowEnd - nowSeconds) };
}

/**
 * Counts `requests` (1, or a count carried over from an instance's memory with the current request)
 * of `client` against `bucket` in the current fixed window, atomically: the ADD happens only while the
 * count stays within the limit, so concurrent requests can never pass it together.
 */
export async function consumeRateLimit(bucket: string, client: string, rule: RateLimitRule, now = Date.now(), requests = 1): Promise<RateLimitDecision> {
  const { windowStart, windowEnd, retryAfterSeconds } = windowOf(rule, now);
  try {
    await RateLimitWindow.update({ bucket, client, windowStart })
      .add({ hits: requests })
      .set({ expiresAt: windowEnd + 60 })
      .where(({ hits }, { notExists, lte }) => `${notExists(hits)} OR ${lte(hits, rule.limit - requests)}`)
      .go({ response: 'none' });
    return { allowed: true, retryAfterSeconds };
  } catch (error) {
    if (isConditionalWriteFailure(error)) return { allowed: false, retryAfterSeconds };
    throw error;
  }
}
