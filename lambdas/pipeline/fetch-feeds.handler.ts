import pLimit from 'p-limit';
import * as z from '#domain/common/validation.ts';
import { feedNameOf, feedsToPoll } from '#store/feeds.ts';
import { raiseAlert } from '#store/alerts.ts';
import { currentSettings } from '#store/settings.ts';
import { config } from '#core/config.ts';
import { logger } from '#core/logger.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';
import { recentStoriesOnce, recordFailedCheck, refreshFeed, type RefreshStats } from '../services/refresh-feed.ts';
import { addFetchFigures, alertHostFailure, type HostFetchFigures } from './host-failure.ts';

/**
 * The ingest state machine's FetchHostBatch step (state-machines/ingest.asl.json, one Distributed Map child
 * per batch of hosts): each host's due feeds fetched, parsed, normalised, deduplicated and stored as drafts.
 * Its own function because it alone needs the feed parsers and the HTML sanitiser, slow to load: the ingest
 * function's other steps (list, classify, highlights, record) start without them. `fetch-host` (one host)
 * stays for callers that fetch a single host.
 */
const hostInput = z.object({ host: z.string(), feedIds: z.array(z.string()) });
const input = z.discriminatedUnion('step', [
  z.object({ step: z.literal('fetch-host'), host: z.string(), feedIds: z.array(z.string()), now: z.iso.datetime() }),
  z.object({ step: z.literal('fetch-hosts'), hosts: z.array(hostInput).check(z.maxLength(500)), now: z.iso.datetime() }),
]);

/** Hosts of a batch fetched at once: their waits on publishers overlap in one invocation's billed time. */
const HOSTS_AT_ONCE = 16;
/**
 * A batch starts no new host after this long, so it ends inside the function's timeout (240 s) and the
 * Express child's 5 minutes with a started host's feeds (each at most FEED_TIMEOUT_MS) still to finish.
 * Hosts not started stay due and are fetched by the next run.
 */
const START_HOSTS_WITHIN_MS = 150_000;

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
  const sum = (key: 'itemsFound' | 'created' | 'duplicates' | 'nearDuplicates' | 'pageImages' | 'classified' | 'published' | 'queued' | 'rejected') => results.reduce((total, r) => total + (r[key] ?? 0), 0);
  return {
    feeds: results.length,
    notModified: results.filter((r) => r.outcome === 'not-modified').length,
    failed: results.filter((r) => r.outcome === 'failed').length,
    itemsFound: sum('itemsFound'),
    created: sum('created'),
    duplicates: sum('duplicates'),
    nearDuplicates: sum('nearDuplicates'),
    pageImages: sum('pageImages'),
    classified: sum('classified'),
    published: sum('published'),
    queued: sum('queued'),
    rejected: sum('rejected'),
  };
}

/**
 * A batch of hosts, HOSTS_AT_ONCE at a time, each host's feeds one after another (one request at a time per
 * publisher). A host that throws is alerted and counted failed; the others go on. The result is the
 * batch's figures added up, so the Map's output stays small whatever the number of hosts.
 */
async function fetchHosts(hosts: ReadonlyArray<z.infer<typeof hostInput>>, now: Date, startedAt = Date.now()): Promise<HostFetchFigures> {
  const limit = pLimit(HOSTS_AT_ONCE);
  const figures = await Promise.all(
    hosts.map(({ host, feedIds }) =>
      limit(async () => {
        if (Date.now() - startedAt > START_HOSTS_WITHIN_MS) return { deferredHosts: 1 };
        try {
          return { hosts: 1, ...(await fetchHost(feedIds, now)) };
        } catch (error) {
          logger.warn('host fetch failed', { host, error: error instanceof Error ? error.message : String(error) });
          return alertHostFailure(host, { Error: error instanceof Error ? error.name : 'Error', Cause: error instanceof Error ? error.message : String(error) });
        }
      }),
    ),
  );
  return addFetchFigures(figures);
}

export const handler = withRunMetrics('fetch-feeds', async (event: unknown) => {
  const request = input.parse(event);
  if (request.step === 'fetch-hosts') return fetchHosts(request.hosts, new Date(request.now));
  return fetchHost(request.feedIds, new Date(request.now));
});
