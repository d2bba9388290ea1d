import { adminGet, adminPost, adminPut, type ApiAnswer } from '../../shell/api.ts';

/** Typed calls of the Pipeline Control API (lambdas/http/admin/pipeline.ts). */

export const MACHINES = ['ingest', 'lifecycle', 'retrain', 'newsletter'] as const;
export type Machine = (typeof MACHINES)[number];
export const EXECUTION_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export type ExecutionPage = ApiAnswer<'GET /admin/pipeline/executions'>;
export type ExecutionSummary = ExecutionPage['items'][number];
export type ExecutionDetail = ApiAnswer<'GET /admin/pipeline/executions/{machine}/{name}'>;
export type TimelineEntry = ExecutionDetail['timeline'][number];

export interface ExecutionFilters {
  machine?: Machine;
  status?: ExecutionStatus;
  since?: string;
  until?: string;
}

export interface StartRequest {
  machine: Machine;
  mode?: 'full' | 'classify-only';
  frequency?: 'daily' | 'weekly' | 'monthly';
}

export type Started = ApiAnswer<'POST /admin/pipeline/executions'>;
export type Schedule = ApiAnswer<'PUT /admin/pipeline/schedules/{name}'>;
export type AutomationAlert = ApiAnswer<'POST /admin/alerts/{id}/resolve'>;

export const listExecutions = (filters: ExecutionFilters, cursor?: string, limit = 25) =>
  adminGet<ExecutionPage>('/admin/pipeline/executions', { ...filters, cursor, limit });

export const getExecution = (machine: string, name: string) =>
  adminGet<ExecutionDetail>(`/admin/pipeline/executions/${encodeURIComponent(machine)}/${encodeURIComponent(name)}`);

export const startExecution = (request: StartRequest) => adminPost<Started>('/admin/pipeline/executions', request);

export const stopExecution = (machine: string, name: string) =>
  adminPost<ApiAnswer<'POST /admin/pipeline/executions/{machine}/{name}/stop'>>(`/admin/pipeline/executions/${encodeURIComponent(machine)}/${encodeURIComponent(name)}/stop`);

export const redriveExecution = (machine: string, name: string) =>
  adminPost<ApiAnswer<'POST /admin/pipeline/executions/{machine}/{name}/redrive'>>(`/admin/pipeline/executions/${encodeURIComponent(machine)}/${encodeURIComponent(name)}/redrive`);

export const listSchedules = () => adminGet<ApiAnswer<'GET /admin/pipeline/schedules'>>('/admin/pipeline/schedules');

export const setSchedulePaused = (name: string, paused: boolean) => adminPut<Schedule>(`/admin/pipeline/schedules/${encodeURIComponent(name)}`, { paused });

export const listOpenAlerts = () => adminGet<ApiAnswer<'GET /admin/alerts'>>('/admin/alerts', { resolved: 'false', limit: 20 });

export const resolveAlert = (id: string) => adminPost<AutomationAlert>(`/admin/alerts/${encodeURIComponent(id)}/resolve`);
