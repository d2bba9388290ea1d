import type { DynamoDBStreamEvent } from 'aws-lambda';
import { foldArticleTally } from '#store/article-tallies.ts';
import { logger } from '#core/logger.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';

/**
 * Folds articles' view and share tallies into the articles. The stream filter passes tallies holding
 * events; the event source's batching window gathers a batch, so each article is folded once per batch
 * however many views it had. A failure throws: the batch is retried (and folding twice is harmless:
 * a fold takes exactly what the tally holds, once).
 */
async function handleEvent(event: DynamoDBStreamEvent): Promise<void> {
  const ids = new Set(event.Records.map((record) => record.dynamodb?.NewImage?.id?.S).filter((id): id is string => Boolean(id)));
  let folded = 0;
  for (const id of ids) if (await foldArticleTally(id)) folded += 1;
  logger.info('tallies folded', { records: event.Records.length, articles: ids.size, folded });
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('fold-tallies', handleEvent);
