/** A local execution and its history, in the Step Functions API's shapes, from the library's event log. */

export type Status = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'TIMED_OUT' | 'ABORTED';

/** Statuses Step Functions lets RedriveExecution resume. */
const REDRIVABLE: ReadonlySet<Status> = new Set(['FAILED', 'TIMED_OUT', 'ABORTED']);
/** Step Functions redrives an execution only within 14 days of its stop. */
const REDRIVE_WINDOW_SECONDS = 14 * 24 * 3600;

export interface MapRun {
  mapRunArn: string;
  executionArn: string;
  status: Status;
  startDate: number;
  stopDate?: number;
  maxConcurrency: number;
  toleratedFailurePercentage: number;
  itemCounts: { pending: number; running: number; succeeded: number; failed: number; total: number };
  executionCounts: { pending: number; running: number; succeeded: number; failed: number; total: number };
}

export interface HistoryEvent {
  id: number;
  previousEventId: number;
  timestamp: number;
  type: string;
  [details: string]: unknown;
}

export interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: Status;
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
  redriveCount?: number;
  redriveDate?: number;
  /** A Distributed Map child: the map run that started it (listed by ListExecutions with that mapRunArn only). */
  mapRunArn?: string;
  events: HistoryEvent[];
}

export const seconds = (ms: number) => ms / 1000;

/** The Map iteration an event log entry belongs to (inline Maps), if any. */
const index = (log: Record<string, unknown>) => (typeof log.index === 'number' ? log.index : undefined);

/** Per execution run: the last event of each Map iteration, so events chain by previousEventId as on AWS. */
export interface EventChain {
  mapEntered: number;
  lastInIteration: Map<number, number>;
}

/** What an event's translation needs from the runtime: whether a state is a Distributed Map, its map run, a stop's reason. */
export interface EventContext {
  isDistributedMap: (state: string) => boolean;
  mapRunArnOf: (state: string) => string;
  stopReason: { error?: string; cause?: string } | undefined;
  chain: EventChain;
}

/** Translates one entry of the library's event log into Step Functions history events of the execution. */
export function appendHistoryEvent(execution: Execution, log: Record<string, unknown>, context: EventContext): void {
  const state = log.state as { name: string; type: string; input: unknown; output?: unknown } | undefined;
  // A Distributed Map runs as a Task locally; its history reads as the service's: Map state, map run events.
  const distributedMap = state && index(log) === undefined && context.isDistributedMap(state.name);
  if (state && distributedMap) state.type = 'Map';
  const { chain } = context;
  // Inside a Map iteration an event follows the iteration's previous event (as the service chains them);
  // elsewhere it follows the event before it.
  const iterationIndex = index(log);
  const push = (type: string, details: Record<string, unknown> = {}) => {
    const id = execution.events.length + 1;
    let previousEventId = id - 1;
    if (log.type === 'MapIterationStarted') previousEventId = chain.mapEntered;
    else if (iterationIndex !== undefined) previousEventId = chain.lastInIteration.get(iterationIndex) ?? id - 1;
    if (iterationIndex !== undefined) chain.lastInIteration.set(iterationIndex, id);
    if (log.type === 'StateEntered' && state?.type === 'Map' && iterationIndex === undefined) {
      chain.mapEntered = id;
      chain.lastInIteration.clear();
    }
    execution.events.push({ id, previousEventId, timestamp: seconds(Number(log.timestamp ?? Date.now())), type, ...details });
  };
  const mapRun = () => ({ mapRunArn: context.mapRunArnOf(state?.name ?? '') });
  if (distributedMap && log.type === 'StateExited') push('MapRunSucceeded');
  if (distributedMap && log.type === 'StateFailed') return push('MapRunFailed', { mapRunFailedEventDetails: { error: log.Error, cause: String(log.Cause ?? '') } });
  if (distributedMap && log.type === 'StateRetried') return;
  switch (log.type) {
    case 'ExecutionStarted':
      // A redriven execution keeps its one ExecutionStarted; ExecutionRedriven marks the new run.
      if (execution.redriveCount) return;
      return push('ExecutionStarted', { executionStartedEventDetails: { input: JSON.stringify(log.input ?? {}) } });
    case 'ExecutionSucceeded':
      return push('ExecutionSucceeded', { executionSucceededEventDetails: { output: JSON.stringify(log.output ?? null) } });
    case 'ExecutionFailed':
      return push('ExecutionFailed', { executionFailedEventDetails: { error: log.Error, cause: String(log.Cause ?? '') } });
    case 'ExecutionAborted': {
      const reason = context.stopReason;
      return push('ExecutionAborted', reason ? { executionAbortedEventDetails: reason } : {});
    }
    case 'StateEntered':
      push(`${state?.type}StateEntered`, { stateEnteredEventDetails: { name: state?.name, input: JSON.stringify(state?.input ?? null) } });
      if (distributedMap) push('MapRunStarted', { mapRunStartedEventDetails: mapRun() });
      return;
    case 'StateExited':
      return push(`${state?.type}StateExited`, { stateExitedEventDetails: { name: state?.name, output: JSON.stringify(state?.output ?? null) } });
    case 'StateFailed':
      if (state?.type === 'Task') return push('TaskFailed', { taskFailedEventDetails: { resourceType: 'lambda', resource: state.name, error: log.Error, cause: String(log.Cause ?? '') } });
      return;
    case 'StateRetried':
      return push('TaskStateRetried', { stateEnteredEventDetails: { name: state?.name } });
    case 'MapIterationStarted':
    case 'MapIterationSucceeded':
    case 'MapIterationFailed': {
      const parent = log.parentState as { name: string } | undefined;
      const key = `${log.type.charAt(0).toLowerCase()}${log.type.slice(1)}EventDetails`;
      return push(log.type, { [key]: { name: parent?.name, index: log.index, ...(log.type === 'MapIterationFailed' ? { error: log.Error, cause: String(log.Cause ?? '') } : {}) } });
    }
    default:
      return;
  }
}

/** Why an execution cannot be redriven, or null when it can (the service's rules, as far as they apply here). */
export function notRedrivable(execution: Execution): string | null {
  if (!REDRIVABLE.has(execution.status)) return `Execution is ${execution.status}; only a FAILED, TIMED_OUT or ABORTED execution can be redriven`;
  if (execution.stopDate !== undefined && seconds(Date.now()) - execution.stopDate > REDRIVE_WINDOW_SECONDS) return 'Execution stopped more than 14 days ago';
  if ((execution.redriveCount ?? 0) >= 1000) return 'Execution has been redriven 1000 times';
  return null;
}
