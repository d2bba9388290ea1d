import { randomBytes } from 'node:crypto';
import type { ExecutionListItem, ExecutionStatus } from '@aws-sdk/client-sfn';
import * as z from '#domain/common/validation.ts';
import { buildExecutionTimeline, mapRunArns, mapRunProgress, type HistoryEventLike } from '#domain/operations/execution-timeline.ts';
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
} from '#adapters/stepfunctions.ts';
import { recordAudit } from '#store/audit.ts';
import { getAlert, listAlerts, resolveAlert, type AlertItem } from '#store/alerts.ts';
import { signedInCaller, type Caller } from '#platform/auth.ts';
import { badRequest, HttpError, notFound } from '#core/errors.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, limitParam, route } from '#platform/router.ts';
import { MACHINES, type Machine } from '../../services/executions.ts';
import { allSchedules, SCHEDULE_NAMES, scheduleView } from '../../services/schedules.ts';

/**
 * Pipeline Control (admin spec, Pipeline Control; docs/architecture.md: operators look at the pipeline as Step
 * Functions executions): every execution of the console's state machines, one execution's history as a
 * timeline, start / stop / redrive, the schedules with pause and resume, and the open alerts.
 */


const STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;
const REDRIVABLE = new Set<string>(['FAILED', 'TIMED_OUT', 'ABORTED']);
/** Executions asked of ListExecutions per call; a fixed size keeps cursor positions meaningful. */
const LIST_PAGE = 100;

const machineParam = z.enum(MACHINES, { error: `machine must be one of ${MACHINES.join(', ')}` });
/** Step Functions execution names: 1-80 characters, letters, digits, - and _. */
const executionParams = z.object({ machine: machineParam, name: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,80}$/, 'not an execution name')) });
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

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

// ---------------------------------------------------------------------------------------------------
// Executions list: every machine merged newest first, with an opaque cursor of per-machine positions.

interface Position {
  /** ListExecutions token of the page holding the next item (absent: the first page). */
  t?: string;
  /** Index of the next item within that page. */
  s: number;
}

interface ListCursor {
  /** The filters the cursor was made for. */
  f: string;
  /** Per machine: where its next item is, or 'done'. */
  m: Partial<Record<Machine, Position | 'done'>>;
}

const filtersKey = (query: { machine?: string | undefined; status?: string | undefined; since?: string | undefined; until?: string | undefined }) =>
  JSON.stringify([query.machine ?? '', query.status ?? '', query.since ?? '', query.until ?? '']);

const EXECUTIONS_SCOPE = cursorScope('executions');

function encodeCursor(cursor: ListCursor): Promise<string | null> {
  return sealCursor(EXECUTIONS_SCOPE, JSON.stringify(cursor));
}

async function decodeCursor(token: string, filters: string): Promise<ListCursor> {
  let parsed: unknown;
  try {
    parsed = JSON.parse((await openCursor(EXECUTIONS_SCOPE, token)) ?? '');
  } catch {
    parsed = null;
  }
  const position = z.union([z.literal('done'), z.object({ t: z.optional(z.string().check(z.maxLength(4096))), s: z.int().check(z.minimum(0), z.maximum(LIST_PAGE)) })]);
  const result = z.object({ f: z.string(), m: z.partialRecord(machineParam, position) }).safeParse(parsed);
  if (!result.success) throw badRequest('Invalid cursor: start again from the first page', { fieldErrors: { cursor: ['Invalid cursor'] } });
  if (result.data.f !== filters) throw badRequest('This cursor belongs to other filters: start again from the first page', { fieldErrors: { cursor: ['Cursor does not match the filters'] } });
  return result.data as ListCursor;
}

interface Candidate {
  machine: Machine;
  item: ExecutionListItem;
  position: Required<Pick<Position, 's'>> & Pick<Position, 't'>;
}

