import { randomBytes } from 'node:crypto';
import { setScheduleState } from '#adapters/scheduler.ts';
import {
  describeExecution,
  describeMapRun,
  executionHistory,
  listExecutions,
  redriveExecution,
  startExecution,
  stopExecution,
  StepFunctionsError,
  type ExecutionListItem,
  type ExecutionStatus,
} from '#adapters/stepfunctions.ts';
import type { Caller } from '#domain/common/caller.ts';
import { buildExecutionTimeline, mapRunArns, mapRunProgress, type HistoryEventLike } from '#domain/operations/execution-timeline.ts';
import { recordAudit } from '#store/audit.ts';
import { getAlert, resolveAlert, type AlertItem } from '#store/alerts.ts';
import { badRequest, HttpError, notFound } from '#core/errors.ts';
import type { Machine } from './executions.ts';
import { SCHEDULE_NAMES, scheduleView, type ScheduleView } from './schedules.ts';

/**
 * Pipeline Control's use cases (admin spec, Pipeline Control): every execution of the console's state
 * machines merged newest first across machines, one execution's detail with its timeline, start / stop /
 * redrive, pausing a schedule and resolving an alert, each audited. The handler (http/admin/pipeline.ts)
 * validates, turns the per-machine positions into an opaque cursor and back, and answers.
 */

export const EXECUTION_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;
const REDRIVABLE = new Set<string>(['FAILED', 'TIMED_OUT', 'ABORTED']);
/** Executions asked of ListExecutions per call; a fixed size keeps cursor positions meaningful. */
export const LIST_PAGE = 100;

const ms = (date: Date | undefined) => (date ? date.getTime() : undefined);
const isoOf = (date: Date | undefined) => (date ? date.toISOString() : undefined);
const who = (caller: Caller) => caller.email ?? caller.userId;

function executionSummary(machine: Machine, execution: Pick<ExecutionListItem, 'name' | 'status' | 'startDate' | 'stopDate' | 'redriveCount'>) {
  const start = ms(execution.startDate);
  const stop = ms(execution.stopDate);
  return {
    machine,
    name: execution.name as string,
    status: execution.status as ExecutionStatus,
    startDate: isoOf(execution.startDate) as string,
    ...(execution.stopDate ? { stopDate: isoOf(execution.stopDate) } : {}),
    ...(start !== undefined && stop !== undefined && execution.status !== 'RUNNING' ? { durationMs: Math.max(0, stop - start) } : {}),
    redriveCount: execution.redriveCount ?? 0,
  };
}

/** Maps the service's refusals to answers a person can act on. */
function asHttpError(error: unknown, machine: string, name: string): never {
  if (error instanceof StepFunctionsError) {
    if (error.code === 'ExecutionDoesNotExist') throw notFound(`No ${machine} execution named ${name}`);
    if (error.code === 'ExecutionNotRedrivable') throw new HttpError(409, `This execution cannot be redriven: ${error.message.replace(/^Execution not redrivable:\s*/i, '')}`);
    if (error.code === 'ExecutionLimitExceeded') throw new HttpError(429, 'Too many executions are running; try again when some have finished');
    if (error.code === 'ExecutionAlreadyExists') throw new HttpError(409, 'An execution with this name already exists');
  }
  throw error;
}

// ---- the executions list ----

/** Where a machine's next execution is: the ListExecutions token of its page (absent: the first) and its index. */
export interface Position {
  t?: string;
  s: number;
}
/** Per machine: where its next item is, or 'done'. */
export type Positions = Partial<Record<Machine, Position | 'done'>>;

interface Candidate {
  machine: Machine;
  item: ExecutionListItem;
  position: Position;
}

interface ListFilters {
  status?: ExecutionStatus | undefined;
  since?: number | undefined;
  until?: number | undefined;
}

