import { DynamoDBStreamsClient, GetRecordsCommand, GetShardIteratorCommand, type _Record as StreamRecord } from '@aws-sdk/client-dynamodb-streams';
import { compareSequenceNumbers } from '#domain/operations/dead-letters.ts';
import { clientSettings, watched } from './aws-clients.ts';

/**
 * The table's stream read back: the records of one shard between two sequence numbers, in the shape Lambda's
 * event source mapping hands a consumer (the local poller builds its batches with the same function). Locally
 * the SDK reaches DynamoDB Local's stream through AWS_ENDPOINT_URL_DYNAMODB_STREAMS.
 */

let client: DynamoDBStreamsClient | undefined;
const streams = () => (client ??= watched(new DynamoDBStreamsClient(clientSettings()), 'dynamodb'));

/** A stream record as Lambda's event source mapping hands it over. */
export function toLambdaStreamRecord(record: StreamRecord, streamArn: string, region: string) {
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
export type LambdaStreamRecord = ReturnType<typeof toLambdaStreamRecord>;

/** Thrown when the records are no longer in the stream (it keeps them 24 hours) or the shard is gone. */
export class StreamRecordsGoneError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StreamRecordsGoneError';
  }
}

const PAGE_LIMIT = 1000;
const MAX_PAGES = 20;

export async function readStreamRange(range: { streamArn: string; shardId: string; startSequenceNumber: string; endSequenceNumber: string }): Promise<LambdaStreamRecord[]> {
  // arn:aws:dynamodb:<region>:<account>:table/<name>/stream/<label>
  const region = range.streamArn.split(':')[3] ?? '';
  let iterator: string | undefined;
  try {
    ({ ShardIterator: iterator } = await streams().send(
      new GetShardIteratorCommand({ StreamArn: range.streamArn, ShardId: range.shardId, ShardIteratorType: 'AT_SEQUENCE_NUMBER', SequenceNumber: range.startSequenceNumber }),
    ));
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (/^(TrimmedDataAccessException|ResourceNotFoundException)$/.test(name)) throw new StreamRecordsGoneError(`The batch's records are no longer in the stream (${name})`);
    throw error;
  }
  const records: LambdaStreamRecord[] = [];
  for (let page = 0; iterator && page < MAX_PAGES; page += 1) {
    const answer = await streams().send(new GetRecordsCommand({ ShardIterator: iterator, Limit: PAGE_LIMIT }));
    for (const record of answer.Records ?? []) {
      const sequence = record.dynamodb?.SequenceNumber ?? '';
      if (compareSequenceNumbers(sequence, range.endSequenceNumber) > 0) return records;
      records.push(toLambdaStreamRecord(record, range.streamArn, region));
      if (compareSequenceNumbers(sequence, range.endSequenceNumber) === 0) return records;
    }
    // An open shard answers an empty page at its end; nothing more of the range is coming.
    if (!answer.Records?.length) break;
    iterator = answer.NextShardIterator;
  }
  return records;
}
