import * as z from '#domain/common/validation.ts';
import { saveSearchSnapshot, type SavedSnapshot } from '../services/article-search.ts';
import { logger } from '#core/logger.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';

/** Which run asks (for the log): the ingest and lifecycle state machines both end with this step. */
const input = z.object({ after: z.enum(['ingest', 'lifecycle']) });

/**
 * The search index snapshot step: the public articles' index, brought up to date, written to S3 for the
 * articles instances to start from (so a cold start reads one object, not the table): the archive months
 * whose articles changed, then the recent tier naming them.
 */
async function handleEvent(event: unknown): Promise<SavedSnapshot & { ms: number }> {
  const { after } = input.parse(event);
  const startedAt = Date.now();
  const saved = await saveSearchSnapshot();
  const ms = Date.now() - startedAt;
  logger.info('search snapshot saved', { after, ...saved, ms });
  return { ...saved, ms };
}

export const handler = withRunMetrics('search-snapshot', handleEvent);
