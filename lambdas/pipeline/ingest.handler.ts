import * as z from '#domain/common/validation.ts';
import { ensureFeedSources, listDueFeeds } from '#store/feeds.ts';
import { writeDueHosts } from '#adapters/ingest-work.ts';
import { feedCatalogue } from '../services/feed-catalogue.ts';
import { classifyDrafts } from './classify-drafts.ts';
import { refreshHighlights } from './refresh-highlights.ts';
import { addFetchFigures, alertHostFailure } from './host-failure.ts';
import { executionFields, recordRun } from './runs.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';

/** Task steps of state-machines/ingest.asl.json, one Lambda, dispatched on `step`. */
const input = z.discriminatedUnion('step', [
  z.object({ step: z.literal('list-due'), now: z.iso.datetime() }),
  z.object({ step: z.literal('classify'), batchSize: z._default(z.int().check(z.minimum(1), z.maximum(500)), 100) }),
  z.object({ step: z.literal('refresh'), now: z.iso.datetime() }),
  z.object({ step: z.literal('alert'), hosts: z.array(z.string()), error: z.unknown() }),
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
 * Due feeds grouped by host, written to the work bucket: the Distributed Map reads them from there and runs
 * batches of hosts in parallel (bounded), each host's feeds one after another, so no publisher sees more
 * than one request at a time from us. Only the object's address and the counts pass through the state.
 */
async function listDue(now: Date) {
  const added = await ensureFeedSources(feedCatalogue());
  const due = await listDueFeeds(now);
  const byHost = new Map<string, string[]>();
  for (const feed of [...due].sort((a, b) => (a.priority ?? 5) - (b.priority ?? 5))) {
    const host = new URL(feed.url).host;
    byHost.set(host, [...(byHost.get(host) ?? []), feed.id]);
  }
  const hosts = [...byHost.entries()].map(([host, feedIds]) => ({ host, feedIds }));
  return { added, feeds: due.length, hosts: hosts.length, ...(await writeDueHosts(now, hosts)) };
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
      // Reached only when a whole batch's step failed after its retries (the Distributed Map child's Catch):
      // each of its hosts is alerted as the batch function alerts a host that fails on its own.
      return addFetchFigures(await Promise.all(request.hosts.map((host) => alertHostFailure(host, request.error))));
    }
    case 'record': {
      // One entry per Map child, each its batch's figures added up (a failed child's entry has none).
      const fetched = addFetchFigures(request.fetch as Array<Record<string, number>>);
      const stats = {
        mode: request.mode,
        hosts: fetched.hosts,
        // Hosts a batch had no time to start: still due, the next run fetches them.
        deferredHosts: fetched.deferredHosts,
        feeds: fetched.feeds,
        notModified: fetched.notModified,
        failedFeeds: fetched.failed,
        itemsFound: fetched.itemsFound,
        created: fetched.created,
        duplicates: fetched.duplicates + fetched.nearDuplicates,
        // Stories are classified as they are fetched; the classify loop's totals add the backlog it met.
        ...Object.fromEntries((['classified', 'published', 'queued', 'rejected'] as const).map((key) => [key, fetched[key] + (request.totals[key] ?? 0)])),
      };
      await recordRun('ingest', request, stats);
      return stats;
    }
  }
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('ingest', handleEvent);
