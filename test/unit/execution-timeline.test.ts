import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildExecutionTimeline, mapProgress, timestampMs, type HistoryEventLike } from '#domain/operations/execution-timeline.ts';
import { nextRunOf } from '#domain/operations/schedule-expression.ts';

/**
 * The console's execution timeline, built from histories recorded from the local runtime's Step Functions
 * endpoint (GetExecutionHistory of the ingest at start, and of a lifecycle that failed on an injected
 * fault and was redriven), and from a history shaped as the service writes it (Lambda task events,
 * retries, a caught failure, interleaved Map iterations chained by previousEventId).
 */
const fixture = (name: string) =>
  (JSON.parse(readFileSync(path.join(import.meta.dirname, '../fixtures/pipeline', name), 'utf8')) as { events: HistoryEventLike[] }).events;

describe('the timeline of a recorded ingest', () => {
  const events = fixture('ingest-history.json');
  const { timeline, progress } = buildExecutionTimeline(events);

  it('has one entry per state entered, in order, each exited with its time in state', () => {
    expect(timeline.map((entry) => entry.state)).toEqual([
      'ChooseMode', 'StartFull', 'ListDueFeeds', 'FetchHosts', 'FetchHost', 'ClassifyBatch', 'CountClassified', 'MoreToClassify', 'RefreshHighlights', 'RecordRun',
    ]);
    expect(timeline.map((entry) => entry.type)).toEqual(['Choice', 'Pass', 'Task', 'Map', 'Task', 'Task', 'Pass', 'Choice', 'Task', 'Task']);
    for (const entry of timeline) {
      expect(entry.status).toBe('succeeded');
      expect(entry.durationMs).toBe(Date.parse(entry.exitedAt as string) - Date.parse(entry.enteredAt));
    }
    // The Map's time covers its iteration's.
    const map = timeline.find((entry) => entry.state === 'FetchHosts');
    const fetch = timeline.find((entry) => entry.state === 'FetchHost');
    expect(map?.durationMs).toBeGreaterThanOrEqual(fetch?.durationMs ?? Infinity);
    expect(Date.parse(fetch?.enteredAt as string)).toBeGreaterThanOrEqual(Date.parse(map?.enteredAt as string));
  });

  it('marks the states run inside the Map with their iteration, and only those', () => {
    expect(timeline.filter((entry) => entry.iteration !== undefined).map((entry) => [entry.state, entry.iteration])).toEqual([['FetchHost', 0]]);
    expect(progress).toEqual({ done: 1, failed: 0, total: 1 });
  });

  it('reads timestamps as the SDK (Date) and the JSON API (epoch seconds) give them', () => {
    const asDates = events.map((event) => ({ ...event, timestamp: new Date(timestampMs(event.timestamp)) }));
    expect(buildExecutionTimeline(asDates)).toEqual(buildExecutionTimeline(events));
    expect(timestampMs(1795432274.821)).toBe(1795432274821);
    expect(timestampMs('2026-11-23T11:11:14.821Z')).toBe(Date.parse('2026-11-23T11:11:14.821Z'));
  });

  it('shows a running execution\'s open state as running', () => {
    const fetchExited = events.findIndex((event) => event.type === 'TaskStateExited' && (event.stateExitedEventDetails as { name: string }).name === 'FetchHost');
    const cut = events.slice(0, fetchExited);
    const running = buildExecutionTimeline(cut);
    expect(running.timeline.filter((entry) => entry.status === 'running').map((entry) => entry.state)).toEqual(['FetchHosts', 'FetchHost']);
    expect(running.timeline.find((entry) => entry.state === 'FetchHost')).not.toHaveProperty('durationMs');
    expect(running.progress).toEqual({ done: 0, failed: 0, total: 1 });
  });
});

