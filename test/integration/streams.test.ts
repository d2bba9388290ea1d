import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStreamPoller, streamsClient } from '../../lib/local/streams.ts';
import { local, useFreshTable } from '../support/aws.ts';

type Delivered = { eventName: string; eventSource: string; dynamodb: { Keys: { pk: { S: string } }; NewImage?: Record<string, { S?: string }> } };

let tableName: string;
let dynamodb: DynamoDBClient;
let documents: DynamoDBDocumentClient;
const checkpointFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'cnh-stream-')), 'checkpoint.json');

function poller(received: Delivered[]) {
  return startStreamPoller({
    dynamodb,
    streams: streamsClient(local().urls.dynamodb, 'ap-south-1'),
    tableName,
    region: 'ap-south-1',
    checkpointFile,
    batchSize: 10,
    intervalMs: 100,
    deliver: async (event) => {
      received.push(...(event.Records as Delivered[]));
    },
  });
}

beforeAll(async () => {
  tableName = await useFreshTable();
  dynamodb = new DynamoDBClient({});
  documents = DynamoDBDocumentClient.from(dynamodb);
});

afterAll(() => dynamodb.destroy());

async function until(condition: () => boolean) {
  for (let attempt = 0; attempt < 100 && !condition(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('the local stream poller', () => {
  it('delivers inserts, updates and deletes in order, in the Lambda event shape', async () => {
    const received: Delivered[] = [];
    const running = poller(received);
    await documents.send(new PutCommand({ TableName: tableName, Item: { pk: 'a', sk: 'a', title: 'first' } }));
    await documents.send(new UpdateCommand({ TableName: tableName, Key: { pk: 'a', sk: 'a' }, UpdateExpression: 'SET title = :t', ExpressionAttributeValues: { ':t': 'second' } }));
    await documents.send(new DeleteCommand({ TableName: tableName, Key: { pk: 'a', sk: 'a' } }));
    await until(() => received.length >= 3);
    await running.stop();
    expect(received.map((record) => record.eventName)).toEqual(['INSERT', 'MODIFY', 'REMOVE']);
    expect(received[0]?.eventSource).toBe('aws:dynamodb');
    expect(received[1]?.dynamodb.NewImage?.title?.S).toBe('second');
  });

  it('resumes after a restart from its checkpoint, without repeating records', async () => {
    const received: Delivered[] = [];
    const restarted = poller(received);
    await documents.send(new PutCommand({ TableName: tableName, Item: { pk: 'b', sk: 'b' } }));
    await until(() => received.length >= 1);
    await restarted.idle();
    await restarted.stop();
    expect(received.map((record) => record.dynamodb.Keys.pk.S)).toEqual(['b']);
  });
});
