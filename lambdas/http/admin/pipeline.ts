import * as z from '#domain/common/validation.ts';
import { listAlerts } from '#store/alerts.ts';
import { signedInCaller } from '#platform/auth.ts';
import { badRequest } from '#core/errors.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, limitParam, route } from '#platform/router.ts';
import { MACHINES, type Machine } from '../../services/executions.ts';
import {
  alertView,
  EXECUTION_STATUSES,
  executionDetail,
  executionsPage,
  LIST_PAGE,
  redriveConsoleExecution,
  resolveAlertOnce,
  setSchedulePaused,
  startConsoleExecution,
  stopConsoleExecution,
  type Positions,
} from '../../services/pipeline-control.ts';
import { allSchedules } from '../../services/schedules.ts';

/**
 * Pipeline Control (admin spec, Pipeline Control; docs/architecture.md: operators look at the pipeline as Step
 * Functions executions): every execution of the console's state machines, one execution's history as a
 * timeline, start / stop / redrive, the schedules with pause and resume, and the open alerts. The use cases
 * are services/pipeline-control.ts; this file validates, seals the list's cursor and answers.
 */

const machineParam = z.enum(MACHINES, { error: `machine must be one of ${MACHINES.join(', ')}` });
/** Step Functions execution names: 1-80 characters, letters, digits, - and _. */
const executionParams = z.object({ machine: machineParam, name: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,80}$/, 'not an execution name')) });
const isoDate = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' });

// ---------------------------------------------------------------------------------------------------
// Executions list: every machine merged newest first, with an opaque cursor of per-machine positions.

interface ListCursor {
  /** The filters the cursor was made for. */
  f: string;
  /** Per machine: where its next item is, or 'done'. */
  m: Positions;
}

const filtersKey = (query: { machine?: string | undefined; status?: string | undefined; since?: string | undefined; until?: string | undefined }) =>
  JSON.stringify([query.machine ?? '', query.status ?? '', query.since ?? '', query.until ?? '']);

const EXECUTIONS_SCOPE = cursorScope('executions');

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

const listQuery = z.object({
    machine: z.optional(machineParam),
    status: z.optional(z.enum(EXECUTION_STATUSES, { error: `status must be one of ${EXECUTION_STATUSES.join(', ')}` })),
    since: z.optional(isoDate),
    until: z.optional(isoDate),
    limit: limitParam(100, 25),
    cursor: cursorParam,
  }).check(z.refine((query) => !query.since || !query.until || Date.parse(query.since) <= Date.parse(query.until), { message: 'since must not be after until', path: ['since'] }));

export const listPipelineExecutions = route({ query: listQuery }, async ({ query }) => {
  const filters = filtersKey(query);
  const machines: readonly Machine[] = query.machine ? [query.machine] : MACHINES;
  const state = query.cursor ? (await decodeCursor(query.cursor, filters)).m : {};
  const timeFilters = { status: query.status, since: query.since ? Date.parse(query.since) : undefined, until: query.until ? Date.parse(query.until) : undefined };
  const page = await executionsPage(machines, state, query.limit, timeFilters);
  const cursor: ListCursor | null = page.next ? { f: filters, m: page.next } : null;
  return { items: page.items, cursor: cursor ? await sealCursor(EXECUTIONS_SCOPE, JSON.stringify(cursor)) : null };
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

export const startPipelineExecution = route({ body: startBody }, async ({ body, caller }) => startConsoleExecution(signedInCaller(caller), body));

export const getPipelineExecution = route({ params: executionParams }, async ({ params }) => executionDetail(params.machine, params.name));

export const stopPipelineExecution = route({ params: executionParams }, async ({ params, caller }) =>
  stopConsoleExecution(signedInCaller(caller), params.machine, params.name),
);

export const redrivePipelineExecution = route({ params: executionParams }, async ({ params, caller }) =>
  redriveConsoleExecution(signedInCaller(caller), params.machine, params.name),
);

// ---------------------------------------------------------------------------------------------------
// Schedules.

export const listSchedules = route({}, async () => allSchedules());

export const updateSchedule = route(
  {
    params: z.object({ name: z.string().check(z.minLength(1), z.maxLength(64)) }),
    body: z.strictObject({ paused: z.boolean({ error: 'paused must be true or false' }) }),
  },
  async ({ params, body, caller }) => setSchedulePaused(signedInCaller(caller), params.name, body.paused),
);

// ---------------------------------------------------------------------------------------------------
// Alerts.

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

export const resolvePipelineAlert = route({ params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }) }, async ({ params, caller }) =>
  resolveAlertOnce(signedInCaller(caller), params.id),
);

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
