import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The Distributed Map child's step: a batch of hosts fetched at once (bounded), each host's feeds one after
 * another, a host that throws alerted and counted failed while the others go on, and the batch's figures
 * added up. The store, the fetch and the run bookkeeping are stand-ins; the fetch takes 40 ms so overlap shows.
 */
const seen = vi.hoisted(() => ({ alerts: [] as Array<Record<string, unknown>>, inFlight: new Map<string, number>(), maxHosts: 0, maxPerHost: 0 }));

vi.mock('#core/config.ts', () => ({ config: { FEED_TIMEOUT_MS: 1_000, FEED_MAX_BYTES: 1_000_000 } }));
vi.mock('#platform/run-metrics.ts', () => ({ withRunMetrics: (_name: string, handler: unknown) => handler }));
vi.mock('#store/settings.ts', () => ({ currentSettings: async () => ({ feedIntervalMinutes: 30 }) }));
vi.mock('#store/alerts.ts', () => ({ raiseAlert: async (alert: Record<string, unknown>) => void seen.alerts.push(alert) }));
vi.mock('#store/feeds.ts', () => ({
  feedsToPoll: async (ids: string[]) =>
    ids.map((id) => {
      // A store fault outside the feed's own refresh: the whole host's fetch throws.
      if (id.startsWith('broken')) throw new Error('ProvisionedThroughputExceededException: slow down');
      const host = id.split('-')[0];
      return { id, name: `Feed ${id}`, url: `https://${host}.example/${id}.xml`, consecutiveFailures: 0 };
    }),
  feedNameOf: async (id: string) => `Feed ${id}`,
  recordFeedHealth: async () => undefined,
  updateFeedAfterCheck: async () => undefined,
}));
vi.mock('#store/articles.ts', () => ({ recentFingerprints: async () => [], isKnownHash: async () => false }));
vi.mock('#adapters/feed-fetch.ts', () => ({
  fetchFeed: async (url: string) => {
    const host = new URL(url).host;
    const hostsNow = new Set([...seen.inFlight.entries()].filter(([, n]) => n > 0).map(([h]) => h)).add(host).size;
    seen.maxHosts = Math.max(seen.maxHosts, hostsNow);
    seen.inFlight.set(host, (seen.inFlight.get(host) ?? 0) + 1);
    seen.maxPerHost = Math.max(seen.maxPerHost, seen.inFlight.get(host) ?? 0);
    await new Promise((resolve) => setTimeout(resolve, 40));
    seen.inFlight.set(host, (seen.inFlight.get(host) ?? 1) - 1);
    return { kind: 'not-modified', httpStatus: 304, responseTimeMs: 40, hints: {} };
  },
}));
vi.mock('#adapters/page-head.ts', () => ({ fetchPageHead: async () => ({ kind: 'error', error: 'HTTP 404' }) }));

describe('a batch of hosts (the Distributed Map child)', () => {
  let fetchFeeds: typeof import('../../lambdas/pipeline/fetch-feeds.handler.ts');
  beforeAll(async () => {
    fetchFeeds = await import('../../lambdas/pipeline/fetch-feeds.handler.ts');
  }, 60_000);
  beforeEach(() => {
    seen.alerts.length = 0;
    seen.inFlight.clear();
    seen.maxHosts = 0;
    seen.maxPerHost = 0;
  });

  it('fetches hosts at once, 16 at most, one request at a time per host, and adds up their figures', async () => {
    const hosts = Array.from({ length: 40 }, (_, i) => ({ host: `h${i}.example`, feedIds: [`h${i}-a`, `h${i}-b`] }));
    const started = Date.now();
    const result = (await fetchFeeds.handler({ step: 'fetch-hosts', hosts, now: '2026-11-23T10:00:00.000Z' })) as Record<string, number>;
    expect(result).toMatchObject({ hosts: 40, failedHosts: 0, feeds: 80, notModified: 80, failed: 0, deferredHosts: 0 });
    expect(seen.maxHosts).toBe(16);
    expect(seen.maxPerHost).toBe(1);
    // 3 rounds of 16 hosts x 2 feeds x 40 ms, not 80 x 40 ms one after another.
    expect(Date.now() - started).toBeLessThan(80 * 40);
  }, 30_000);

  it('alerts a host that throws, counts it failed, and goes on with the others', async () => {
    const hosts = [
      { host: 'ok1.example', feedIds: ['ok1-a'] },
      { host: 'broken.example', feedIds: ['broken-a'] },
      { host: 'ok2.example', feedIds: ['ok2-a', 'ok2-b'] },
    ];
    const result = (await fetchFeeds.handler({ step: 'fetch-hosts', hosts, now: '2026-11-23T10:00:00.000Z' })) as Record<string, number>;
    expect(result).toMatchObject({ hosts: 3, failedHosts: 1, feeds: 3, notModified: 3, failed: 1 });
    expect(seen.alerts).toEqual([expect.objectContaining({ severity: 'high', alertType: 'ingest-step-failure', message: 'Fetching broken.example failed' })]);
  }, 30_000);

  it('refuses a batch that is not a list of hosts', async () => {
    await expect(fetchFeeds.handler({ step: 'fetch-hosts', hosts: [{ host: 'x' }], now: '2026-11-23T10:00:00.000Z' })).rejects.toThrow();
  });
});
