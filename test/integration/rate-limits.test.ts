import { beforeAll, describe, expect, it } from 'vitest';
import { useFreshTable } from '../support/aws.ts';

type RateLimits = typeof import('#store/rate-limits.ts');
let limits: RateLimits;

beforeAll(async () => {
  await useFreshTable();
  limits = await import('#store/rate-limits.ts');
});

describe('per-client rate limits', () => {
  const rule = { limit: 5, windowSeconds: 60 };
  const at = Date.parse('2026-11-23T10:00:10Z');

  it('lets exactly the limit through when 20 requests of one client arrive at once, and says when to retry', async () => {
    const decisions = await Promise.all(Array.from({ length: 20 }, () => limits.consumeRateLimit('contact', 'client-a', rule, at)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(5);
    expect(decisions.find((decision) => !decision.allowed)?.retryAfterSeconds).toBe(50);
  });

  it('counts each client and each bucket apart', async () => {
    expect((await limits.consumeRateLimit('contact', 'client-b', rule, at)).allowed).toBe(true);
    expect((await limits.consumeRateLimit('newsletter', 'client-a', rule, at)).allowed).toBe(true);
  });

  it('takes a count carried over from an instance\'s memory only while it fits within the limit', async () => {
    expect((await limits.consumeRateLimit('carry', 'client-c', rule, at, 4)).allowed).toBe(true);
    expect((await limits.consumeRateLimit('carry', 'client-c', rule, at, 2)).allowed).toBe(false);
    expect((await limits.consumeRateLimit('carry', 'client-c', rule, at)).allowed).toBe(true);
    expect((await limits.consumeRateLimit('carry', 'client-c', rule, at)).allowed).toBe(false);
  });

  it('opens a new window when the old one ends', async () => {
    expect((await limits.consumeRateLimit('contact', 'client-a', rule, at + 49_000)).allowed).toBe(false);
    expect((await limits.consumeRateLimit('contact', 'client-a', rule, at + 50_000)).allowed).toBe(true);
  });
});
