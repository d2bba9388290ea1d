import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * One feed's failure never stops the host's other feeds: a throw past the feed's own
 * faults (here a store write) is recorded on that feed's health and moves its next check, and the next
 * feed of the host is still refreshed. The store, the fetch and the run bookkeeping are stand-ins.
 */
const writes = vi.hoisted(() => ({ health: [] as Array<Record<string, unknown>>, checks: [] as Array<{ feedId: string; changes: Record<string, unknown> }>, created: [] as string[] }));

vi.mock('#core/config.ts', () => ({ config: { FEED_TIMEOUT_MS: 1_000, FEED_MAX_BYTES: 1_000_000 } }));
vi.mock('#platform/run-metrics.ts', () => ({ withRunMetrics: (_name: string, handler: unknown) => handler }));
vi.mock('#store/settings.ts', () => ({ currentSettings: async () => ({ feedIntervalMinutes: 30 }) }));
vi.mock('#store/alerts.ts', () => ({ raiseAlert: async () => undefined }));
vi.mock('#store/feeds.ts', () => ({
  ensureFeedSources: async () => 0,
  listDueFeeds: async () => [],
  feedsToPoll: async (ids: string[]) => ids.map((id) => ({ id, name: `Feed ${id}`, url: `https://host.example/${id}.xml`, consecutiveFailures: 0 })),
  feedNameOf: async (id: string) => `Feed ${id}`,
  recordFeedHealth: async (check: Record<string, unknown>) => void writes.health.push(check),
  updateFeedAfterCheck: async (feed: { id: string }, changes: Record<string, unknown>) => void writes.checks.push({ feedId: feed.id, changes }),
}));
vi.mock('#store/articles.ts', () => ({
  recentFingerprints: async () => [],
  knownStoryOf: (input: { id: string; simhash?: string }) => ({ articleId: input.id, simhash: input.simhash ?? '' }),
}));
vi.mock('#store/article-intake.ts', () => ({
  knownHashes: async () => new Set(),
  settleUnsettledIntakes: async () => 0,
  settleFeedIntakes: async () => ({ settled: 0, pending: 0 }),
  storeNewArticles: async (feedId: string, batch: Array<{ title: string }>) => {
    if (feedId === 'failing') throw new Error('ProvisionedThroughputExceededException: slow down');
    writes.created.push(...batch.map((article) => article.title));
    return batch.map(() => ({ created: true }));
  },
}));
// No moderator has split or joined a story (refresh-feed.ts recentStoriesOnce reads the decisions with the fingerprints).
vi.mock('#store/story-links.ts', () => ({ storyDecisionsSince: async () => [] }));
// No moderator has changed a topic (services/topic-overrides.ts reads them before tagging).
vi.mock('#store/topic-overrides.ts', () => ({ listTopicOverrides: async () => [] }));
vi.mock('#store/models.ts', () => ({ activeModelVersion: async () => null, modelJsonOf: () => '' }));
vi.mock('#adapters/feed-fetch.ts', () => ({
  fetchFeed: async (url: string) => ({
    kind: 'ok',
    body: Buffer.from(`<rss><channel><title>T</title><item><title>Story from ${url}</title><link>/s</link></item></channel></rss>`),
    contentType: 'application/rss+xml',
    hints: {},
    httpStatus: 200,
    responseTimeMs: 5,
  }),
}));

vi.mock('#adapters/page-head.ts', () => ({ fetchPageHead: async () => ({ kind: 'error', error: 'HTTP 404' }) }));

describe('a feed that throws while being refreshed', () => {
  let fetchFeeds: typeof import('../../lambdas/pipeline/fetch-feeds.handler.ts');
  beforeAll(async () => {
    fetchFeeds = await import('../../lambdas/pipeline/fetch-feeds.handler.ts');
  }, 60_000);
  beforeEach(() => {
    writes.health.length = 0;
    writes.checks.length = 0;
    writes.created.length = 0;
  });

  it('is recorded as failed with a later next check, and the host\u2019s next feed still runs', async () => {
    const now = '2026-11-23T10:00:00.000Z';
    const result = (await fetchFeeds.handler({ step: 'fetch-host', host: 'host.example', feedIds: ['failing', 'healthy'], now })) as Record<string, number>;
    expect(result).toMatchObject({ feeds: 2, failed: 1, created: 1 });
    expect(writes.created).toEqual(['Story from https://host.example/healthy.xml']);
    expect(writes.health).toContainEqual(expect.objectContaining({ feedId: 'failing', status: 'error', error: expect.stringMatching(/^Refresh failed: ProvisionedThroughput/) }));
    const failing = writes.checks.find((check) => check.feedId === 'failing')?.changes;
    expect(failing).toMatchObject({ lastStatus: 'error', consecutiveFailures: 1, nextCheckAt: '2026-11-23T10:30:00.000Z' });
    expect(writes.checks.find((check) => check.feedId === 'healthy')?.changes).toMatchObject({ lastStatus: 'healthy' });
  }, 30_000);
});