describe('the timeline of a recorded lifecycle that failed and was redriven', () => {
  const events = fixture('lifecycle-redriven-history.json');

  it('shows the failed task with its error and cause, then the redriven run to the end', () => {
    const { timeline, progress } = buildExecutionTimeline(events);
    expect(progress).toBeNull();
    const [init, failed, ...after] = timeline;
    expect(init).toMatchObject({ state: 'Init', status: 'succeeded' });
    expect(failed).toMatchObject({ state: 'ArchiveBatch', type: 'Task', status: 'failed', error: 'InjectedFault', cause: expect.stringContaining('Fault injected into lifecycle') });
    expect(failed?.durationMs).toBeGreaterThanOrEqual(0);
    expect(after.map((entry) => entry.state)).toEqual(['Init', 'ArchiveBatch', 'CountArchived', 'MoreToArchive', 'PurgeBatch', 'CountPurged', 'MoreToPurge', 'RecordRun']);
    expect(after.every((entry) => entry.status === 'succeeded' && entry.error === undefined)).toBe(true);
  });

  it('before the redrive, ends at the failure', () => {
    const beforeRedrive = events.slice(0, events.findIndex((event) => event.type === 'ExecutionRedriven'));
    const { timeline } = buildExecutionTimeline(beforeRedrive);
    expect(timeline.map((entry) => [entry.state, entry.status])).toEqual([['Init', 'succeeded'], ['ArchiveBatch', 'failed']]);
  });
});

/** A history shaped as Step Functions writes it for Lambda tasks and an inline Map (ids chained per iteration). */
function serviceShapedHistory(): HistoryEventLike[] {
  const t0 = Date.parse('2026-03-01T06:00:00.000Z');
  const at = (seconds: number) => new Date(t0 + seconds * 1000);
  const events: HistoryEventLike[] = [];
  const add = (previousEventId: number, seconds: number, type: string, details: Record<string, unknown> = {}) => {
    const id = events.length + 1;
    events.push({ id, previousEventId, timestamp: at(seconds), type, ...details });
    return id;
  };
  const entered = (name: string) => ({ stateEnteredEventDetails: { name, input: '{}' } });
  const exited = (name: string) => ({ stateExitedEventDetails: { name, output: '{}' } });
  let last = add(0, 0, 'ExecutionStarted', { executionStartedEventDetails: { input: '{}' } });
  // A task that fails once (retried) and then succeeds.
  last = add(last, 0, 'TaskStateEntered', entered('ListDueFeeds'));
  last = add(last, 0, 'LambdaFunctionScheduled');
  last = add(last, 0.1, 'LambdaFunctionStarted');
  last = add(last, 0.5, 'LambdaFunctionFailed', { lambdaFunctionFailedEventDetails: { error: 'Lambda.ServiceException', cause: 'Rate exceeded' } });
  last = add(last, 2.5, 'LambdaFunctionScheduled');
  last = add(last, 2.6, 'LambdaFunctionStarted');
  last = add(last, 3, 'LambdaFunctionSucceeded', { lambdaFunctionSucceededEventDetails: { output: '{}' } });
  last = add(last, 3, 'TaskStateExited', exited('ListDueFeeds'));
  // A Map of 3 items; iterations 0 and 1 run at once, 1 fails and is caught, 2 runs after 0.
  const map = add(last, 3, 'MapStateEntered', entered('FetchHosts'));
  const mapStarted = add(map, 3, 'MapStateStarted', { mapStateStartedEventDetails: { length: 3 } });
  const i0 = add(mapStarted, 3, 'MapIterationStarted', { mapIterationStartedEventDetails: { name: 'FetchHosts', index: 0 } });
  const i1 = add(mapStarted, 3, 'MapIterationStarted', { mapIterationStartedEventDetails: { name: 'FetchHosts', index: 1 } });
  let a = add(i0, 3, 'TaskStateEntered', entered('FetchHost'));
  let b = add(i1, 3.1, 'TaskStateEntered', entered('FetchHost'));
  a = add(a, 3.1, 'LambdaFunctionScheduled');
  b = add(b, 3.1, 'LambdaFunctionScheduled');
  b = add(b, 4, 'LambdaFunctionFailed', { lambdaFunctionFailedEventDetails: { error: 'FeedTimeout', cause: 'host did not answer in 10 s' } });
  b = add(b, 4, 'TaskStateEntered', entered('AlertHostFailure'));
  a = add(a, 5, 'LambdaFunctionSucceeded', { lambdaFunctionSucceededEventDetails: { output: '{}' } });
  a = add(a, 5, 'TaskStateExited', exited('FetchHost'));
  a = add(a, 5, 'MapIterationSucceeded', { mapIterationSucceededEventDetails: { name: 'FetchHosts', index: 0 } });
  const i2 = add(a, 5, 'MapIterationStarted', { mapIterationStartedEventDetails: { name: 'FetchHosts', index: 2 } });
  b = add(b, 4.5, 'TaskStateExited', exited('AlertHostFailure'));
  add(b, 4.5, 'MapIterationSucceeded', { mapIterationSucceededEventDetails: { name: 'FetchHosts', index: 1 } });
  let c = add(i2, 5, 'TaskStateEntered', entered('FetchHost'));
  c = add(c, 6, 'TaskStateExited', exited('FetchHost'));
  c = add(c, 6, 'MapIterationSucceeded', { mapIterationSucceededEventDetails: { name: 'FetchHosts', index: 2 } });
  last = add(c, 6, 'MapStateSucceeded');
  last = add(last, 6, 'MapStateExited', exited('FetchHosts'));
  // A task after the Map that times out: the execution fails.
  last = add(last, 6, 'TaskStateEntered', entered('ClassifyBatch'));
  last = add(last, 6, 'LambdaFunctionScheduled');
  last = add(last, 306, 'LambdaFunctionTimedOut', { lambdaFunctionTimedOutEventDetails: { error: 'States.Timeout', cause: 'Task timed out after 300 s' } });
  add(last, 306, 'ExecutionFailed', { executionFailedEventDetails: { error: 'States.Timeout', cause: 'Task timed out after 300 s' } });
  return events;
}

