import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { CognitoIdentityProviderClient, ListUsersCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient, PutItemCommand, TransactWriteItemsCommand, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { GetScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FaultInjector, parseFaultPlan, startFaultProxy, type FaultKind, type FaultProxy, type FaultService } from '../../lib/local/faults.ts';

/**
 * The injector's errors read by the real SDK clients: each fault must arrive as the exception AWS would raise
 * (so the code under test meets what it meets in Lambda), and the SDK's own retries must see it as AWS's.
 */

const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };
const region = 'ap-south-1';
let upstream: http.Server;
let upstreamCalls = 0;
const injector = new FaultInjector();
const proxies = new Map<FaultService, FaultProxy>();

beforeAll(async () => {
  // Stands for every stand-in: answers each call as a success of nothing (`{}` is a valid PutItem answer).
  upstream = http.createServer((request, response) => {
    upstreamCalls += 1;
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const target = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  for (const service of ['dynamodb', 'ses', 's3', 'stepfunctions', 'scheduler', 'cognito', 'razorpay'] as const) {
    proxies.set(service, await startFaultProxy(service, target, injector));
  }
});

afterAll(async () => {
  await Promise.all([...proxies.values()].map((proxy) => proxy.close()));
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

afterEach(() => {
  injector.clear();
  injector.resetCounts();
  upstreamCalls = 0;
});

const endpoint = (service: FaultService) => proxies.get(service)?.url as string;
const once = { maxAttempts: 1, region, credentials };

async function errorOf(call: () => Promise<unknown>): Promise<Error & { $metadata?: { httpStatusCode?: number; attempts?: number }; code?: string }> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

function plan(service: FaultService | '*', fault: FaultKind, extra: object = {}) {
  injector.setPlan({ rules: [{ service, fault, ...extra }] });
}

const putItem = (client: DynamoDBClient) => client.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' } } }));

describe('each fault reaches the SDK as the error AWS answers', () => {
  it.each([
    ['throttle', 'ThrottlingException', 400],
    ['throughput-exceeded', 'ProvisionedThroughputExceededException', 400],
    ['server-error', 'InternalServerError', 500],
  ] as const)('DynamoDB %s -> %s', async (fault, name, status) => {
    plan('dynamodb', fault);
    const error = await errorOf(() => putItem(new DynamoDBClient({ ...once, endpoint: endpoint('dynamodb') })));
    expect(error.name).toBe(name);
    expect(error.$metadata?.httpStatusCode).toBe(status);
  });

  it('a cancelled transaction carries one reason per item, the first a conflict; other operations are not cancelled', async () => {
    plan('dynamodb', 'transaction-cancelled');
    const client = new DynamoDBClient({ ...once, endpoint: endpoint('dynamodb') });
    const error = await errorOf(() =>
      client.send(new TransactWriteItemsCommand({ TransactItems: [{ Put: { TableName: 't', Item: { pk: { S: 'a' } } } }, { Put: { TableName: 't', Item: { pk: { S: 'b' } } } }] })),
    );
    expect(error).toBeInstanceOf(TransactionCanceledException);
    expect((error as TransactionCanceledException).CancellationReasons?.map((reason) => reason.Code)).toEqual(['TransactionConflict', 'None']);
    await expect(putItem(client)).resolves.toBeDefined();
  });

  it('SES: throttled sends answer TooManyRequestsException (429), refused ones MessageRejected', async () => {
    const client = new SESv2Client({ ...once, endpoint: endpoint('ses') });
    const send = () => client.send(new SendEmailCommand({ FromEmailAddress: 'a@b.c', Destination: { ToAddresses: ['d@e.f'] }, Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 'b' } } } } }));
    plan('ses', 'throttle');
    expect(await errorOf(send)).toMatchObject({ name: 'TooManyRequestsException', $metadata: { httpStatusCode: 429 } });
    plan('ses', 'message-rejected');
    expect((await errorOf(send)).name).toBe('MessageRejected');
  });

  it('S3 answers SlowDown (503) and InternalError (500)', async () => {
    const client = new S3Client({ ...once, endpoint: endpoint('s3'), forcePathStyle: true });
    const put = () => client.send(new PutObjectCommand({ Bucket: 'b', Key: 'k', Body: 'x' }));
    plan('s3', 'throttle');
    expect(await errorOf(put)).toMatchObject({ name: 'SlowDown', $metadata: { httpStatusCode: 503 } });
    plan('s3', 'server-error');
    expect((await errorOf(put)).name).toBe('InternalError');
  });

  it('Step Functions, the Scheduler and Cognito throttle in their own words', async () => {
    plan('*', 'throttle');
    expect((await errorOf(() => new SFNClient({ ...once, endpoint: endpoint('stepfunctions') }).send(new StartExecutionCommand({ stateMachineArn: 'arn:aws:states:ap-south-1:1:stateMachine:x' })))).name).toBe('ThrottlingException');
    expect((await errorOf(() => new SchedulerClient({ ...once, endpoint: endpoint('scheduler') }).send(new GetScheduleCommand({ Name: 'x' })))).name).toBe('ThrottlingException');
    expect((await errorOf(() => new CognitoIdentityProviderClient({ ...once, endpoint: endpoint('cognito') }).send(new ListUsersCommand({ UserPoolId: 'p' })))).name).toBe('TooManyRequestsException');
  });

  it('Razorpay answers its own error body with a 500', async () => {
    plan('razorpay', 'server-error');
    const response = await fetch(`${endpoint('razorpay')}/v1/orders`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ error: { code: 'SERVER_ERROR' } });
    expect(injector.stats().injected).toEqual({ 'razorpay.CreateOrder': 1 });
  });

  it('a reset connection and a held call fail as network errors; a lost answer still reached the service', async () => {
    const client = new DynamoDBClient({ ...once, endpoint: endpoint('dynamodb'), requestHandler: { requestTimeout: 300, throwOnRequestTimeout: true } });
    plan('dynamodb', 'reset');
    expect((await errorOf(() => putItem(client))).code ?? '').toMatch(/ECONNRESET|EPIPE/);
    plan('dynamodb', 'timeout', { holdMs: 5_000 });
    expect((await errorOf(() => putItem(client))).name).toBe('TimeoutError');
    expect(upstreamCalls).toBe(0);
    plan('dynamodb', 'lost-response');
    expect((await errorOf(() => putItem(client))).code ?? '').toMatch(/ECONNRESET|EPIPE/);
    expect(upstreamCalls).toBe(1);
  });
});

