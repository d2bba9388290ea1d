/**
 * One Step Functions execution's history (GetExecutionHistory, all pages, oldest first) read as the
 * console shows it: a timeline of the states entered and exited, with time per state, Map iterations and
 * task failures with their error and cause, plus the progress of the Map work. Pure: no AWS imports; the
 * events are described structurally, so the SDK's HistoryEvent and the local stand-in's events both fit.
 */

export interface HistoryEventLike {
  id: number;
  previousEventId?: number;
  /** The SDK gives a Date; JSON gives epoch seconds or an ISO string. */
  timestamp: Date | number | string;
  type: string;
  [details: string]: unknown;
}

export type TimelineStatus = 'running' | 'succeeded' | 'failed';

export interface TimelineEntry {
  state: string;
  /** Task, Pass, Choice, Map, Wait, Parallel, Succeed, Fail */
  type: string;
  enteredAt: string;
  exitedAt?: string;
  durationMs?: number;
  status: TimelineStatus;
  error?: string;
  cause?: string;
  /** The Map iteration (0-based) the state ran in, when it ran inside one. */
  iteration?: number;
  /** Failed attempts retried before this entry's outcome. */
  retries?: number;
}

export interface MapProgress {
  done: number;
  failed: number;
  total: number;
}

export interface ExecutionTimeline {
  timeline: TimelineEntry[];
  progress: MapProgress | null;
}

interface IterationContext {
  map: string;
  index: number;
}

interface OpenEntry {
  entry: TimelineEntry;
  context: IterationContext | null;
  enteredMs: number;
  /** A failure seen while the state is still open: final unless a retry or a success follows. */
  pending?: { error?: string; cause?: string; atMs: number };
}

/** Event types that report a task's (or Lambda's) failure, with the key of their details. */
const FAILURE_EVENTS: Record<string, string> = {
  TaskFailed: 'taskFailedEventDetails',
  TaskTimedOut: 'taskTimedOutEventDetails',
  TaskStartFailed: 'taskStartFailedEventDetails',
  TaskSubmitFailed: 'taskSubmitFailedEventDetails',
  LambdaFunctionFailed: 'lambdaFunctionFailedEventDetails',
  LambdaFunctionTimedOut: 'lambdaFunctionTimedOutEventDetails',
  LambdaFunctionStartFailed: 'lambdaFunctionStartFailedEventDetails',
  LambdaFunctionScheduleFailed: 'lambdaFunctionScheduleFailedEventDetails',
  ActivityFailed: 'activityFailedEventDetails',
  ActivityTimedOut: 'activityTimedOutEventDetails',
  MapStateFailed: 'mapStateFailedEventDetails',
  ParallelStateFailed: 'parallelStateFailedEventDetails',
};

/** A new attempt of a state that failed (the service schedules the task again; the stand-in says Retried). */
const RETRY_EVENTS = new Set(['TaskScheduled', 'LambdaFunctionScheduled', 'ActivityScheduled', 'TaskStateRetried']);
/** A task attempt that succeeded: a failure before it was retried away. */
const SUCCESS_EVENTS = new Set(['TaskSucceeded', 'LambdaFunctionSucceeded', 'ActivitySucceeded']);
/** The end of a run of the execution: whatever is still open ends with it. */
const EXECUTION_END: Record<string, string> = {
  ExecutionFailed: 'executionFailedEventDetails',
  ExecutionAborted: 'executionAbortedEventDetails',
  ExecutionTimedOut: 'executionTimedOutEventDetails',
  ExecutionSucceeded: 'executionSucceededEventDetails',
};
const DEFAULT_END_ERROR: Record<string, string> = {
  ExecutionAborted: 'States.Aborted',
  ExecutionTimedOut: 'States.Timeout',
  ExecutionFailed: 'States.Failed',
};
/** Events after which a Map is over: the states that follow are outside its iterations. */
const MAP_CLOSED = new Set(['MapStateExited', 'MapStateSucceeded', 'MapStateFailed', 'MapStateAborted']);

