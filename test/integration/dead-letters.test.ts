import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetQueueAttributesCommand, ReceiveMessageCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startInvokeStandIn, type InvokeStandIn } from '../../lib/local/lambda-invoke.ts';
import { startMailEventPoller } from '../../lib/local/mail-events.ts';
import { startQueueStandIn, type QueueStandIn } from '../../lib/local/queues.ts';
import { startStreamPoller, streamsClient } from '../../lib/local/streams.ts';
import { DEAD_LETTERS_ENVIRONMENT } from '../../lib/stack-description.ts';
import { local, useFreshTable } from '../support/aws.ts';

/**
 * Dead letters over the real local DynamoDB stream: a consumer that fails on one record has its batch halved
 * until that record is alone; after the retries the record's on-failure record (AWS's shape) lands in the
 * queue and the others are delivered; the Recovery redrive reads the record back from the stream and invokes
 * the consumer, deleting the message only when the consumer took it.
 */
type Delivered = { dynamodb: { SequenceNumber: string; Keys: { pk: { S: string } } } };

const dir = mkdtempSync(path.join(os.tmpdir(), 'cnh-dead-letters-'));
let tableName: string;
let dynamodb: DynamoDBClient;
let documents: DynamoDBDocumentClient;
let queues: QueueStandIn;
let invoke: InvokeStandIn;
let sqs: SQSClient;
let queueUrl: string;
let mailQueueUrl: string;
/** What the consumer was handed, call by call. */
const calls: string[][] = [];
let poisonFixed = false;

const consumer = async (event: unknown) => {
  const keys = (event as { Records: Delivered[] }).Records.map((record) => record.dynamodb.Keys.pk.S);
  calls.push(keys);
  if (!poisonFixed && keys.some((key) => key.startsWith('poison'))) throw new Error('Cannot handle the poison record');
};

async function until(condition: () => Promise<boolean> | boolean, tries = 150) {
  for (let attempt = 0; attempt < tries && !(await condition()); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}
const messagesIn = async (url: string) => {
  const { Attributes } = await sqs.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'] }));
  return Number(Attributes?.ApproximateNumberOfMessages) + Number(Attributes?.ApproximateNumberOfMessagesNotVisible);
};

beforeAll(async () => {
  tableName = await useFreshTable();
  dynamodb = new DynamoDBClient({});
  documents = DynamoDBDocumentClient.from(dynamodb);
  // Ports of this file's own stand-ins, clear of the runtime's (base .. base+12) and the browser suite's (+100).
  const base = local().portBase + 40;
  queues = await startQueueStandIn(base, dir, 'ap-south-1', ['stream-test', 'mail-test']);
  invoke = await startInvokeStandIn(base + 1, async (name) => (name === 'test-consumer' ? consumer : undefined));
  queueUrl = queues.queueUrl('stream-test');
  mailQueueUrl = queues.queueUrl('mail-test');
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SQS: queues.url,
    AWS_ENDPOINT_URL_LAMBDA: invoke.url,
    AWS_ENDPOINT_URL_DYNAMODB_STREAMS: local().urls.dynamodb,
    [DEAD_LETTERS_ENVIRONMENT]: JSON.stringify({ 'stream-test': { url: queueUrl, source: 'stream', functionName: 'test-consumer' } }),
  });
  sqs = new SQSClient({});
});

afterAll(async () => {
  sqs.destroy();
  dynamodb.destroy();
  await queues.close();
  await invoke.close();
});

