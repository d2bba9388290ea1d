import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { arrivalTime, asyncFailureRecord, compareSequenceNumbers, readDeadLetter, snsEventOf, streamBatchFailureRecord } from '#domain/operations/dead-letters.ts';
import { QueueStore } from '../../lib/local/queues.ts';
import { stack } from '../../lib/stack-description.ts';

describe('the on-failure record of a stream batch', () => {
  const record = streamBatchFailureRecord({
    requestId: 'r-1',
    functionArn: 'arn:aws:lambda:ap-south-1:000000000000:function:personalise',
    invokeCount: 6,
    at: new Date('2026-11-14T00:13:49.717Z'),
    shardId: 'shardId-1',
    streamArn: 'arn:aws:dynamodb:ap-south-1:000000000000:table/t/stream/2026-11-14T00:04:06.388',
    records: [
      { sequenceNumber: '800000000003126276362', arrivedAt: 1_794_615_199.4 },
      { sequenceNumber: '800000000003126276399', arrivedAt: 1_794_615_201 },
    ],
  });

  it('has the fields AWS sends (the Lambda developer guide\'s example), metadata only', () => {
    expect(record).toEqual({
      requestContext: { requestId: 'r-1', functionArn: 'arn:aws:lambda:ap-south-1:000000000000:function:personalise', condition: 'RetryAttemptsExhausted', approximateInvokeCount: 6 },
      responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
      version: '1.0',
      timestamp: '2026-11-14T00:13:49.717Z',
      DDBStreamBatchInfo: {
        shardId: 'shardId-1',
        startSequenceNumber: '800000000003126276362',
        endSequenceNumber: '800000000003126276399',
        approximateArrivalOfFirstRecord: arrivalTime(1_794_615_199.4),
        approximateArrivalOfLastRecord: arrivalTime(1_794_615_201),
        batchSize: 2,
        streamArn: 'arn:aws:dynamodb:ap-south-1:000000000000:table/t/stream/2026-11-14T00:04:06.388',
      },
    });
    expect(arrivalTime(1_794_615_199.4)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });

  it('is read back as a stream batch to fetch from the stream', () => {
    expect(readDeadLetter(JSON.stringify(record))).toEqual({ kind: 'stream-batch', batch: record.DDBStreamBatchInfo });
  });

  it('refuses an empty batch', () => {
    expect(() => streamBatchFailureRecord({ requestId: 'r', functionArn: 'f', invokeCount: 1, at: new Date(), shardId: 's', streamArn: 'a', records: [] })).toThrow();
  });
});

describe('reading a dead letter', () => {
  it('takes the event out of an asynchronous invocation record', () => {
    const event = { Records: [{ Sns: { Message: '{}' } }] };
    const record = asyncFailureRecord({ requestId: 'r', functionArn: 'f', invokeCount: 3, at: new Date(), event, error: new TypeError('boom') });
    expect(record.responsePayload).toEqual({ errorType: 'TypeError', errorMessage: 'boom' });
    expect(readDeadLetter(JSON.stringify(record))).toEqual({ kind: 'event', event });
  });

  it('wraps a bare SNS message (the subscription\'s own dead letter) as the event SNS would have sent', () => {
    const message = { Type: 'Notification', MessageId: 'm', TopicArn: 'arn:aws:sns:ap-south-1:0:mail-events', Message: '{"eventType":"Bounce"}' };
    const letter = readDeadLetter(JSON.stringify(message));
    expect(letter).toEqual({ kind: 'sns-message', message });
    expect(snsEventOf(message, 'sub').Records[0]).toMatchObject({ EventSource: 'aws:sns', Sns: message });
  });

  it('says why it cannot read anything else', () => {
    expect(readDeadLetter('not json')).toMatchObject({ kind: 'unreadable' });
    expect(readDeadLetter('[1]')).toMatchObject({ kind: 'unreadable' });
    expect(readDeadLetter('{"DDBStreamBatchInfo":{"shardId":1}}')).toMatchObject({ kind: 'unreadable' });
    expect(readDeadLetter('{"hello":"world"}')).toMatchObject({ kind: 'unreadable' });
  });
});

describe('stream sequence numbers', () => {
  it('compare as numbers, not as text', () => {
    expect(compareSequenceNumbers('9', '10')).toBeLessThan(0);
    expect(compareSequenceNumbers('800000000003126276399', '800000000003126276362')).toBeGreaterThan(0);
    expect(compareSequenceNumbers('000123', '123')).toBe(0);
  });
});

describe('the described dead letters', () => {
  it('give every stream consumer halving, retries and a queue of its own, and list every queue once', () => {
    for (const consumer of stack.streamConsumers) {
      expect(consumer.onError).toEqual({ bisectBatchOnError: true, retryAttempts: 5, deadLetterQueue: `stream-${consumer.name}` });
      expect(stack.deadLetterQueues).toContainEqual({ name: consumer.onError.deadLetterQueue, source: 'stream', fn: consumer.fn });
    }
    expect(stack.deadLetterQueues).toContainEqual({ name: stack.mailEvents.deadLetterQueue, source: 'mail-events', fn: stack.mailEvents.fn });
    expect(new Set(stack.deadLetterQueues.map((queue) => queue.name)).size).toBe(stack.deadLetterQueues.length);
    // Lambda takes 0-2 retries of an asynchronous invocation.
    expect(stack.mailEvents.retryAttempts).toBeGreaterThanOrEqual(0);
    expect(stack.mailEvents.retryAttempts).toBeLessThanOrEqual(2);
  });
});

describe('the SQS stand-in\'s queues', () => {
  const fresh = () => {
    let clock = 1_000_000;
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'cnh-sqs-')), 'sqs.json');
    const store = new QueueStore(file, 'ap-south-1', () => clock);
    return { store, file, tick: (ms: number) => (clock += ms), now: () => clock };
  };

  it('hides a received message for the visibility timeout, counts its receives, and keeps it until deleted', () => {
    const { store, tick } = fresh();
    store.create('q');
    store.send('q', 'one');
    const [first] = store.receive('q', 10, 30);
    expect(first?.receiveCount).toBe(1);
    const firstHandle = first?.receiptHandle;
    expect(store.receive('q', 10, 30)).toEqual([]);
    expect(store.attributes('q')).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '1' });
    tick(30_000);
    const [again] = store.receive('q', 10, 30);
    expect(again?.receiveCount).toBe(2);
    // An old receipt handle deletes nothing, as on SQS.
    store.delete('q', firstHandle);
    expect(store.attributes('q').ApproximateNumberOfMessagesNotVisible).toBe('1');
    store.delete('q', again?.receiptHandle);
    expect(store.attributes('q')).toMatchObject({ ApproximateNumberOfMessages: '0', ApproximateNumberOfMessagesNotVisible: '0' });
  });

  it('gives at most MaxNumberOfMessages, and refuses more than 10', () => {
    const { store } = fresh();
    store.create('q');
    for (let index = 0; index < 12; index += 1) store.send('q', `m${index}`);
    expect(store.receive('q', 3, 30).map((message) => message.body)).toEqual(['m0', 'm1', 'm2']);
    expect(() => store.receive('q', 11, 30)).toThrow(/MaxNumberOfMessages/);
  });

  it('keeps its queues and messages across a restart', () => {
    const { store, file, now } = fresh();
    store.create('q');
    store.send('q', 'kept');
    const restarted = new QueueStore(file, 'ap-south-1', now);
    expect(restarted.names()).toEqual(['q']);
    expect(restarted.receive('q', 1, 0)[0]?.body).toBe('kept');
  });

  it('answers a missing queue as SQS does', () => {
    const { store } = fresh();
    expect(() => store.send('nope', 'x')).toThrow('The specified queue does not exist.');
  });
});
