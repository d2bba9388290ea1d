import * as z from '#domain/common/validation.ts';
import { feedNameOf, feedsToPoll } from '#store/feeds.ts';
import { raiseAlert } from '#store/operations.ts';
import { currentSettings } from '#store/settings.ts';
import { config } from '#shared/core/config.ts';
import { logger } from '#shared/core/logger.ts';
import { withRunMetrics } from '#shared/platform/run-metrics.ts';
import { recentStoriesOnce, recordFailedCheck, refreshFeed, type RefreshStats } from '../services/refresh-feed.ts';

/**
 * The ingest state machine's FetchHost step (state-machines/ingest.asl.json, one Map item per host): a
 * host's due feeds fetched, parsed, normalised, deduplicated and stored as drafts. Its own function because
 * it alone needs the feed parsers and the HTML sanitiser, slow to load: the ingest function's other steps
 * (list, classify, highlights, record) start without them.
 */
const input = z.object({ step: z.literal('fetch-host'), host: z.string(), feedIds: z.array(z.string()), now: z.iso.datetime() });

async function fetchHost(feedIds: string[], now: Date) {
  const fingerprints = recentStoriesOnce(now);
  const results: RefreshStats[] = [];
  const { feedIntervalMinutes } = await currentSettings();
  // The host's polling states in one batch read: a 304 needs nothing else.
  for (const feed of await feedsToPoll(feedIds)) {
    const feedId = feed.id;
    const stats = await refreshFeed(feed, { timeoutMs: config.FEED_TIMEOUT_MS, maxBytes: config.FEED_MAX_BYTES, now, fingerprints, intervalMinutes: feedIntervalMinutes }).catch((error: unknown) =>
      // A throw past the feed's own faults (a store write, a bug) ends this feed's check only: it is recorded
      // on the feed with its backoff, and the host's other feeds still run.
      recordFailedCheck(feed, { now, error: `Refresh failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, intervalMinutes: feedIntervalMinutes }),
    );
    if (stats.outcome === 'failed') {
      logger.warn('feed check failed', { feedId, error: stats.error });
      const name = feed.name ?? (await feedNameOf(feedId)) ?? feedId;
      await raiseAlert({ severity: (feed.consecutiveFailures ?? 0) + 1 >= 3 ? 'high' : 'medium', alertType: 'feed-failure', message: `${name}: ${stats.error}`, context: { feedId } });
    }
    results.push(stats);
  }
  const sum = (key: 'itemsFound' | 'created' | 'duplicates' | 'nearDuplicates' | 'pageImages') => results.reduce((total, r) => total + (r[key] ?? 0), 0);
  return {
    feeds: results.length,
    notModified: results.filter((r) => r.outcome === 'not-modified').length,
    failed: results.filter((r) => r.outcome === 'failed').length,
    itemsFound: sum('itemsFound'),
    created: sum('created'),
    duplicates: sum('duplicates'),
    nearDuplicates: sum('nearDuplicates'),
    pageImages: sum('pageImages'),
  };
}

export const handler = withRunMetrics('fetch-feeds', async (event: unknown) => {
  const request = input.parse(event);
  return fetchHost(request.feedIds, new Date(request.now));
});
