import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { DescribeTableCommand, type DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import { passesFilters } from './event-filter.ts';

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
}

/** A stream record as Lambda's event source mapping hands it over. */
function toLambdaRecord(record: StreamRecord, streamArn: string, region: string) {
  const created = record.dynamodb?.ApproximateCreationDateTime;
  return {
    eventID: record.eventID,
    eventName: record.eventName,
    eventVersion: record.eventVersion ?? '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: region,
    dynamodb: { ...record.dynamodb, ApproximateCreationDateTime: created ? created.getTime() / 1000 : undefined },
    eventSourceARN: streamArn,
  };
}

/**
 * Polls the table's stream as Lambda's event source mapping does: every shard, in order, batches of
 * `batchSize`, retrying a batch until the consumer accepts it.
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
        const delivered = records.map((record) => toLambdaRecord(record, streamArn as string, options.region)).filter((record) => passesFilters(options.filters, record));
        if (delivered.length) await options.deliver({ Records: delivered });
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
