import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DynamoDBClient, PutItemCommand, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clientSettings, RETRY_SETTINGS, watched } from '../../lambdas/adapters/aws-clients.ts';
import { classifyDependencyError, takeDependencyFailures } from '../../lambdas/core/dependency-failures.ts';
import { runAsFunction } from '../../lambdas/core/invocation.ts';
import { FaultInjector, startFaultProxy, type FaultProxy } from '../../lib/local/faults.ts';
import { retryProfileOf, stack } from '../../lib/stack-description.ts';

/**
 * The clients' retries per path and their failure watch, against the fault injector's proxy: a reader's call
 * gives up after two attempts, a moderator's after three; every failed attempt and every call that gave up is noted.
 */

const injector = new FaultInjector();
let upstream: http.Server;
let proxy: FaultProxy;
let client: DynamoDBClient;

beforeAll(async () => {
  upstream = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' }).end('{}'));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startFaultProxy('dynamodb', `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`, injector);
  client = watched(new DynamoDBClient({ ...clientSettings(), region: 'ap-south-1', credentials: { accessKeyId: 't', secretAccessKey: 't' }, endpoint: proxy.url }), 'dynamodb');
});

afterAll(async () => {
  await proxy.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

beforeEach(() => {
  injector.clear();
  injector.resetCounts();
  takeDependencyFailures();
});

const putItem = () => client.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' } } }));

describe('retries per path', () => {
  it.each([
    ['reader', RETRY_SETTINGS.reader.maxAttempts],
    ['console', RETRY_SETTINGS.console.maxAttempts],
  ] as const)('a %s call tries %i times, and each failed attempt and the call are noted', async (profile, attempts) => {
    injector.setPlan({ rules: [{ service: 'dynamodb', fault: 'server-error' }] });
    const error = await runAsFunction(profile, putItem).catch((thrown: unknown) => thrown as { $metadata: { attempts: number } });
    expect(error.$metadata.attempts).toBe(attempts);
    expect(injector.stats().injected['dynamodb.PutItem']).toBe(attempts);
    expect(takeDependencyFailures()).toMatchObject([{ service: 'dynamodb', kind: 'server-error', attempts, gaveUp: 1, lastOperation: 'PutItem', lastError: 'InternalServerError' }]);
  });

  it('a throttle absorbed by a retry is noted as a failed attempt, not as a call that gave up', async () => {
    injector.setPlan({ rules: [{ service: 'dynamodb', fault: 'throttle', times: 1 }] });
    await runAsFunction('console', putItem);
    expect(takeDependencyFailures()).toMatchObject([{ kind: 'throttled', attempts: 1, gaveUp: 0 }]);
  });

  it('a held call ends at the profile\'s request timeout (the SDK would only warn without throwOnRequestTimeout)', async () => {
    injector.setPlan({ rules: [{ service: 'dynamodb', fault: 'timeout', holdMs: 30_000 }] });
    // On Lambda the timeouts are the function's profile's, set when its clients are built.
    const reader = watched(new DynamoDBClient({ ...clientSettings({ profile: 'reader' }), region: 'ap-south-1', credentials: { accessKeyId: 't', secretAccessKey: 't' }, endpoint: proxy.url }), 'dynamodb');
    const startedAt = Date.now();
    await expect(runAsFunction('reader', () => reader.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' } } })))).rejects.toMatchObject({ name: 'TimeoutError' });
    const { requestTimeoutMs, maxAttempts } = RETRY_SETTINGS.reader;
    expect(Date.now() - startedAt).toBeLessThan(requestTimeoutMs * maxAttempts + 2_000);
    expect(takeDependencyFailures()).toMatchObject([{ kind: 'timeout', attempts: maxAttempts, gaveUp: 1 }]);
  }, 15_000);

  it('where a repeat does harm (SES sends), a lost answer is not retried, a throttle is', async () => {
    const once = watched(new DynamoDBClient({ ...clientSettings({ retryUnknownOutcomes: false }), region: 'ap-south-1', credentials: { accessKeyId: 't', secretAccessKey: 't' }, endpoint: proxy.url }), 'dynamodb');
    const send = () => once.send(new PutItemCommand({ TableName: 't', Item: { pk: { S: 'a' } } }));
    injector.setPlan({ rules: [{ service: 'dynamodb', fault: 'lost-response', times: 1 }] });
    await expect(runAsFunction('console', send)).rejects.toMatchObject({ $metadata: { attempts: 1 } });
    injector.setPlan({ rules: [{ service: 'dynamodb', fault: 'throttle', times: 1 }] });
    await expect(runAsFunction('console', send)).resolves.toMatchObject({ $metadata: { attempts: 2 } });
  });

  it('each function has the profile of what it serves: reader routes, console routes, the pipeline, Cognito triggers', () => {
    expect(retryProfileOf(stack, 'articles')).toBe('reader');
    expect(retryProfileOf(stack, 'me')).toBe('reader');
    expect(retryProfileOf(stack, 'admin-operations')).toBe('console');
    expect(retryProfileOf(stack, 'ingest')).toBe('pipeline');
    expect(retryProfileOf(stack, 'account-events')).toBe('reader');
  });
});

describe('what counts as a dependency failure', () => {
  it('reads throttles, 5xx, timeouts, resets and conflicts; not a failed condition or a refused card', () => {
    expect(classifyDependencyError(Object.assign(new Error('x'), { name: 'ProvisionedThroughputExceededException', $metadata: { httpStatusCode: 400 } }))).toEqual({ kind: 'throttled', error: 'ProvisionedThroughputExceededException' });
    expect(classifyDependencyError(Object.assign(new Error('x'), { name: 'SlowDown', $metadata: { httpStatusCode: 503 } }))?.kind).toBe('throttled');
    expect(classifyDependencyError(Object.assign(new Error('x'), { name: 'InternalServerError', $metadata: { httpStatusCode: 500 } }))?.kind).toBe('server-error');
    expect(classifyDependencyError(Object.assign(new Error('x'), { name: 'TimeoutError', code: 'ECONNRESET' }))?.kind).toBe('connection');
    const conflict = new TransactionCanceledException({ message: 'x', $metadata: {}, CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }] });
    expect(classifyDependencyError(conflict)?.kind).toBe('conflict');
    const condition = new TransactionCanceledException({ message: 'x', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }] });
    expect(classifyDependencyError(condition)).toBeUndefined();
    expect(classifyDependencyError(Object.assign(new Error('x'), { name: 'ConditionalCheckFailedException', $metadata: { httpStatusCode: 400 } }))).toBeUndefined();
    // ElectroDB wraps the SDK's error; the cause decides.
    expect(classifyDependencyError(Object.assign(new Error('wrapped'), { name: 'ElectroError', cause: Object.assign(new Error('x'), { name: 'ThrottlingException' }) }))?.kind).toBe('throttled');
    // A refused card or a bad request from Razorpay is an answer; its 5xx is a failure.
    expect(classifyDependencyError(Object.assign(new Error('Razorpay 400'), { statusCode: 400 }))).toBeUndefined();
    expect(classifyDependencyError(Object.assign(new Error('Razorpay 502'), { statusCode: 502 }))?.kind).toBe('server-error');
  });
});
