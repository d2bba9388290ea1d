import { stateMachineAlarm, successRate, type ExecutionCounts } from '#domain/operations/operations.ts';
import { describeExecution, listExecutions, type ExecutionListItem } from '#adapters/stepfunctions.ts';
import { stack } from '#stack/stack-description.ts';

/**
 * The state machines the console drives (Pipeline Control, Operations, Recovery) and what their recent
 * executions say: the figures the Operations screen shows and the failures the recovery actions act on.
 */
export const MACHINES = ['ingest', 'lifecycle', 'retrain', 'newsletter'] as const;
export type Machine = (typeof MACHINES)[number];
const operationsAccess = stack.functions.find((fn) => fn.name === 'admin-operations')?.access.stateMachines ?? [];
if (MACHINES.some((machine) => !operationsAccess.includes(machine))) throw new Error('Pipeline Control names a state machine the admin-operations function may not drive');

export const FINISHED_BAD = new Set(['FAILED', 'TIMED_OUT', 'ABORTED']);
const iso = (date: Date | undefined) => (date ? date.toISOString() : null);

/** A machine's executions started in the last 24 h, newest first (ListExecutions pages, stopping at the window). */
export async function executionsSince(machine: Machine, since: number, status?: 'FAILED' | 'TIMED_OUT'): Promise<ExecutionListItem[]> {
  const items: ExecutionListItem[] = [];
  let token: string | undefined;
  for (let pages = 0; pages < 20; pages += 1) {
    const page = await listExecutions(machine, { maxResults: 100, ...(status ? { status } : {}), ...(token ? { nextToken: token } : {}) });
    for (const item of page.executions) {
      if ((item.startDate?.getTime() ?? 0) < since) return items;
      items.push(item);
    }
    if (!page.nextToken) return items;
    token = page.nextToken;
  }
  return items;
}

export async function stateMachineFigures(machine: Machine, since: number) {
  const executions = await executionsSince(machine, since);
  const counts: ExecutionCounts = { SUCCEEDED: 0, FAILED: 0, TIMED_OUT: 0, ABORTED: 0, RUNNING: 0 };
  for (const execution of executions) {
    const status = execution.status as keyof ExecutionCounts | undefined;
    if (status && status in counts) counts[status] += 1;
  }
  const failure = executions.find((execution) => FINISHED_BAD.has(String(execution.status)));
  let lastFailure = null;
  if (failure?.name) {
    const detail = await describeExecution(machine, failure.name).catch(() => null);
    lastFailure = { name: failure.name, status: String(failure.status), stoppedAt: iso(failure.stopDate), error: detail?.error ?? null, cause: detail?.cause ?? null };
  }
  return { machine, runs: executions.length, counts, successRate: successRate(counts), lastFailure, alarm: stateMachineAlarm(machine, counts) };
}
