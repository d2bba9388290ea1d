import * as z from '#domain/common/validation.ts';
import { lifecycleCutoffs, purgeChange, storageSavedMb, type LifecycleRunStats } from '#domain/content/lifecycle.ts';
import type { ArticleStatus } from '#domain/content/article-status.ts';
import { changeArticleStatus, type StatusChange } from '#store/articles.ts';
import { listArticlesByStatus } from '#store/article-lists.ts';
import { logger } from '#core/logger.ts';
import { executionFields, recordRun } from './runs.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';

/** Articles one invocation moves; the state machine loops while more are due, so no run hits the Lambda timeout. */
const BATCH_SIZE = 200;

const input = z.discriminatedUnion('step', [
  z.object({ step: z.literal('archive'), now: z.iso.datetime() }),
  z.object({ step: z.literal('purge'), now: z.iso.datetime() }),
  z.object({
    step: z.literal('record'),
    ...executionFields,
    archivedCount: z.int(),
    purgedCount: z.int(),
  }),
]);

export type LifecycleInput = z.input<typeof input>;

export interface BatchResult {
  moved: number;
  more: boolean;
}

/**
 * Moves one batch of articles that have been in `from` since before the cutoff, oldest first.
 * `more` tells the state machine to call again.
 */
async function moveDueBatch(from: ArticleStatus, before: string, change: () => StatusChange): Promise<BatchResult> {
  const due = await listArticlesByStatus(from, { before, order: 'asc', limit: BATCH_SIZE });
  let moved = 0;
  for (const article of due.items) {
    if (await changeArticleStatus(article, change())) moved += 1;
  }
  return { moved, more: due.cursor !== null };
}

/** Rejected for more than 48 h -> archived. */
function archiveBatch(now: Date): Promise<BatchResult> {
  return moveDueBatch('rejected', lifecycleCutoffs(now).archiveBefore, () => {
    const at = new Date().toISOString();
    return { status: 'archived', at, set: { archivedAt: at } };
  });
}

/** Archived for more than 30 days -> purged: content emptied, hashes kept forever by the dedup records. */
function purgeBatch(now: Date): Promise<BatchResult> {
  return moveDueBatch('archived', lifecycleCutoffs(now).purgeBefore, () => purgeChange(new Date().toISOString()));
}

async function handleEvent(event: unknown): Promise<unknown> {
  const request = input.parse(event);
  switch (request.step) {
    case 'archive':
      return archiveBatch(new Date(request.now));
    case 'purge':
      return purgeBatch(new Date(request.now));
    case 'record': {
      const stats: LifecycleRunStats = {
        archivedCount: request.archivedCount,
        purgedCount: request.purgedCount,
        totalProcessed: request.archivedCount + request.purgedCount,
        storageSavedMb: storageSavedMb(request.purgedCount),
      };
      await recordRun('lifecycle', request, stats);
      logger.info('lifecycle run recorded', { executionId: request.executionId, ...stats });
      return stats;
    }
  }
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('lifecycle', handleEvent);
