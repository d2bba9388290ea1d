/**
 * Dead letters: what AWS writes to a dead-letter queue when an asynchronous consumer gives up, and how the
 * Recovery screen's redrive reads them back. Two writers, two shapes (both in the AWS Lambda developer guide):
 *
 * - a DynamoDB stream event source mapping's on-failure destination gets an invocation record that describes
 *   the failed batch (`DDBStreamBatchInfo`: shard, first and last sequence numbers, size, stream) and carries
 *   none of its records: they must be read back from the stream within its 24 hours;
 * - an asynchronous invocation (SNS -> the mail-events function) that failed its retries goes to the function's
 *   on-failure destination as an invocation record whose `requestPayload` is the whole event; a message the
 *   SNS subscription itself could not deliver lands in the same queue as the bare SNS message envelope.
 *
 * The local runtime writes the same records (lib/local/streams.ts, lib/local/mail-events.ts).
 */

export interface StreamBatchInfo {
  shardId: string;
  startSequenceNumber: string;
  endSequenceNumber: string;
  approximateArrivalOfFirstRecord: string;
  approximateArrivalOfLastRecord: string;
  batchSize: number;
  streamArn: string;
}

/** The on-failure invocation record of a stream batch, as Lambda sends it to an SQS destination. */
export interface StreamBatchFailureRecord {
  requestContext: { requestId: string; functionArn: string; condition: 'RetryAttemptsExhausted'; approximateInvokeCount: number };
  responseContext: { statusCode: number; executedVersion: string; functionError: 'Unhandled' };
  version: '1.0';
  timestamp: string;
  DDBStreamBatchInfo: StreamBatchInfo;
}

/** The on-failure invocation record of an asynchronous invocation (requestPayload is the event). */
export interface AsyncFailureRecord {
  version: '1.0';
  timestamp: string;
  requestContext: { requestId: string; functionArn: string; condition: 'RetriesExhausted'; approximateInvokeCount: number };
  requestPayload: unknown;
  responseContext: { statusCode: number; executedVersion: string; functionError: 'Unhandled' };
  responsePayload: { errorType: string; errorMessage: string };
}

/** A stream record's arrival time, as the on-failure record writes it: ISO 8601 to the second. */
export const arrivalTime = (epochSeconds: number): string => new Date(Math.floor(epochSeconds) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

export function streamBatchFailureRecord(input: {
  requestId: string;
  functionArn: string;
  invokeCount: number;
  at: Date;
  shardId: string;
  streamArn: string;
  /** The batch's records in stream order: sequence number and arrival (epoch seconds). */
  records: ReadonlyArray<{ sequenceNumber: string; arrivedAt: number }>;
}): StreamBatchFailureRecord {
  const first = input.records[0];
  const last = input.records[input.records.length - 1];
  if (!first || !last) throw new Error('A failed batch has at least one record');
  return {
    requestContext: { requestId: input.requestId, functionArn: input.functionArn, condition: 'RetryAttemptsExhausted', approximateInvokeCount: input.invokeCount },
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    version: '1.0',
    timestamp: input.at.toISOString(),
    DDBStreamBatchInfo: {
      shardId: input.shardId,
      startSequenceNumber: first.sequenceNumber,
      endSequenceNumber: last.sequenceNumber,
      approximateArrivalOfFirstRecord: arrivalTime(first.arrivedAt),
      approximateArrivalOfLastRecord: arrivalTime(last.arrivedAt),
      batchSize: input.records.length,
      streamArn: input.streamArn,
    },
  };
}

export function asyncFailureRecord(input: { requestId: string; functionArn: string; invokeCount: number; at: Date; event: unknown; error: unknown }): AsyncFailureRecord {
  const error = input.error instanceof Error ? { errorType: input.error.name, errorMessage: input.error.message } : { errorType: 'Error', errorMessage: String(input.error) };
  return {
    version: '1.0',
    timestamp: input.at.toISOString(),
    requestContext: { requestId: input.requestId, functionArn: input.functionArn, condition: 'RetriesExhausted', approximateInvokeCount: input.invokeCount },
    requestPayload: input.event,
    responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
    responsePayload: error,
  };
}

/** What the redrive does with one dead letter. */
export type DeadLetter =
  | { kind: 'stream-batch'; batch: StreamBatchInfo }
  /** Invoke the function with this event again. */
  | { kind: 'event'; event: unknown }
  /** A bare SNS message envelope (the subscription's own dead letter): invoke with it as an SNS event's one record. */
  | { kind: 'sns-message'; message: Record<string, unknown> }
  | { kind: 'unreadable'; reason: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readDeadLetter(body: string): DeadLetter {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { kind: 'unreadable', reason: 'The message is not JSON' };
  }
  if (!isObject(parsed)) return { kind: 'unreadable', reason: 'The message is not a JSON object' };
  const info = parsed.DDBStreamBatchInfo;
  if (isObject(info)) {
    const { shardId, startSequenceNumber, endSequenceNumber, streamArn, batchSize } = info;
    if (typeof shardId !== 'string' || typeof startSequenceNumber !== 'string' || typeof endSequenceNumber !== 'string' || typeof streamArn !== 'string') {
      return { kind: 'unreadable', reason: 'The stream batch record names no shard, sequence numbers or stream' };
    }
    return { kind: 'stream-batch', batch: { ...(info as unknown as StreamBatchInfo), batchSize: Number(batchSize ?? 0) } };
  }
  if ('requestPayload' in parsed && isObject(parsed.requestContext)) return { kind: 'event', event: parsed.requestPayload };
  if (parsed.Type === 'Notification' && typeof parsed.Message === 'string') return { kind: 'sns-message', message: parsed };
  return { kind: 'unreadable', reason: 'Neither a stream batch record, an invocation record nor an SNS message' };
}

/** The Lambda event SNS would have delivered for a bare SNS message envelope. */
export function snsEventOf(message: Record<string, unknown>, subscriptionArn: string) {
  return { Records: [{ EventSource: 'aws:sns', EventVersion: '1.0', EventSubscriptionArn: subscriptionArn, Sns: message }] };
}

/**
 * Stream sequence numbers are decimal strings of up to 40 digits: compared as numbers (by length, then
 * digit by digit), never as text ("9" < "10").
 */
export function compareSequenceNumbers(a: string, b: string): number {
  const left = a.replace(/^0+(?=\d)/, '');
  const right = b.replace(/^0+(?=\d)/, '');
  if (left.length !== right.length) return left.length - right.length;
  return left < right ? -1 : left > right ? 1 : 0;
}