/** Up to `limit` executions of one machine from `from` on that pass the time filters, newest first. */
async function candidatesOf(machine: Machine, from: Position, limit: number, filters: ListFilters): Promise<{ items: Candidate[]; exhausted: boolean }> {
  const items: Candidate[] = [];
  let token = from.t;
  let skip = from.s;
  for (;;) {
    let page;
    try {
      page = await listExecutions(machine, { status: filters.status, nextToken: token, maxResults: LIST_PAGE });
    } catch (error) {
      if (error instanceof StepFunctionsError && error.code === 'InvalidToken') throw badRequest('The cursor has expired: start again from the first page');
      throw error;
    }
    for (let index = skip; index < page.executions.length; index += 1) {
      const item = page.executions[index] as ExecutionListItem;
      const start = ms(item.startDate) ?? 0;
      if (filters.until !== undefined && start > filters.until) continue;
      // Newest first: once older than `since`, nothing after it can match.
      if (filters.since !== undefined && start < filters.since) return { items, exhausted: true };
      items.push({ machine, item, position: { ...(token ? { t: token } : {}), s: index } });
      if (items.length >= limit) return { items, exhausted: false };
    }
    if (!page.nextToken) return { items, exhausted: true };
    token = page.nextToken;
    skip = 0;
  }
}

const newestFirst = (a: Candidate, b: Candidate) =>
  (ms(b.item.startDate) ?? 0) - (ms(a.item.startDate) ?? 0) || a.machine.localeCompare(b.machine) || String(b.item.name).localeCompare(String(a.item.name));

/**
 * One page of executions of `machines` (every one by default) from `state` on, newest first, and the positions
 * the next page starts from (null when every machine is done).
 */
export async function executionsPage(machines: readonly Machine[], state: Positions, limit: number, filters: ListFilters) {
  const perMachine = await Promise.all(
    machines.map(async (machine) => {
      const from = state[machine] ?? { s: 0 };
      if (from === 'done') return { machine, items: [] as Candidate[], exhausted: true };
      return { machine, ...(await candidatesOf(machine, from, limit, filters)) };
    }),
  );
  const page = perMachine.flatMap((entry) => entry.items).sort(newestFirst).slice(0, limit);

  const next: Positions = {};
  for (const entry of perMachine) {
    const used = page.filter((candidate) => candidate.machine === entry.machine).length;
    const waiting = entry.items[used];
    if (waiting) next[entry.machine] = waiting.position;
    else if (entry.exhausted) next[entry.machine] = 'done';
    else {
      const last = entry.items[entry.items.length - 1] as Candidate;
      next[entry.machine] = { ...(last.position.t ? { t: last.position.t } : {}), s: last.position.s + 1 };
    }
  }
  const more = Object.values(next).some((position) => position !== 'done');
  return { items: page.map((candidate) => executionSummary(candidate.machine, candidate.item)), next: more ? next : null };
}

// ---- start, detail, stop, redrive ----

