import * as z from '#domain/common/validation.ts';
import { ensureFeedSources, listDueFeeds } from '#store/feeds.ts';
import { raiseAlert } from '#store/operations.ts';
import { feedCatalogue } from '../services/feed-catalogue.ts';
import { classifyDrafts } from './classify-drafts.ts';
import { refreshHighlights } from './refresh-highlights.ts';
import { executionFields, recordRun } from './runs.ts';
import { withRunMetrics } from '#shared/platform/run-metrics.ts';

/** Task steps of state-machines/ingest.asl.json, one Lambda, dispatched on `step`. */
const input = z.discriminatedUnion('step', [
  z.object({ step: z.literal('list-due'), now: z.iso.datetime() }),
  z.object({ step: z.literal('classify'), batchSize: z._default(z.int().check(z.minimum(1), z.maximum(500)), 100) }),
  z.object({ step: z.literal('refresh'), now: z.iso.datetime() }),
  z.object({ step: z.literal('alert'), host: z.string(), error: z.unknown() }),
  z.object({
    step: z.literal('record'),
    ...executionFields,
    mode: z.string(),
    fetch: z._default(z.array(z.unknown()), []),
    totals: z.record(z.string(), z.number()),
    refresh: z.optional(z.unknown()),
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


async function handleEvent(event: unknown): Promise<unknown> {
  const request = input.parse(event);
  switch (request.step) {
    case 'list-due':
      return listDue(new Date(request.now));
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

/** The described function's entry: every invocation's duration and outcome are recorded (shared/platform/run-metrics.ts). */
export const handler = withRunMetrics('ingest', handleEvent);