export function timestampMs(value: HistoryEventLike['timestamp']): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'number') return value < 1e11 ? Math.round(value * 1000) : value;
  return Date.parse(value);
}

const iso = (ms: number) => new Date(ms).toISOString();

function details(event: HistoryEventLike, key: string): Record<string, unknown> {
  const value = event[key];
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function sameContext(a: IterationContext | null, b: IterationContext | null): boolean {
  return a === b || (a !== null && b !== null && a.map === b.map && a.index === b.index);
}

/**
 * The Map iteration each event belongs to, following previousEventId as the service chains them: an
 * event inside an iteration leads back to its MapIterationStarted; after a Map closes, events are outside
 * it again. Memoised in id order (previous ids are always smaller), so linear in the history's length.
 * Nested Maps report the innermost iteration; after an inner Map closes the outer index is not recovered
 * (the project's state machines have one level).
 */
function iterationContexts(events: readonly HistoryEventLike[]): Map<number, IterationContext | null> {
  const contexts = new Map<number, IterationContext | null>();
  for (const event of events) {
    let context: IterationContext | null = null;
    if (event.type === 'MapIterationStarted') {
      const d = details(event, 'mapIterationStartedEventDetails');
      context = { map: String(d.name ?? ''), index: Number(d.index ?? 0) };
    } else if (event.type.startsWith('MapIteration')) {
      const key = `${event.type.charAt(0).toLowerCase()}${event.type.slice(1)}EventDetails`;
      const d = details(event, key);
      context = { map: String(d.name ?? ''), index: Number(d.index ?? 0) };
    } else if (!MAP_CLOSED.has(event.type) && event.type !== 'ExecutionRedriven' && event.previousEventId) {
      const previous = contexts.get(event.previousEventId) ?? null;
      // A Map's own entered/started events come before its iterations.
      context = previous;
    }
    contexts.set(event.id, context);
  }
  return contexts;
}

/** Builds the console's timeline and Map progress from a history, oldest event first. */
export function buildExecutionTimeline(history: readonly HistoryEventLike[]): ExecutionTimeline {
  const events = [...history].sort((a, b) => a.id - b.id);
  const contexts = iterationContexts(events);
  const timeline: TimelineEntry[] = [];
  const open: OpenEntry[] = [];

  const close = (item: OpenEntry, atMs: number, status: TimelineStatus, failure?: { error?: string; cause?: string }) => {
    item.entry.exitedAt = iso(atMs);
    item.entry.durationMs = Math.max(0, atMs - item.enteredMs);
    item.entry.status = status;
    if (status === 'failed') {
      const error = failure?.error ?? item.pending?.error;
      const cause = failure?.cause ?? item.pending?.cause;
      if (error) item.entry.error = error;
      if (cause) item.entry.cause = cause;
    }
    open.splice(open.indexOf(item), 1);
  };
  /** The innermost open state of an iteration context (the one a task event is about). */
  const current = (context: IterationContext | null, name?: string) => {
    for (let i = open.length - 1; i >= 0; i -= 1) {
      const item = open[i] as OpenEntry;
      if (sameContext(item.context, context) && (name === undefined || item.entry.state === name)) return item;
    }
    return undefined;
  };

  for (const event of events) {
    const atMs = timestampMs(event.timestamp);
    const context = contexts.get(event.id) ?? null;
    const type = event.type;

    if (type.endsWith('StateEntered')) {
      // A state that failed and was caught ends when the next state of the same context starts.
      for (const item of [...open]) {
        if (item.pending && sameContext(item.context, context)) close(item, item.pending.atMs, 'failed');
      }
      const d = details(event, 'stateEnteredEventDetails');
      const entry: TimelineEntry = { state: String(d.name ?? ''), type: type.slice(0, -'StateEntered'.length), enteredAt: iso(atMs), status: 'running' };
      if (context) entry.iteration = context.index;
      timeline.push(entry);
      const item: OpenEntry = { entry, context, enteredMs: atMs };
      open.push(item);
      if (type === 'FailStateEntered') item.pending = { atMs };
      continue;
    }
    if (type.endsWith('StateExited')) {
      const name = text(details(event, 'stateExitedEventDetails').name);
      const item = current(context, name) ?? current(context);
      if (item) close(item, atMs, item.pending ? 'failed' : 'succeeded');
      continue;
    }
    if (type in FAILURE_EVENTS) {
      const d = details(event, FAILURE_EVENTS[type] as string);
      const item = type === 'MapStateFailed' ? current(null) : current(context);
      if (item) item.pending = { error: text(d.error), cause: text(d.cause), atMs };
      continue;
    }
    if (RETRY_EVENTS.has(type) || SUCCESS_EVENTS.has(type)) {
      const item = current(context);
      if (item?.pending) {
        item.entry.retries = (item.entry.retries ?? 0) + 1;
        delete item.pending;
      }
      continue;
    }
    if (type in EXECUTION_END) {
      const d = details(event, EXECUTION_END[type] as string);
      const failure = type === 'ExecutionSucceeded' ? undefined : { error: text(d.error) ?? DEFAULT_END_ERROR[type], cause: text(d.cause) };
      for (const item of [...open].reverse()) {
        if (failure) close(item, item.pending?.atMs ?? atMs, 'failed', item.pending ? undefined : failure);
        else close(item, atMs, item.pending ? 'failed' : 'succeeded');
      }
    }
  }
  return { timeline, progress: mapProgress(events) };
}

/** The map runs (Distributed Maps) a history started, by ARN. */
export function mapRunArns(events: readonly HistoryEventLike[]): string[] {
  return events.filter((event) => event.type === 'MapRunStarted').map((event) => String(details(event, 'mapRunStartedEventDetails').mapRunArn ?? '')).filter(Boolean);
}

/**
 * The progress of Distributed Maps, whose items run in child executions outside this history: the items
 * their map runs (DescribeMapRun) report, added up. Null when the history started none.
 */
export function mapRunProgress(runs: ReadonlyArray<{ itemCounts: { succeeded: number; failed: number; total: number } }>): MapProgress | null {
  if (!runs.length) return null;
  return runs.reduce<MapProgress>((sum, run) => ({ done: sum.done + run.itemCounts.succeeded, failed: sum.failed + run.itemCounts.failed, total: sum.total + run.itemCounts.total }), { done: 0, failed: 0, total: 0 });
}

/**
 * Map work: total = the Map's item count when the history gives it (MapStateStarted), else the iterations
 * started; done = iterations whose latest outcome is success; failed = whose latest outcome is failure.
 * Counting each (Map, index) once by its latest event keeps the figures right across redrives, whether
 * the iteration ran again (the local stand-in re-runs everything) or not (the service re-runs failures).
 */
export function mapProgress(events: readonly HistoryEventLike[]): MapProgress | null {
  const latest = new Map<string, string>();
  let announced = 0;
  let sawMap = false;
  for (const event of events) {
    if (event.type === 'MapStateStarted') {
      sawMap = true;
      const length = Number(details(event, 'mapStateStartedEventDetails').length ?? 0);
      if (Number.isFinite(length)) announced = Math.max(announced, length);
      continue;
    }
    if (!event.type.startsWith('MapIteration')) continue;
    sawMap = true;
    const key = `${event.type.charAt(0).toLowerCase()}${event.type.slice(1)}EventDetails`;
    const d = details(event, key);
    latest.set(`${String(d.name ?? '')}#${String(d.index ?? 0)}`, event.type);
  }
  if (!sawMap) return null;
  const outcomes = [...latest.values()];
  return {
    done: outcomes.filter((type) => type === 'MapIterationSucceeded').length,
    failed: outcomes.filter((type) => type === 'MapIterationFailed' || type === 'MapIterationAborted').length,
    total: Math.max(announced, latest.size),
  };
}