describe('a history shaped as the service writes it', () => {
  const { timeline, progress } = buildExecutionTimeline(serviceShapedHistory());

  it('counts a retried failure as a retry of a state that succeeded', () => {
    expect(timeline[0]).toMatchObject({ state: 'ListDueFeeds', status: 'succeeded', retries: 1, durationMs: 3000 });
    expect(timeline[0]).not.toHaveProperty('error');
  });

  it('attributes interleaved states to their Map iteration by the event chain', () => {
    expect(timeline.filter((entry) => entry.iteration !== undefined).map((entry) => [entry.state, entry.iteration, entry.status])).toEqual([
      ['FetchHost', 0, 'succeeded'],
      ['FetchHost', 1, 'failed'],
      ['AlertHostFailure', 1, 'succeeded'],
      ['FetchHost', 2, 'succeeded'],
    ]);
    const caught = timeline.find((entry) => entry.state === 'FetchHost' && entry.iteration === 1);
    expect(caught).toMatchObject({ error: 'FeedTimeout', cause: 'host did not answer in 10 s', durationMs: 900 });
    expect(timeline.find((entry) => entry.state === 'FetchHost' && entry.iteration === 0)?.durationMs).toBe(2000);
    expect(timeline.find((entry) => entry.state === 'FetchHosts')).toMatchObject({ type: 'Map', status: 'succeeded', durationMs: 3000 });
    expect(timeline.find((entry) => entry.state === 'ClassifyBatch')).not.toHaveProperty('iteration');
  });

  it('takes the Map\'s item count as the total', () => {
    expect(progress).toEqual({ done: 3, failed: 0, total: 3 });
    const partial = serviceShapedHistory().slice(0, 20);
    expect(mapProgress(partial)).toEqual({ done: 0, failed: 0, total: 3 });
  });

  it('ends the state that timed out as failed with the task\'s error', () => {
    expect(timeline.at(-1)).toMatchObject({ state: 'ClassifyBatch', status: 'failed', error: 'States.Timeout', cause: 'Task timed out after 300 s', durationMs: 300_000 });
  });

  it('counts each iteration once by its latest outcome, across redrives', () => {
    const events: HistoryEventLike[] = [
      { id: 1, timestamp: 0, type: 'MapIterationStarted', mapIterationStartedEventDetails: { name: 'M', index: 0 } },
      { id: 2, timestamp: 1, type: 'MapIterationFailed', mapIterationFailedEventDetails: { name: 'M', index: 0 } },
      { id: 3, timestamp: 1, type: 'MapIterationStarted', mapIterationStartedEventDetails: { name: 'M', index: 1 } },
      { id: 4, timestamp: 2, type: 'MapIterationSucceeded', mapIterationSucceededEventDetails: { name: 'M', index: 1 } },
      { id: 5, timestamp: 3, type: 'ExecutionRedriven' },
      { id: 6, timestamp: 4, type: 'MapIterationStarted', mapIterationStartedEventDetails: { name: 'M', index: 0 } },
    ];
    expect(mapProgress(events)).toEqual({ done: 1, failed: 0, total: 2 });
    expect(mapProgress([...events, { id: 7, timestamp: 5, type: 'MapIterationSucceeded', mapIterationSucceededEventDetails: { name: 'M', index: 0 } }])).toEqual({ done: 2, failed: 0, total: 2 });
    expect(mapProgress(events.slice(0, 2))).toEqual({ done: 0, failed: 1, total: 1 });
  });
});

