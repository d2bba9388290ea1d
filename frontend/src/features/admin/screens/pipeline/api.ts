import { adminCall, type ApiAnswer, type ApiBody, type ApiQuery } from '../../shell/api.ts';
import { knownMachine as known } from '../../shell/executions.ts';

export { isMachine, MACHINES, type Machine } from '../../shell/executions.ts';

/** Typed calls of the Pipeline Control API (lambdas/http/admin/pipeline.ts). */

export const EXECUTION_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export type ExecutionPage = ApiAnswer<'GET /admin/pipeline/executions'>;
export type ExecutionSummary = ExecutionPage['items'][number];
export type ExecutionDetail = ApiAnswer<'GET /admin/pipeline/executions/{machine}/{name}'>;
export type TimelineEntry = ExecutionDetail['timeline'][number];

/** The list's filters (GET /admin/pipeline/executions' query, less the paging). */
export type ExecutionFilters = Omit<NonNullable<ApiQuery<'GET /admin/pipeline/executions'>>, 'cursor' | 'limit'>;

export type StartRequest = ApiBody<'POST /admin/pipeline/executions'>;

export type Started = ApiAnswer<'POST /admin/pipeline/executions'>;
export type Schedule = ApiAnswer<'PUT /admin/pipeline/schedules/{name}'>;
export type AutomationAlert = ApiAnswer<'POST /admin/alerts/{id}/resolve'>;

export const listExecutions = (filters: ExecutionFilters, cursor?: string, limit = 25) =>
  adminCall('GET /admin/pipeline/executions', { query: { ...filters, cursor, limit } });

export const getExecution = (machine: string, name: string) =>
  adminCall('GET /admin/pipeline/executions/{machine}/{name}', { params: { machine: known(machine), name } });

export const startExecution = (request: StartRequest) => adminCall('POST /admin/pipeline/executions', { body: request });

export const stopExecution = (machine: string, name: string) =>
  adminCall('POST /admin/pipeline/executions/{machine}/{name}/stop', { params: { machine: known(machine), name } });

export const redriveExecution = (machine: string, name: string) =>
  adminCall('POST /admin/pipeline/executions/{machine}/{name}/redrive', { params: { machine: known(machine), name } });

export const listSchedules = () => adminCall('GET /admin/pipeline/schedules');

export const setSchedulePaused = (name: string, paused: boolean) => adminCall('PUT /admin/pipeline/schedules/{name}', { params: { name }, body: { paused } });

export const listOpenAlerts = () => adminCall('GET /admin/alerts', { query: { resolved: 'false', limit: 20 } });

export const resolveAlert = (id: string) => adminCall('POST /admin/alerts/{id}/resolve', { params: { id } });