/** Readable and unique: console-20260314T063000Z-1a2b3c */
function consoleExecutionName(now = new Date()): string {
  return `console-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}

export interface StartRequest {
  machine: Machine;
  mode?: 'full' | 'classify-only' | undefined;
  frequency?: 'daily' | 'weekly' | 'monthly' | undefined;
}

export async function startConsoleExecution(admin: Caller, request: StartRequest) {
  const { machine } = request;
  const input = {
    trigger: 'console',
    startedBy: { userId: admin.userId, ...(admin.email ? { email: admin.email } : {}) },
    ...(machine === 'ingest' ? { mode: request.mode ?? 'full' } : {}),
    ...(machine === 'newsletter' ? { frequency: request.frequency ?? 'daily' } : {}),
  };
  const name = consoleExecutionName();
  const started = await startExecution(machine, name, input).catch((error: unknown) => asHttpError(error, machine, name));
  await recordAudit(admin, { action: 'execution.start', target: `${machine}/${name}`, after: { machine, name, input } });
  return { machine, name, executionArn: started.executionArn, startDate: started.startDate.toISOString() };
}

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export async function executionDetail(machine: Machine, name: string) {
  const [execution, history] = await Promise.all([describeExecution(machine, name), executionHistory(machine, name)]).catch((error: unknown) =>
    asHttpError(error, machine, name),
  );
  const events = history.map((event) => ({ ...event, id: event.id ?? 0 }) as HistoryEventLike);
  const { timeline, progress: inlineProgress } = buildExecutionTimeline(events);
  // A Distributed Map's items run in child executions: its progress is its map run's item counts (none
  // when the map run is gone: the timeline still shows the Map's own state).
  const progress = inlineProgress ?? mapRunProgress(await Promise.all(mapRunArns(events).map(describeMapRun)).catch(() => []));
  const status = execution.status as ExecutionStatus;
  return {
    ...executionSummary(machine, { ...execution, name }),
    executionArn: execution.executionArn,
    input: parseJson(execution.input),
    ...(execution.output !== undefined ? { output: parseJson(execution.output) } : {}),
    ...(execution.error ? { error: execution.error } : {}),
    ...(execution.cause ? { cause: execution.cause } : {}),
    ...(execution.redriveDate ? { redriveDate: execution.redriveDate.toISOString() } : {}),
    redrivable: REDRIVABLE.has(status) && execution.redriveStatus !== 'NOT_REDRIVABLE',
    ...(execution.redriveStatusReason ? { redriveStatusReason: execution.redriveStatusReason } : {}),
    progress,
    timeline,
  };
}

export async function stopConsoleExecution(admin: Caller, machine: Machine, name: string) {
  const before = await describeExecution(machine, name).catch((error: unknown) => asHttpError(error, machine, name));
  if (before.status !== 'RUNNING') throw new HttpError(409, `Only a running execution can be stopped; this one is ${before.status}`);
  const stopDate = await stopExecution(machine, name, { error: 'Console.Stopped', cause: `Stopped from the console by ${who(admin)}` }).catch((error: unknown) =>
    asHttpError(error, machine, name),
  );
  await recordAudit(admin, { action: 'execution.stop', target: `${machine}/${name}`, before: { status: 'RUNNING' }, after: { status: 'ABORTED' } });
  return { machine, name, status: 'ABORTED', stopDate: stopDate.toISOString() };
}

export async function redriveConsoleExecution(admin: Caller, machine: Machine, name: string) {
  const before = await describeExecution(machine, name).catch((error: unknown) => asHttpError(error, machine, name));
  const status = before.status as string;
  if (!REDRIVABLE.has(status)) throw new HttpError(409, `This execution cannot be redriven: only a failed, timed-out or aborted execution can be, and this one is ${status}`);
  if (before.redriveStatus === 'NOT_REDRIVABLE') throw new HttpError(409, `This execution cannot be redriven: ${before.redriveStatusReason ?? 'Step Functions refuses it'}`);
  const redriveDate = await redriveExecution(machine, name).catch((error: unknown) => asHttpError(error, machine, name));
  const redriveCount = (before.redriveCount ?? 0) + 1;
  await recordAudit(admin, {
    action: 'execution.redrive',
    target: `${machine}/${name}`,
    before: { status, redriveCount: before.redriveCount ?? 0, error: before.error },
    after: { status: 'RUNNING', redriveCount },
  });
  return { machine, name, status: 'RUNNING', redriveDate: redriveDate.toISOString(), redriveCount };
}

// ---- schedules and alerts ----

/** Pauses or resumes a described schedule (a no-op when it is so already), audited; answers its view. */
export async function setSchedulePaused(admin: Caller, name: string, paused: boolean): Promise<ScheduleView> {
  if (!SCHEDULE_NAMES.includes(name)) throw notFound(`No schedule named ${name}`);
  const { view, current } = await scheduleView(name);
  const wanted = paused ? 'DISABLED' : 'ENABLED';
  if (view.state === wanted) return view;
  await setScheduleState(current, wanted);
  await recordAudit(admin, { action: paused ? 'schedule.pause' : 'schedule.resume', target: `schedule/${name}`, before: { state: view.state }, after: { state: wanted } });
  return (await scheduleView(name)).view;
}

/** An alert as the console shows it. */
export function alertView(alert: AlertItem) {
  const { id, severity, alertType, message, createdAt, context } = alert;
  return { id, severity, alertType, message, resolved: alert.resolved ?? false, createdAt, ...(context === undefined ? {} : { context }) };
}

/** Marks an open alert resolved, audited; an alert resolved already is answered as it is. */
export async function resolveAlertOnce(admin: Caller, id: string) {
  const alert = await getAlert(id);
  if (!alert) throw notFound('Alert not found');
  if (alert.resolved) return alertView(alert);
  await resolveAlert(alert);
  await recordAudit(admin, { action: 'alert.resolve', target: `alert/${alert.id}`, before: { resolved: false }, after: { resolved: true } });
  return alertView({ ...alert, resolved: true });
}