describe('an aborted execution', () => {
  it('ends its open state as failed with the stop\'s reason', () => {
    const { timeline } = buildExecutionTimeline([
      { id: 1, previousEventId: 0, timestamp: 100, type: 'ExecutionStarted' },
      { id: 2, previousEventId: 1, timestamp: 100, type: 'TaskStateEntered', stateEnteredEventDetails: { name: 'Retrain' } },
      { id: 3, previousEventId: 2, timestamp: 104, type: 'ExecutionAborted', executionAbortedEventDetails: { error: 'Console.Stopped', cause: 'Stopped from the console by admin@example.in' } },
    ]);
    expect(timeline).toEqual([
      { state: 'Retrain', type: 'Task', enteredAt: new Date(100_000).toISOString(), exitedAt: new Date(104_000).toISOString(), durationMs: 4000, status: 'failed', error: 'Console.Stopped', cause: 'Stopped from the console by admin@example.in' },
    ]);
  });
});

describe('next run of a schedule', () => {
  it('reads EventBridge cron in the schedule\'s time zone', () => {
    const from = new Date('2026-03-01T01:00:00Z'); // 06:30 IST
    expect(nextRunOf({ expression: 'cron(0 6,18 * * ? *)', timezone: 'Asia/Kolkata' }, from).toISOString()).toBe('2026-03-01T12:30:00.000Z');
    expect(nextRunOf({ expression: 'cron(0 3 ? * SUN *)', timezone: 'Asia/Kolkata' }, from).toISOString()).toBe('2026-03-07T21:30:00.000Z');
    // 07:00 IST on the 1st: still ahead on 1 March at 06:30 IST, then 1 April.
    expect(nextRunOf({ expression: 'cron(0 7 1 * ? *)', timezone: 'Asia/Kolkata' }, from).toISOString()).toBe('2026-03-01T01:30:00.000Z');
    expect(nextRunOf({ expression: 'cron(0 7 1 * ? *)', timezone: 'Asia/Kolkata' }, new Date('2026-03-01T01:30:00Z')).toISOString()).toBe('2026-04-01T01:30:00.000Z');
  });

  it('counts a rate from when the schedule was last changed', () => {
    const anchor = new Date('2026-03-01T00:10:00Z');
    const rate = { expression: 'rate(30 minutes)', timezone: 'Asia/Kolkata' };
    expect(nextRunOf(rate, new Date('2026-03-01T01:00:00Z'), anchor).toISOString()).toBe('2026-03-01T01:10:00.000Z');
    expect(nextRunOf(rate, new Date('2026-03-01T01:10:00Z'), anchor).toISOString()).toBe('2026-03-01T01:40:00.000Z');
    expect(nextRunOf(rate, new Date('2026-03-01T01:00:00Z')).toISOString()).toBe('2026-03-01T01:30:00.000Z');
  });
});
