import * as z from 'zod';
import { NEAR_DUPLICATE_WINDOW_DAYS } from '#domain/simhash.ts';
import { recentFingerprints } from '#store/articles.ts';
import { ensureFeedSources, getFeedSource, listDueFeeds } from '#store/feeds.ts';
import { raiseAlert } from '#store/operations.ts';
import { currentSettings } from '#store/settings.ts';
import { config } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import { feedCatalogue } from './catalogue.ts';
import { classifyDrafts } from './classify-drafts.ts';
import { recordFailedCheck, refreshFeed, type RefreshStats } from './refresh-feed.ts';
import { refreshHighlights } from './refresh-highlights.ts';
import { executionFields, recordRun } from './runs.ts';
import { withRunMetrics } from '#shared/run-metrics.ts';

/** Task steps of state-machines/ingest.asl.json, one Lambda, dispatched on `step`. */
const input = z.discriminatedUnion('step', [
  z.object({ step: z.literal('list-due'), now: z.string().datetime() }),
  z.object({ step: z.literal('fetch-host'), host: z.string(), feedIds: z.array(z.string()), now: z.string().datetime() }),
  z.object({ step: z.literal('classify'), batchSize: z.number().int().min(1).max(500).default(100) }),
  z.object({ step: z.literal('refresh'), now: z.string().datetime() }),
  z.object({ step: z.literal('alert'), host: z.string(), error: z.unknown() }),
  z.object({
    step: z.literal('record'),
    ...executionFields,
    mode: z.string(),
    fetch: z.array(z.unknown()).default([]),
    totals: z.record(z.string(), z.number()),
    refresh: z.unknown().optional(),
  }),
]);

export type IngestInput = z.input<typeof input>;

/**
 * Due feeds grouped by host: the Map state runs hosts in parallel (bounded) and each host's feeds one
 * after another, so no publisher sees more than one request at a time from us.
 */
async function listDue(now: Date) {
  const added = await ensureFeedSources(feedCatalogue());
  const due = await listDueFeeds(now);
  const byHost = new Map<string, string[]>();
  for (const feed of [...due].sort((a, b) => (a.priority ?? 5) - (b.priority ?? 5))) {
    const host = new URL(feed.url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), feed.id]);
  }
  return { added, feeds: due.length, hosts: [...byHost.entries()].map(([host, feedIds]) => ({ host, feedIds })) };
}

async function fetchHost(feedIds: string[], now: Date) {
  const fingerprints = await recentFingerprints(NEAR_DUPLICATE_WINDOW_DAYS, now);
  const results: RefreshStats[] = [];
  const { feedIntervalMinutes } = await currentSettings();
  for (const feedId of feedIds) {
    const feed = await getFeedSource(feedId);
    if (!feed) continue;
    const stats = await refreshFeed(feed, { timeoutMs: config.FEED_TIMEOUT_MS, maxBytes: config.FEED_MAX_BYTES, now, fingerprints, intervalMinutes: feedIntervalMinutes }).catch((error: unknown) =>
      // A throw past the feed's own faults (a store write, a bug) ends this feed's check only: it is recorded
      // on the feed with its backoff, and the host's other feeds still run.
      recordFailedCheck(feed, { now, error: `Refresh failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, intervalMinutes: feedIntervalMinutes }),
    );
    if (stats.outcome === 'failed') {
      logger.warn('feed check failed', { feedId, error: stats.error });
      await raiseAlert({ severity: (feed.consecutiveFailures ?? 0) + 1 >= 3 ? 'high' : 'medium', alertType: 'feed-failure', message: `${feed.name}: ${stats.error}`, context: { feedId } });
    }
    results.push(stats);
  }
  const sum = (key: 'itemsFound' | 'created' | 'duplicates' | 'nearDuplicates') => results.reduce((total, r) => total + r[key], 0);
  return {
    feeds: results.length,
    notModified: results.filter((r) => r.outcome === 'not-modified').length,
    failed: results.filter((r) => r.outcome === 'failed').length,
    itemsFound: sum('itemsFound'),
    created: sum('created'),
    duplicates: sum('duplicates'),
    nearDuplicates: sum('nearDuplicates'),
  };
}

async function handleEvent(event: unknown): Promise<unknown> {
  const request = input.parse(event);
  switch (request.step) {
    case 'list-due':
      return listDue(new Date(request.now));
    case 'fetch-host':
      return fetchHost(request.feedIds, new Date(request.now));
    case 'classify':
      return classifyDrafts(request.batchSize);
    case 'refresh':
      return refreshHighlights(new Date(request.now));
    case 'alert': {
      // Reached only when a whole host's step failed after its retries (the Map's Catch).
      await raiseAlert({ severity: 'high', alertType: 'ingest-step-failure', message: `Fetching ${request.host} failed`, context: { error: request.error } });
      return { feeds: 0, notModified: 0, failed: 1, itemsFound: 0, created: 0, duplicates: 0, nearDuplicates: 0 };
    }
    case 'record': {
      const fetch = request.fetch as Array<Record<string, number>>;
      const add = (key: string) => fetch.reduce((total, host) => total + (host[key] ?? 0), 0);
      const stats = {
        mode: request.mode,
        hosts: fetch.length,
        feeds: add('feeds'),
        notModified: add('notModified'),
        failedFeeds: add('failed'),
        itemsFound: add('itemsFound'),
        created: add('created'),
        duplicates: add('duplicates') + add('nearDuplicates'),
        ...request.totals,
      };
      await recordRun('ingest', request, stats);
      return stats;
    }
  }
}

/** The described function's entry: every invocation's duration and outcome are recorded (shared/run-metrics.ts). */
export const handler = withRunMetrics('ingest', handleEvent);
