import { RateLimitWindow } from './entities.ts';
import { isConditionalWriteFailure } from './paging.ts';

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

/**
 * Counts one request of `client` against `bucket` in the current fixed window, atomically: the ADD
 * happens only while the count is below the limit, so concurrent requests can never pass it together.
 */
export async function consumeRateLimit(bucket: string, client: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitDecision> {
  const nowSeconds = Math.floor(now / 1000);
  const windowStart = nowSeconds - (nowSeconds % rule.windowSeconds);
  const windowEnd = windowStart + rule.windowSeconds;
  const retryAfterSeconds = Math.max(1, windowEnd - nowSeconds);
  try {
    await RateLimitWindow.update({ bucket, client, windowStart })
      .add({ hits: 1 })
      .set({ expiresAt: windowEnd + 60 })
      .where(({ hits }, { notExists, lt }) => `${notExists(hits)} OR ${lt(hits, rule.limit)}`)
      .go({ response: 'none' });
    return { allowed: true, retryAfterSeconds };
  } catch (error) {
    if (isConditionalWriteFailure(error)) return { allowed: false, retryAfterSeconds };
    throw error;
  }
}
