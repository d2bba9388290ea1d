import { adminGet, adminPost } from '../../shell/api.ts';
import type { SystemHealth } from '../../shell/health.tsx';
import type { StartedExecution } from '../../shell/executions.ts';

export type RecoveryAction = 'classify-drafts' | 'redrive-failed' | 'reject-auto-rejected' | 'rebuild-search-index' | 'resend-digest-batch';

export interface RecoveryRun {
  id: string;
  action: RecoveryAction;
  startedBy: string;
  startedAt: string;
  finishedAt: string | null;
  status: 'running' | 'completed' | 'failed';
  done: number;
  total: number;
  failed: number;
  details: { executions?: Array<{ machine: string; name: string; status: string; result: string; error?: string }>; resendOf?: string } | null;
  error: string | null;
  execution?: StartedExecution;
}

export interface RecoveryData {
  health: SystemHealth;
  figures: { drafts: number; unclassified: number; alerts24h: number; openAlerts: number };
  actions: Array<{ action: RecoveryAction; pending: number }>;
  runs: RecoveryRun[];
}

export const fetchRecovery = () => adminGet<RecoveryData>('/admin/recovery');
export const runRecovery = (action: RecoveryAction, body: { runId?: string } = {}) => adminPost<RecoveryRun>(`/admin/recovery/${action}`, body);
