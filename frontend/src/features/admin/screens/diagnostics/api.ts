import { adminGet, adminPost } from '../../shell/api.ts';

/** One check of POST /admin/diagnostics (lambdas/domain/operations/diagnostics.ts). */
export interface DiagnosticCheck {
  name: string;
  kind: 'database' | 'state-machine' | 'mail' | 'user-pool' | 'function';
  status: 'ok' | 'failed';
  latencyMs: number;
  statusCode?: number;
  detail: string;
  error: string | null;
}

export interface DiagnosticReport {
  summary: { healthy: boolean; databaseHealthy: boolean; checksTotal: number; passing: number; failing: number; averageLatencyMs: number };
  checks: DiagnosticCheck[];
  issues: string[];
  timestamp: string;
}

export interface BackupComponent {
  component: string;
  recordCount: number;
  sizeBytes: number;
}

export interface Backup {
  id: string;
  kind: 'export' | 'aws';
  table: string;
  createdAt: string;
  status: string;
  file?: string;
  components: BackupComponent[];
  totalRecords: number;
  totalBytes: number;
}

export interface BackupsPage {
  table: string;
  mode: 'export' | 'aws';
  pointInTimeRecovery: { status: string; earliestRestorableAt: string | null; latestRestorableAt: string | null; detail: string };
  backups: Backup[];
}

export const runDiagnostics = () => adminPost<DiagnosticReport>('/admin/diagnostics');
export const fetchBackups = () => adminGet<BackupsPage>('/admin/backups');
export const prepareBackup = () => adminPost<{ backup: Backup }>('/admin/backups');