/** Up to `limit` executions of one machine from `from` on that pass the time filters, newest first. */
async function candidatesOf(
  machine: Machine,
  from: Position,
  limit: number,
  filters: { status?: ExecutionStatus; since?: number; until?: number },
): Promise<{ items: Candidate[]; exhausted: boolean }> {
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

const listQuery = z.object({
    machine: z.optional(machineParam),
    status: z.optional(z.enum(STATUSES, { error: `status must be one of ${STATUSES.join(', ')}` })),
    since: z.optional(isoDate),
    until: z.optional(isoDate),
    limit: limitParam(100, 25),
    cursor: cursorParam,
  }).check(z.refine((query) => !query.since || !query.until || Date.parse(query.since) <= Date.parse(query.until), { message: 'since must not be after until', path: ['since'] }));

export const listPipelineExecutions = route({ query: listQuery }, async ({ query }) => {
  const filters = filtersKey(query);
  const machines: readonly Machine[] = query.machine ? [query.machine] : MACHINES;
  const state: ListCursor['m'] = query.cursor ? (await decodeCursor(query.cursor, filters)).m : {};
  const timeFilters = { status: query.status, since: query.since ? Date.parse(query.since) : undefined, until: query.until ? Date.parse(query.until) : undefined };

  const perMachine = await Promise.all(
    machines.map(async (machine) => {
      const from = state[machine] ?? { s: 0 };
      if (from === 'done') return { machine, items: [] as Candidate[], exhausted: true };
      return { machine, ...(await candidatesOf(machine, from, query.limit, timeFilters)) };
    }),
  );
  const page = perMachine.flatMap((entry) => entry.items).sort(newestFirst).slice(0, query.limit);

  const next: ListCursor['m'] = {};
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
  return {
    items: page.map((candidate) => executionSummary(candidate.machine, candidate.item)),
    cursor: more ? await encodeCursor({ f: filters, m: next }) : null,
  };
});

// ---------------------------------------------------------------------------------------------------
// Start, detail, stop, redrive.

const startBody = z.strictObject({
    machine: machineParam,
    mode: z.optional(z.enum(['full', 'classify-only'])),
    frequency: z.optional(z.enum(['daily', 'weekly', 'monthly'])),
  }).check(z.superRefine((body, ctx) => {
    if (body.mode && body.machine !== 'ingest') ctx.addIssue({ code: 'custom', path: ['mode'], message: 'mode applies to ingest only' });
    if (body.frequency && body.machine !== 'newsletter') ctx.addIssue({ code: 'custom', path: ['frequency'], message: 'frequency applies to newsletter only' });
  }));

/** Readable and unique: console-20260314T063000Z-1a2b3c */
function consoleExecutionName(now = new Date()): string {
  return `console-${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(3).toString('hex')}`;
}

export const startPipelineExecution = route({ body: startBody }, async ({ body, caller }) => {
  const admin = signedInCaller(caller);
  const input = {
    trigger: 'console',
    startedBy: { userId: admin.userId, ...(admin.email ? { email: admin.email } : {}) },
    ...(body.machine === 'ingest' ? { mode: body.mode ?? 'full' } : {}),
    ...(body.machine === 'newsletter' ? { frequency: body.frequency ?? 'daily' } : {}),
  };
  const name = consoleExecutionName();
  const started = await startExecution(body.machine, name, input).catch((error: unknown) => asHttpError(error, body.machine, name));
  await recordAudit(admin, { action: 'execution.start', target: `${body.machine}/${name}`, after: { machine: body.machine, name, input } });
  return { machine: body.machine, name, executionArn: started.executionArn, startDate: started.startDate.toISOString() };
});

function parseJson(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export const getPipelineExecution = route({ params: executionParams }, async ({ params }) => {
  const { machine, name } = params;
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
});

export const stopPipelineExecution = route({ params: executionParams }, async ({ params, caller }) => {
  const admin = signedInCaller(caller);
  const { machine, name } = params;
  const before = await describeExecution(machine, name).catch((error: unknown) => asHttpError(error, machine, name));
  if (before.status !== 'RUNNING') throw new HttpError(409, `Only a running execution can be stopped; this one is ${before.status}`);
  const stopDate = await stopExecution(machine, name, { error: 'Console.Stopped', cause: `Stopped from the console by ${who(admin)}` }).catch((error: unknown) =>
    asHttpError(error, machine, name),
  );
  await recordAudit(admin, { action: 'execution.stop', target: `${machine}/${name}`, before: { status: 'RUNNING' }, after: { status: 'ABORTED' } });
  return { machine, name, status: 'ABORTED', stopDate: stopDate.toISOString() };
});

export const redrivePipelineExecution = route({ params: executionParams }, async ({ params, caller }) => {
  const admin = signedInCaller(caller);
  const { machine, name } = params;
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
});

// ---------------------------------------------------------------------------------------------------
// Schedules.

export const listSchedules = route({}, async () => allSchedules());

export const updateSchedule = route(
  {
    params: z.object({ name: z.string().check(z.minLength(1), z.maxLength(64)) }),
    body: z.strictObject({ paused: z.boolean({ error: 'paused must be true or false' }) }),
  },
  async ({ params, body, caller }) => {
    const admin = signedInCaller(caller);
    if (!SCHEDULE_NAMES.includes(params.name)) throw notFound(`No schedule named ${params.name}`);
    const { view, current } = await scheduleView(params.name);
    const wanted = body.paused ? 'DISABLED' : 'ENABLED';
    if (view.state === wanted) return view;
    await setScheduleState(current, wanted);
    await recordAudit(admin, { action: body.paused ? 'schedule.pause' : 'schedule.resume', target: `schedule/${params.name}`, before: { state: view.state }, after: { state: wanted } });
    return (await scheduleView(params.name)).view;
  },
);

// ---------------------------------------------------------------------------------------------------
// Alerts.

function alertView(alert: AlertItem) {
  return {
    id: alert.id,
    severity: alert.severity,
    alertType: alert.alertType,
    message: alert.message,
    resolved: alert.resolved ?? false,
    createdAt: alert.createdAt,
    ...(alert.context === undefined ? {} : { context: alert.context }),
  };
}

export const listPipelineAlerts = route(
  {
    query: z.object({
      resolved: z.optional(z.enum(['true', 'false'], { error: 'resolved must be true or false' })),
      limit: limitParam(100, 20),
      cursor: cursorParam,
    }),
  },
  async ({ query }) => {
    const scope = cursorScope('alerts', { resolved: query.resolved });
    const page = await listAlerts({ resolved: query.resolved === undefined ? undefined : query.resolved === 'true', limit: query.limit, cursor: await openCursor(scope, query.cursor) });
    return { items: page.items.map(alertView), cursor: await sealCursor(scope, page.cursor) };
  },
);

export const resolvePipelineAlert = route({ params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }) }, async ({ params, caller }) => {
  const admin = signedInCaller(caller);
  const alert = await getAlert(params.id);
  if (!alert) throw notFound('Alert not found');
  if (alert.resolved) return alertView(alert);
  await resolveAlert(alert);
  await recordAudit(admin, { action: 'alert.resolve', target: `alert/${alert.id}`, before: { resolved: false }, after: { resolved: true } });
  return alertView({ ...alert, resolved: true });
});

export const pipelineRoutes = {
  'GET /admin/pipeline/executions': listPipelineExecutions,
  'POST /admin/pipeline/executions': startPipelineExecution,
  'GET /admin/pipeline/executions/{machine}/{name}': getPipelineExecution,
  'POST /admin/pipeline/executions/{machine}/{name}/stop': stopPipelineExecution,
  'POST /admin/pipeline/executions/{machine}/{name}/redrive': redrivePipelineExecution,
  'GET /admin/pipeline/schedules': listSchedules,
  'PUT /admin/pipeline/schedules/{name}': updateSchedule,
  'GET /admin/alerts': listPipelineAlerts,
  'POST /admin/alerts/{id}/resolve': resolvePipelineAlert,
};
