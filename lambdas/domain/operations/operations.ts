/**
 * Operations (admin spec, System screens): recorded function runs,
 * state machine success rates and the alarm rules over them. Pure. (The stabilization monitor is part of
 * the one health model, system-health.ts.)
 */
import { countOf } from '../common/plural.ts';

/** Upper bounds (exclusive) of the latency histogram's buckets; one more bucket holds the rest. */
export const HISTOGRAM_BOUNDS_MS = [100, 250, 500, 1000, 2500] as const;
export const HISTOGRAM_LABELS = ['<100 ms', '<250 ms', '<500 ms', '<1000 ms', '<2500 ms', '>=2500 ms'] as const;

export interface RunFigures {
  invocations: number;
  errors: number;
  totalMs: number;
  /** Counts per bucket of HISTOGRAM_BOUNDS_MS, plus the last (>= 2500 ms). */
  histogram: number[];
}

export const emptyFigures = (): RunFigures => ({ invocations: 0, errors: 0, totalMs: 0, histogram: HISTOGRAM_LABELS.map(() => 0) });

export function bucketOf(ms: number): number {
  const index = HISTOGRAM_BOUNDS_MS.findIndex((bound) => ms < bound);
  return index === -1 ? HISTOGRAM_BOUNDS_MS.length : index;
}

/** Adds one run to figures (in place). */
export function addRun(figures: RunFigures, ms: number, failed: boolean): RunFigures {
  figures.invocations += 1;
  if (failed) figures.errors += 1;
  figures.totalMs += ms;
  figures.histogram[bucketOf(ms)] = (figures.histogram[bucketOf(ms)] ?? 0) + 1;
  return figures;
}

export function mergeFigures(parts: readonly RunFigures[]): RunFigures {
  const total = emptyFigures();
  for (const part of parts) {
    total.invocations += part.invocations;
    total.errors += part.errors;
    total.totalMs += part.totalMs;
    part.histogram.forEach((count, index) => {
      total.histogram[index] = (total.histogram[index] ?? 0) + count;
    });
  }
  return total;
}

/**
 * The 95th percentile estimated from the histogram: the upper bound of the bucket the 95th percentile run
 * falls in ("at most this"); in the open last bucket, the largest run seen. Null without runs.
 */
export function p95Of(histogram: readonly number[], maxMs: number): number | null {
  const total = histogram.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = Math.ceil(total * 0.95);
  let seen = 0;
  for (let index = 0; index < histogram.length; index += 1) {
    seen += histogram[index] ?? 0;
    if (seen >= rank) return index < HISTOGRAM_BOUNDS_MS.length ? (HISTOGRAM_BOUNDS_MS[index] as number) : Math.max(maxMs, HISTOGRAM_BOUNDS_MS.at(-1) as number);
  }
  return maxMs;
}

export interface FunctionWindow {
  invocations: number;
  errors: number;
  errorRate: number | null;
  avgMs: number | null;
  p95Ms: number | null;
  maxMs: number;
}

export function windowOf(figures: RunFigures, maxMs: number): FunctionWindow {
  const n = figures.invocations;
  return {
    invocations: n,
    errors: figures.errors,
    errorRate: n > 0 ? figures.errors / n : null,
    avgMs: n > 0 ? Math.round(figures.totalMs / n) : null,
    p95Ms: p95Of(figures.histogram, maxMs),
    maxMs,
  };
}

/** Step Functions execution statuses, counted over a window. */
export interface ExecutionCounts {
  SUCCEEDED: number;
  FAILED: number;
  TIMED_OUT: number;
  ABORTED: number;
  RUNNING: number;
}

/** succeeded / (succeeded + failed + timed out + aborted); null when none finished. */
export function successRate(counts: ExecutionCounts): number | null {
  const finished = counts.SUCCEEDED + counts.FAILED + counts.TIMED_OUT + counts.ABORTED;
  return finished > 0 ? counts.SUCCEEDED / finished : null;
}

// Alarms.

export type AlarmState = 'OK' | 'ALARM' | 'INSUFFICIENT_DATA';

export interface Alarm {
  name: string;
  subject: string;
  kind: 'function-errors' | 'state-machine-success' | 'dependency-failures';
  state: AlarmState;
  reason: string;
}

export const ALARM_RULES = {
  /** Function error rate over the last hour. */
  functionErrorRate: { threshold: 0.05, minInvocations: 20 },
  /** State machine success rate over 24 hours. */
  stateMachineSuccess: { threshold: 0.9, minFinished: 1 },
  /** Calls to one dependency that still failed after their retries, in the current hour (also the CloudWatch alarm's). */
  dependencyFailures: { threshold: 3, periodMinutes: 60 },
} as const;

const percent = (value: number) => `${(value * 100).toFixed(1).replace(/\.0$/, '')}%`;

export function functionErrorAlarm(fn: string, lastHour: Pick<FunctionWindow, 'invocations' | 'errors'>): Alarm {
  const { threshold, minInvocations } = ALARM_RULES.functionErrorRate;
  const name = `${fn} error rate`;
  const base = { name, subject: fn, kind: 'function-errors' as const };
  if (lastHour.invocations < minInvocations) {
    return { ...base, state: 'INSUFFICIENT_DATA', reason: `${countOf(lastHour.invocations, 'invocation')} this hour (needs ${minInvocations})` };
  }
  const rate = lastHour.errors / lastHour.invocations;
  const figures = `${countOf(lastHour.errors, 'error')} in ${countOf(lastHour.invocations, 'invocation')} (${percent(rate)}) this hour`;
  return rate > threshold
    ? { ...base, state: 'ALARM', reason: `${figures}: over ${percent(threshold)}` }
    : { ...base, state: 'OK', reason: `${figures}: at most ${percent(threshold)}` };
}

export function stateMachineAlarm(machine: string, counts: ExecutionCounts): Alarm {
  const { threshold, minFinished } = ALARM_RULES.stateMachineSuccess;
  const finished = counts.SUCCEEDED + counts.FAILED + counts.TIMED_OUT + counts.ABORTED;
  const base = { name: `${machine} success rate`, subject: machine, kind: 'state-machine-success' as const };
  const rate = successRate(counts);
  if (finished < minFinished || rate === null) return { ...base, state: 'INSUFFICIENT_DATA', reason: 'No finished executions in 24 hours' };
  const figures = `${counts.SUCCEEDED} of ${countOf(finished, 'execution')} succeeded (${percent(rate)}) in 24 hours`;
  return rate < threshold
    ? { ...base, state: 'ALARM', reason: `${figures}: under ${percent(threshold)}` }
    : { ...base, state: 'OK', reason: `${figures}: at least ${percent(threshold)}` };
}

// Recovery actions.

export const RECOVERY_ACTIONS = ['classify-drafts', 'redrive-failed', 'reject-auto-rejected', 'rebuild-search-index', 'resend-digest-batch', 'redrive-dead-letters'] as const;
export type RecoveryAction = (typeof RECOVERY_ACTIONS)[number];
export const isRecoveryAction = (value: string): value is RecoveryAction => (RECOVERY_ACTIONS as readonly string[]).includes(value);
/** Spec section 9: operation history keeps the latest 10. */
export const RECOVERY_HISTORY = 10;
