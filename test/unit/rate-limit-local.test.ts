import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HttpEvent } from '#platform/auth.ts';

/** The shared limit item, as DynamoDB's conditional ADD keeps it: one count per bucket, client and window. */
const shared = new Map<string, number>();
const writes: number[] = [];

vi.mock('#store/rate-limits.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('#store/rate-limits.ts')>();
  return {
    ...original,
    consumeRateLimit: async (bucket: string, client: string, rule: { limit: number; windowSeconds: number }, now = Date.now(), requests = 1) => {
      const { windowStart, retryAfterSeconds } = original.windowOf(rule, now);
      const key = `${bucket}|${client}|${windowStart}`;
      writes.push(requests);
      await new Promise((resolve) => setTimeout(resolve, 1));
      const hits = shared.get(key) ?? 0;
      if (hits > rule.limit - requests) return { allowed: false, retryAfterSeconds };
      shared.set(key, hits + requests);
      return { allowed: true, retryAfterSeconds };
    },
  };
});

const { enforceRateLimit } = await import('#platform/rate-limit.ts');
const from = (address: string) => ({ requestContext: { http: { sourceIp: address } }, headers: {} }) as unknown as HttpEvent;
const outcome = (promise: Promise<void>) => promise.then(() => 'allowed', (error: { statusCode?: number }) => error.statusCode);

describe('per-client limits counted in memory first', () => {
  beforeEach(() => {
    shared.clear();
    writes.length = 0;
    // Clear of a window's end, so one test's requests fall in one window.
    vi.useFakeTimers({ now: new Date('2026-11-27T03:00:10Z'), toFake: ['Date'] });
  });

  it('writes nothing for a client below a tenth of the limit', async () => {
    for (let request = 0; request < 11; request += 1) await enforceRateLimit('unit-a', { limit: 120, windowSeconds: 60 }, from('10.0.0.1'));
    expect(writes).toEqual([]);
  });

  it('then carries the count over to the shared item and holds the exact limit, concurrent requests included', async () => {
    const answers = await Promise.all(Array.from({ length: 121 }, () => outcome(enforceRateLimit('unit-b', { limit: 120, windowSeconds: 60 }, from('10.0.0.2')))));
    expect(answers.filter((answer) => answer === 'allowed')).toHaveLength(120);
    expect(answers.filter((answer) => answer === 429)).toHaveLength(1);
    // One carry-over of the 12 counted in memory, then one write per request.
    expect(writes[0]).toBe(12);
    expect(writes.slice(1).every((requests) => requests === 1)).toBe(true);
  });

  it('counts small limits in the shared item from the first request', async () => {
    for (let request = 0; request < 3; request += 1) await enforceRateLimit('unit-c', { limit: 3, windowSeconds: 3600 }, from('10.0.0.3'));
    expect(writes).toEqual([1, 1, 1]);
    expect(await outcome(enforceRateLimit('unit-c', { limit: 3, windowSeconds: 3600 }, from('10.0.0.3')))).toBe(429);
  });
});
