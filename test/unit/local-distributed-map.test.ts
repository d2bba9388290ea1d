import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stack } from '../../lib/stack-description.ts';
import { LocalStepFunctions } from '../../lib/local/stepfunctions.ts';

/**
 * The local Step Functions endpoint runs a Distributed Map as the service does: items read from the object
 * store (ItemReader), batched (ItemBatcher with its BatchInput), each batch a child execution with its own
 * history, MaxConcurrency at a time, failed children tolerated up to ToleratedFailurePercentage.
 */
const objects = new Map<string, string>();
let server: http.Server;
let sfn: LocalStepFunctions;
let dataDir: string;
const seen = () => (globalThis as { distributedMapSeen?: { maxRunning: number } }).distributedMapSeen;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const body = objects.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200).end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-dmap-'));
  const testStack = {
    ...stack,
    functions: [{ name: 'work', entry: 'test/fixtures/stepfunctions/work-handler.ts', description: 'test', access: {} }],
    stateMachines: [{ name: 'fan', file: 'test/fixtures/stepfunctions/distributed.asl.json', functions: { WorkFunctionArn: 'work' }, description: 'test' }],
  };
  sfn = new LocalStepFunctions(testStack, 'ap-south-1', dataDir, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await sfn.drain();
  server.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function run(items: unknown[], key: string) {
  objects.set(`/work/${key}`, JSON.stringify(items));
  const started = await sfn.startExecution(sfn.arnOf('fan'), { bucket: 'work', key, tag: 'batch-input' });
  return sfn.waitFor(started.executionArn);
}

async function childrenOf(execution: { events: Array<{ type: string; mapRunStartedEventDetails?: unknown }> }) {
  const { mapRunArn } = execution.events.find((event) => event.type === 'MapRunStarted')?.mapRunStartedEventDetails as { mapRunArn: string };
  const { executions } = (await sfn.call('ListExecutions', { mapRunArn })) as { executions: Array<{ executionArn: string; status: string }> };
  return { mapRunArn, children: executions };
}

describe('a Distributed Map on the local endpoint', () => {
  it('reads its items from the object store and runs them in batches as child executions, MaxConcurrency at a time', async () => {
    const execution = await run(Array.from({ length: 10 }, (_, n) => ({ n })), 'ten.json');
    expect(execution.status).toBe('SUCCEEDED');
    const output = JSON.parse(execution.output ?? '{}') as { results: unknown[] };
    expect(output.results).toEqual([
      { count: 3, first: 0, tag: 'batch-input' },
      { count: 3, first: 3, tag: 'batch-input' },
      { count: 3, first: 6, tag: 'batch-input' },
      { count: 1, first: 9, tag: 'batch-input' },
    ]);
    expect(seen()?.maxRunning).toBe(2);

    const types = execution.events.map((event) => event.type);
    expect(types).toEqual(['ExecutionStarted', 'MapStateEntered', 'MapRunStarted', 'MapRunSucceeded', 'MapStateExited', 'ExecutionSucceeded']);
    const { mapRunArn, children } = await childrenOf(execution);
    expect(children).toHaveLength(4);
    expect(children.every((child) => child.status === 'SUCCEEDED')).toBe(true);
    // Children are listed by their map run only, not among the state machine's executions.
    const own = (await sfn.call('ListExecutions', { stateMachineArn: sfn.arnOf('fan') })) as { executions: Array<{ executionArn: string }> };
    expect(own.executions.map((listed) => listed.executionArn)).toEqual([execution.executionArn]);
    const history = (await sfn.call('GetExecutionHistory', { executionArn: children[0]!.executionArn })) as { events: Array<{ type: string; stateEnteredEventDetails?: { name: string } }> };
    expect(history.events.map((event) => event.type)).toEqual(['ExecutionStarted', 'TaskStateEntered', 'TaskStateExited', 'ExecutionSucceeded']);
    expect(history.events[1]?.stateEnteredEventDetails?.name).toBe('Work');
    expect(await sfn.call('DescribeMapRun', { mapRunArn })).toMatchObject({ status: 'SUCCEEDED', itemCounts: { succeeded: 10, failed: 0, total: 10 }, executionCounts: { succeeded: 4, total: 4 } });
  });

  it('tolerates failed children up to ToleratedFailurePercentage, and fails past it', async () => {
    const oneBad = await run(Array.from({ length: 9 }, (_, n) => ({ n, fail: n === 4 })), 'one-bad.json');
    expect(oneBad.status).toBe('SUCCEEDED');
    const results = (JSON.parse(oneBad.output ?? '{}') as { results: Array<Record<string, unknown>> }).results;
    expect(results[1]).toMatchObject({ Error: 'Error', Cause: 'item asked to fail: 3,4,5' });
    expect(results.filter((result) => 'count' in result)).toHaveLength(2);

    const twoBad = await run(Array.from({ length: 9 }, (_, n) => ({ n, fail: n === 1 || n === 7 })), 'two-bad.json');
    expect(twoBad.status).toBe('FAILED');
    expect(twoBad.error).toBe('States.ExceedToleratedFailureThreshold');
    expect(twoBad.events.map((event) => event.type)).toContain('MapRunFailed');
    const { children } = await childrenOf(twoBad);
    expect(children.map((child) => child.status).sort()).toEqual(['FAILED', 'FAILED', 'SUCCEEDED']);
  });

  it('stops its children when the execution is stopped, and starts no more', async () => {
    objects.set('/work/slow.json', JSON.stringify(Array.from({ length: 12 }, (_, n) => ({ n, waitMs: 1_500 }))));
    const started = await sfn.startExecution(sfn.arnOf('fan'), { bucket: 'work', key: 'slow.json', tag: 'x' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sfn.call('StopExecution', { executionArn: started.executionArn, error: 'Test.Stop' });
    const execution = await sfn.waitFor(started.executionArn);
    expect(execution.status).toBe('ABORTED');
    const { mapRunArn, children } = await childrenOf(execution);
    await sfn.drain();
    for (const child of children) await sfn.waitFor(child.executionArn);
    const after = (await sfn.call('ListExecutions', { mapRunArn })) as { executions: Array<{ status: string }> };
    // 2 children were running (MaxConcurrency 2); the other 2 batches never started.
    expect(after.executions.map((child) => child.status)).toEqual(['ABORTED', 'ABORTED']);
    expect(await sfn.call('DescribeMapRun', { mapRunArn })).toMatchObject({ status: 'ABORTED' });
  });

  it('fails with States.ItemReaderFailed when its object is missing', async () => {
    const started = await sfn.startExecution(sfn.arnOf('fan'), { bucket: 'work', key: 'missing.json', tag: 'x' });
    const execution = await sfn.waitFor(started.executionArn);
    expect(execution.status).toBe('FAILED');
    expect(execution.error).toBe('States.ItemReaderFailed');
  });
});
