import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
} from '@aws-sdk/client-dynamodb-streams';
import { randomUUID } from 'node:crypto';
import { streamBatchFailureRecord, type StreamBatchFailureRecord } from '#domain/operations/dead-letters.ts';
import { passesFilters } from '#domain/operations/event-filter.ts';
import type { toLambdaStreamRecord as toLambdaRecord } from '#adapters/table-stream.ts';
import type { StreamErrorHandling } from '../stack-description.ts';

export interface StreamPollerOptions {
  dynamodb: DynamoDBClient;
  streams: DynamoDBStreamsClient;
  tableName: string;
  region: string;
  /** File that keeps the last delivered sequence number per shard, so a restart neither loses nor repeats. */
  checkpointFile: string;
  batchSize: number;
  /** The consumer's filter patterns (stack description); records that match none are skipped, as in Lambda. */
  filters?: readonly Record<string, unknown>[] | undefined;
  intervalMs?: number;
  /** Receives batches in the Lambda DynamoDBStreamEvent shape; a throw retries the same batch. */
  deliver: (event: { Records: unknown[] }) => Promise<void>;
  /**
   * The consumer's error handling (stack description): a batch it throws on is halved and retried, and after the
   * retries its on-failure record goes to `onFailure` and the shard moves on, as the event source mapping does.
   * Absent: the batch is retried until it passes (Lambda's default, until the records expire).
   */
  onError?: Pick<StreamErrorHandling, 'bisectBatchOnError' | 'retryAttempts'> & {
    functionArn: string;
    onFailure: (record: StreamBatchFailureRecord) => Promise<void>;
    log?: (line: string) => void;
  };
}

/** A record on its way to the consumer, with what its on-failure record would name. */
interface PendingRecord {
  lambda: ReturnType<typeof toLambdaRecord>;
  sequenceNumber: string;
  arrivedAt: number;
}

/**
 * Polls the table's stream as Lambda's event source mapping does: every shard, in order, batches of
 * `batchSize`; a batch the consumer throws on is handled as `onError` says (else retried until accepted).
 */
export function startStreamPoller(options: StreamPollerOptions): { stop: () => Promise<void>; idle: () => Promise<void> } {
  const checkpoints: Record<string, string> = existsSync(options.checkpointFile)
    ? (JSON.parse(readFileSync(options.checkpointFile, 'utf8')) as Record<string, string>)
    : {};
  const closedShards = new Set<string>();
  const iterators = new Map<string, string>();
  let running = true;
  let streamArn: string | undefined;
  let afterNextCycle: Array<() => void> = [];

  async function iteratorFor(shardId: string): Promise<string | undefined> {
    const known = iterators.get(shardId);
    if (known) return known;
    const after = checkpoints[shardId];
    const { ShardIterator } = await options.streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ShardIteratorType: after ? 'AFTER_SEQUENCE_NUMBER' : 'TRIM_HORIZON',
        SequenceNumber: after,
      }),
    );
    return ShardIterator;
  }

  /**
   * One batch through the consumer, as the event source mapping treats a function error: halve a failing batch
   * (halving uses no retry attempt) until the record that fails is alone, retry it, then describe it in the
   * dead-letter queue and move on. Halves go in stream order, so one item's changes still arrive in order.
   */
  async function deliverBatch(batch: PendingRecord[], shardId: string, retriesUsed = 0): Promise<void> {
    try {
      await options.deliver({ Records: batch.map((record) => record.lambda) });
      return;
    } catch (error) {
      const onError = options.onError;
      if (!onError) throw error;
      if (onError.bisectBatchOnError && batch.length > 1) {
        const middle = Math.ceil(batch.length / 2);
        await deliverBatch(batch.slice(0, middle), shardId);
        await deliverBatch(batch.slice(middle), shardId);
        return;
      }
      if (retriesUsed < onError.retryAttempts) return deliverBatch(batch, shardId, retriesUsed + 1);
      const failure = streamBatchFailureRecord({
        requestId: randomUUID(),
        functionArn: onError.functionArn,
        invokeCount: retriesUsed + 1,
        at: new Date(),
        shardId,
        streamArn: streamArn as string,
        records: batch.map((record) => ({ sequenceNumber: record.sequenceNumber, arrivedAt: record.arrivedAt })),
      });
      // If the queue cannot take it the poll fails and the page comes again: at least once, never lost.
      await onError.onFailure(failure);
      onError.log?.(`Stream batch of ${batch.length} gave up after ${retriesUsed + 1} attempts (${error instanceof Error ? error.message : String(error)}): described in the dead-letter queue`);
    }
  }

  async function pollOnce(): Promise<void> {
    if (!streamArn) {
      const table = await options.dynamodb.send(new DescribeTableCommand({ TableName: options.tableName }));
      streamArn = table.Table?.LatestStreamArn;
      if (!streamArn) return;
    }
    const { StreamDescription } = await options.streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    for (const shard of StreamDescription?.Shards ?? []) {
      const shardId = shard.ShardId;
      if (!shardId || closedShards.has(shardId)) continue;
      // Parents first, so records of one item arrive in order across shard splits.
      if (shard.ParentShardId && !closedShards.has(shard.ParentShardId) && StreamDescription?.Shards?.some((s) => s.ShardId === shard.ParentShardId)) continue;
      let iterator = await iteratorFor(shardId);
      while (running && iterator) {
        let page;
        try {
          page = await options.streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: options.batchSize }));
        } catch (error) {
          if (error instanceof ExpiredIteratorException) {
            iterators.delete(shardId);
            break;
          }
          throw error;
        }
        const records = page.Records ?? [];
        // Imported when first needed: the adapter's module reads the functions' settings, which the runtime sets
        // only after this file is loaded.
        const { toLambdaStreamRecord: toLambdaRecord } = await import('#adapters/table-stream.ts');
        const delivered: PendingRecord[] = records
          .map((record) => ({
            lambda: toLambdaRecord(record, streamArn as string, options.region),
            sequenceNumber: record.dynamodb?.SequenceNumber ?? '',
            arrivedAt: (record.dynamodb?.ApproximateCreationDateTime?.getTime() ?? Date.now()) / 1000,
          }))
          .filter((record) => passesFilters(options.filters, record.lambda));
        if (delivered.length) await deliverBatch(delivered, shardId);
        if (records.length) {
          const last = records[records.length - 1]?.dynamodb?.SequenceNumber;
          if (last) {
            checkpoints[shardId] = last;
            writeFileSync(options.checkpointFile, JSON.stringify(checkpoints));
          }
        }
        iterator = page.NextShardIterator;
        if (!iterator) {
          closedShards.add(shardId);
          iterators.delete(shardId);
        } else {
          iterators.set(shardId, iterator);
        }
        if (!records.length) break;
      }
    }
  }

  const loop = async () => {
    while (running) {
      const waiting = afterNextCycle;
      afterNextCycle = [];
      await pollOnce().catch((error: unknown) => {
        process.stderr.write(`[streams] ${error instanceof Error ? error.message : String(error)}\n`);
      });
      waiting.forEach((resolve) => resolve());
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 1000));
    }
  };
  const done = loop();

  return {
    stop: async () => {
      running = false;
      await done;
    },
    /** Resolves after a full poll that started after this call (tests wait for delivery with it). */
    idle: () => new Promise<void>((resolve) => afterNextCycle.push(resolve)),
  };
}

export function streamsClient(endpoint: string, region: string): DynamoDBStreamsClient {
  return new DynamoDBStreamsClient({ endpoint, region, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}