describe('rules: rate, after, times, operations', () => {
  it("the SDK's retries meet each injected failure: three attempts, three injections, then the error", async () => {
    plan('dynamodb', 'throttle');
    const error = await errorOf(() => putItem(new DynamoDBClient({ region, credentials, endpoint: endpoint('dynamodb'), maxAttempts: 3, retryStrategy: undefined })));
    expect(error.$metadata?.attempts).toBe(3);
    expect(injector.stats().injected).toEqual({ 'dynamodb.PutItem': 3 });
  });

  it('`times` fails that many calls and the retry after them succeeds', async () => {
    plan('dynamodb', 'server-error', { times: 2 });
    const answer = await putItem(new DynamoDBClient({ region, credentials, endpoint: endpoint('dynamodb'), maxAttempts: 3 }));
    expect(answer.$metadata.attempts).toBe(3);
    expect(upstreamCalls).toBe(1);
  });

  it('`after` lets calls through first; `operations` limits the rule; a seeded rate fails the same calls each run', () => {
    const draws = () => {
      const local = new FaultInjector({ seed: 7, rules: [{ service: 'dynamodb', operations: ['PutItem'], fault: 'throttle', rate: 0.3, after: 5 }] });
      return Array.from({ length: 200 }, (_, index) => Boolean(local.decide('dynamodb', index % 2 ? 'PutItem' : 'Query')));
    };
    const first = draws();
    expect(first).toEqual(draws());
    expect(first.filter((failed, index) => failed && index % 2 === 0)).toEqual([]);
    expect(first.slice(0, 10).some(Boolean)).toBe(false);
    const share = first.filter(Boolean).length / 97;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.45);
  });

  it('reads the short form of CNH_FAULTS and refuses what it cannot read, naming it', () => {
    expect(parseFaultPlan('dynamodb=0.1, s3:PutObject+GetObject=0.5:throttle, razorpay=1').rules).toEqual([
      { service: 'dynamodb', rate: 0.1, fault: 'throttle' },
      { service: 's3', operations: ['PutObject', 'GetObject'], rate: 0.5, fault: 'throttle' },
      { service: 'razorpay', rate: 1, fault: 'server-error' },
    ]);
    expect(() => parseFaultPlan('dynamo=0.1')).toThrow(/Unknown service in fault plan: dynamo/);
    expect(() => parseFaultPlan('dynamodb=2')).toThrow(/between 0 and 1/);
    expect(() => parseFaultPlan('dynamodb=0.1:explode')).toThrow(/Unknown fault: explode/);
  });
});