describe('a stream consumer that fails on one record', () => {
  it('has its batch halved, the poison record described in the dead-letter queue after the retries, the others delivered', async () => {
    const poller = startStreamPoller({
      dynamodb,
      streams: streamsClient(local().urls.dynamodb, 'ap-south-1'),
      tableName,
      region: 'ap-south-1',
      checkpointFile: path.join(dir, 'checkpoint.json'),
      batchSize: 10,
      intervalMs: 100,
      deliver: async (event) => void (await consumer(event)),
      onError: {
        bisectBatchOnError: true,
        retryAttempts: 2,
        functionArn: 'arn:aws:lambda:ap-south-1:000000000000:function:test-consumer',
        onFailure: async (record) => void (await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(record) }))),
      },
    });
    // One write at a time, so the poller sees them in one page (a batch of four).
    for (const key of ['good-1', 'good-2', 'poison-3', 'good-4']) await documents.send(new PutCommand({ TableName: tableName, Item: { pk: key, sk: key } }));
    await until(async () => (await messagesIn(queueUrl)) === 1 && calls.flat().includes('good-4'));
    await poller.stop();

    const delivered = new Set(calls.filter((call) => !call.some((key) => key.startsWith('poison'))).flat());
    expect([...delivered].sort()).toEqual(['good-1', 'good-2', 'good-4']);
    // The poison record alone: tried once, then retried twice (halving used no attempt).
    expect(calls.filter((call) => call.length === 1 && call[0] === 'poison-3')).toHaveLength(3);

    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: queueUrl, VisibilityTimeout: 0 }));
    const record = JSON.parse(Messages?.[0]?.Body ?? '{}') as Record<string, Record<string, unknown>>;
    expect(record.requestContext).toMatchObject({ condition: 'RetryAttemptsExhausted', approximateInvokeCount: 3, functionArn: expect.stringContaining(':function:test-consumer') });
    expect(record.responseContext).toMatchObject({ functionError: 'Unhandled' });
    expect(record.version).toBe('1.0');
    const info = record.DDBStreamBatchInfo as Record<string, unknown>;
    expect(info).toMatchObject({ batchSize: 1, streamArn: expect.stringContaining(`table/${tableName}/stream/`), shardId: expect.any(String) });
    expect(info.startSequenceNumber).toBe(info.endSequenceNumber);
    expect(info.approximateArrivalOfFirstRecord).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // Metadata only, as on AWS: the records themselves are not in it.
    expect(JSON.stringify(record)).not.toContain('poison-3');
  });

  it('keeps the message when the redrive fails again, with its receive count', async () => {
    const { redriveDeadLetters } = await import('../../lambdas/services/dead-letters.ts');
    calls.length = 0;
    const results = await redriveDeadLetters({ visibilitySeconds: 0 });
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ queue: 'stream-test', result: 'failed', records: 1, error: expect.stringContaining('Cannot handle the poison record') });
    expect(results[0]?.receiveCount).toBeGreaterThanOrEqual(2);
    expect(calls).toEqual([['poison-3']]);
    expect(await messagesIn(queueUrl)).toBe(1);
  });

  it('delivers the record read back from the stream once the consumer is fixed, and empties the queue', async () => {
    const { deadLettersWaiting, redriveDeadLetters } = await import('../../lambdas/services/dead-letters.ts');
    expect(await deadLettersWaiting()).toEqual([{ queue: 'stream-test', source: 'stream', fn: 'test-consumer', waiting: 1 }]);
    poisonFixed = true;
    calls.length = 0;
    const results = await redriveDeadLetters({ visibilitySeconds: 0 });
    expect(results).toEqual([expect.objectContaining({ queue: 'stream-test', result: 'redriven', records: 1 })]);
    expect(calls).toEqual([['poison-3']]);
    expect(await messagesIn(queueUrl)).toBe(0);
    expect((await deadLettersWaiting())[0]?.waiting).toBe(0);
  });
});

describe('the mail events poller', () => {
  it('retries a throwing handler as Lambda retries an asynchronous invocation, then sends the invocation record', async () => {
    // aws-ses-v2-local's store, answering one mail to the bounce simulator.
    const mail = { messageId: 'mail-1', from: 'news@creatornewshub.local', destination: { to: ['bounce@simulator.amazonses.com'] }, at: Math.floor(Date.now() / 1000) + 5 };
    const store = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ emails: [mail] })));
    await new Promise<void>((resolve) => store.listen(local().portBase + 42, '127.0.0.1', resolve));
    let attempts = 0;
    const poller = startMailEventPoller({
      mailUrl: `http://127.0.0.1:${local().portBase + 42}`,
      region: 'ap-south-1',
      events: ['Bounce'],
      deliver: async () => {
        attempts += 1;
        throw new Error('suppression list unavailable');
      },
      onError: {
        retryAttempts: 2,
        functionArn: 'arn:aws:lambda:ap-south-1:000000000000:function:mail-events',
        onFailure: async (record) => void (await sqs.send(new SendMessageCommand({ QueueUrl: mailQueueUrl, MessageBody: JSON.stringify(record) }))),
      },
    });
    await until(async () => (await messagesIn(mailQueueUrl)) === 1);
    await poller.stop();
    store.closeAllConnections();
    await new Promise((resolve) => store.close(resolve));
    expect(attempts).toBe(3);
    const { Messages } = await sqs.send(new ReceiveMessageCommand({ QueueUrl: mailQueueUrl }));
    const record = JSON.parse(Messages?.[0]?.Body ?? '{}') as { requestContext: Record<string, unknown>; requestPayload: { Records: Array<{ Sns: { Message: string } }> }; responsePayload: Record<string, unknown> };
    expect(record.requestContext).toMatchObject({ condition: 'RetriesExhausted', approximateInvokeCount: 3 });
    expect(record.responsePayload).toMatchObject({ errorMessage: 'suppression list unavailable' });
    expect(JSON.parse(record.requestPayload.Records[0]?.Sns.Message ?? '{}')).toMatchObject({ eventType: 'Bounce' });
  });
});
