import { adminGet, adminPost, adminPut } from '../../shell/api.ts';

/** Typed calls of the Pipeline Control API (lambdas/http/admin/pipeline.ts). */

export const MACHINES = ['ingest', 'lifecycle', 'retrain', 'newsletter'] as const;
export type Machine = (typeof MACHINES)[number];
export const EXECUTION_STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

export interface ExecutionSummary {
  machine: Machine;
  name: string;
  status: ExecutionStatus;
  startDate: string;
  stopDate?: string;
  durationMs?: number;
  redriveCount: number;
}

export interface TimelineEntry {
  state: string;
  type: string;
  enteredAt: string;
  exitedAt?: string;
  durationMs?: number;
  status: 'running' | 'succeeded' | 'failed';
  error?: string;
  cause?: string;
  iteration?: number;
  retries?: number;
}

export interface ExecutionDetail extends ExecutionSummary {
  executionArn: string;
  input: unknown;
  output?: unknown;
  error?: string;
  cause?: string;
  redriveDate?: string;
  redrivable: boolean;
  redriveStatusReason?: string;
  progress: { done: number; failed: number; total: number } | null;
  timeline: TimelineEntry[];
}

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

export interface Started {
  machine: Machine;
  name: string;
  executionArn: string;
  startDate: string;
}

export interface Schedule {
  name: string;
  description: string;
  expression: string;
  timezone: string;
  stateMachine: string;
  state: 'ENABLED' | 'DISABLED';
  nextRun: string | null;
}

export interface AutomationAlert {
  id: string;
  severity: 'critical' | 'high' | 'medium' | 'low';
  alertType: string;
  message: string;
  resolved: boolean;
  createdAt: string;
}

export const listExecutions = (filters: ExecutionFilters, cursor?: string, limit = 25) =>
  adminGet<{ items: ExecutionSummary[]; cursor: string | null }>('/admin/pipeline/executions', { ...filters, cursor, limit });

export const getExecution = (machine: string, name: string) =>
  adminGet<ExecutionDetail>(`/admin/pipeline/executions/${encodeURIComponent(machine)}/${encodeURIComponent(name)}`);

export const startExecution = (request: StartRequest) => adminPost<Started>('/admin/pipeline/executions', request);

export const stopExecution = (machine: string, name: string) =>
  adminPost<{ status: string; stopDate: string }>(`/admin/pipeline/executions/${encodeURIComponent(machine)}/${encodeURIComponent(name)}/stop`);

export const redriveExecution = (machine: string, name: string) =>
  adminPost<{ status: string; redriveDate: string; redriveCount: number }>(`/admin/pipeline/executions/${encodeURIComponent(machine)}/${encodeURIComponent(name)}/redrive`);

export const listSchedules = () => adminGet<Schedule[]>('/admin/pipeline/schedules');

export const setSchedulePaused = (name: string, paused: boolean) => adminPut<Schedule>(`/admin/pipeline/schedules/${encodeURIComponent(name)}`, { paused });

export const listOpenAlerts = () => adminGet<{ items: AutomationAlert[]; cursor: string | null }>('/admin/alerts', { resolved: 'false', limit: 20 });

export const resolveAlert = (id: string) => adminPost<AutomationAlert>(`/admin/alerts/${encodeURIComponent(id)}/resolve`);
