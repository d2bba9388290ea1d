import { describe, expect, it } from 'vitest';
import {
  addRun,
  bucketOf,
  emptyFigures,
  functionErrorAlarm,
  isRecoveryAction,
  mergeFigures,
  p95Of,
  stateMachineAlarm,
  successRate,
  windowOf,
} from '#domain/operations/operations.ts';

const counts = (partial: Partial<Record<'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED' | 'RUNNING', number>>) => ({ SUCCEEDED: 0, FAILED: 0, TIMED_OUT: 0, ABORTED: 0, RUNNING: 0, ...partial });

describe('run figures and the p95 estimate', () => {
  it('puts each run in its latency bucket', () => {
    expect([0, 99, 100, 249, 250, 499, 500, 999, 1000, 2499, 2500, 60_000].map(bucketOf)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
  });

  it('adds runs and merges containers', () => {
    const a = emptyFigures();
    addRun(a, 50, false);
    addRun(a, 300, true);
    const b = addRun(emptyFigures(), 3000, false);
    const total = mergeFigures([a, b]);
    expect(total).toEqual({ invocations: 3, errors: 1, totalMs: 3350, histogram: [1, 0, 1, 0, 0, 1] });
    expect(windowOf(total, 3000)).toMatchObject({ invocations: 3, errors: 1, errorRate: 1 / 3, avgMs: 1117, maxMs: 3000 });
  });

  it('estimates p95 as the upper bound of the bucket holding the 95th percentile run', () => {
    expect(p95Of([0, 0, 0, 0, 0, 0], 0)).toBeNull();
    // 100 runs: 95 under 100 ms -> the 95th is under 100.
    expect(p95Of([95, 5, 0, 0, 0, 0], 240)).toBe(100);
    // 94 under 100 ms: the 95th falls in <250.
    expect(p95Of([94, 6, 0, 0, 0, 0], 240)).toBe(250);
    expect(p95Of([10, 0, 0, 0, 85, 5], 4000)).toBe(2500);
    expect(p95Of([10, 0, 0, 0, 80, 10], 4000)).toBe(4000);
    // In the open last bucket: the largest run seen.
    expect(p95Of([1, 0, 0, 0, 0, 19], 7000)).toBe(7000);
  });
});

describe('alarm rules', () => {
  it('function error rate: ALARM over 5 % with at least 20 invocations this hour', () => {
    expect(functionErrorAlarm('admin', { invocations: 19, errors: 19 }).state).toBe('INSUFFICIENT_DATA');
    expect(functionErrorAlarm('admin', { invocations: 20, errors: 1 }).state).toBe('OK');
    const alarm = functionErrorAlarm('admin', { invocations: 20, errors: 2 });
    expect(alarm.state).toBe('ALARM');
    expect(alarm.reason).toBe('2 errors in 20 invocations (10%) this hour: over 5%');
    expect(functionErrorAlarm('admin', { invocations: 1, errors: 0 }).reason).toBe('1 invocation this hour (needs 20)');
    expect(functionErrorAlarm('admin', { invocations: 20, errors: 1 }).reason).toBe('1 error in 20 invocations (5%) this hour: at most 5%');
  });

  it('state machine success: ALARM under 90 % over 24 h, INSUFFICIENT_DATA without finished runs', () => {
    expect(successRate(counts({ SUCCEEDED: 9, FAILED: 1, TIMED_OUT: 1, ABORTED: 1, RUNNING: 5 }))).toBe(0.75);
    expect(stateMachineAlarm('ingest', counts({ RUNNING: 2 })).state).toBe('INSUFFICIENT_DATA');
    expect(stateMachineAlarm('ingest', counts({ SUCCEEDED: 9, FAILED: 1 })).state).toBe('OK');
    const alarm = stateMachineAlarm('ingest', counts({ SUCCEEDED: 8, TIMED_OUT: 1, ABORTED: 1 }));
    expect(alarm.state).toBe('ALARM');
    expect(alarm.reason).toContain('8 of 10 executions succeeded (80%)');
  });
});

describe('recovery actions', () => {
  it('knows the five actions and nothing else', () => {
    expect(isRecoveryAction('redrive-failed')).toBe(true);
    expect(isRecoveryAction('ml-system-reset')).toBe(false);
  });
});
