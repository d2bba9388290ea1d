/**
 * Diagnostics and backups (admin spec: "Diagnostic result", "Backup component"): pure shaping of what the
 * checks and the export measured. No AWS here; the checks themselves are in services/health-checks.ts.
 */

export type CheckStatus = 'ok' | 'failed';

export interface DiagnosticCheck {
  /** Stable id: `dynamodb`, `stepfunctions:<machine>`, `ses`, `cognito`, `function:<name>`. */
  name: string;
  /** What kind of thing was checked, for grouping on the screen. */
  kind: 'database' | 'state-machine' | 'mail' | 'user-pool' | 'function';
  status: CheckStatus;
  latencyMs: number;
  /** HTTP status of a function probe (spec: statusCode); absent for SDK checks. */
  statusCode?: number;
  /** What was called, e.g. `DescribeTable + Query counters`, `GET /categories`. */
  detail: string;
  error: string | null;
}

export interface DiagnosticSummary {
  healthy: boolean;
  databaseHealthy: boolean;
  checksTotal: number;
  passing: number;
  failing: number;
  averageLatencyMs: number;
}

export interface DiagnosticReport {
  summary: DiagnosticSummary;
  checks: DiagnosticCheck[];
  issues: string[];
  timestamp: string;
}

/** The whole report from the checks' results (order kept). */
export function diagnosticReport(checks: DiagnosticCheck[], now: Date): DiagnosticReport {
  const failing = checks.filter((check) => check.status === 'failed');
  const total = checks.reduce((sum, check) => sum + check.latencyMs, 0);
  return {
    summary: {
      healthy: failing.length === 0,
      databaseHealthy: checks.some((check) => check.kind === 'database') && checks.filter((check) => check.kind === 'database').every((check) => check.status === 'ok'),
      checksTotal: checks.length,
      passing: checks.length - failing.length,
      failing: failing.length,
      averageLatencyMs: checks.length ? Math.round(total / checks.length) : 0,
    },
    checks,
    issues: failing.map((check) => `${check.name}: ${check.error ?? 'Unknown error'}`),
    timestamp: now.toISOString(),
  };
}

/**
 * A failed check's error text, as the spec words failures: the error's own message where it has one,
 * "Network or connection error" for refused or timed-out connections, else "Unknown error".
 */
export function checkErrorText(error: unknown): string {
  if (!(error instanceof Error)) return 'Unknown error';
  const code = (error as { code?: string }).code ?? '';
  const name = error.name;
  const network = /ECONNREFUSED|ECONNRESET|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|EAI_AGAIN/.test(`${code} ${error.message}`) || /TimeoutError|AbortError/.test(name);
  if (network) return `Network or connection error (${error.message || name})`;
  return error.message ? `${name && name !== 'Error' ? `${name}: ` : ''}${error.message}` : 'Unknown error';
}

export interface BackupComponent {
  /** The entity (ElectroDB entity name), or `other` for items outside the entities. */
  component: string;
  recordCount: number;
  /** Bytes of this component's lines in the export file. */
  sizeBytes: number;
}

export interface BackupSummary {
  id: string;
  kind: 'export' | 'aws';
  table: string;
  createdAt: string;
  status: string;
  /** Present for exports: where the file is (under the runtime's data dir) and what it holds. */
  file?: string;
  components: BackupComponent[];
  totalRecords: number;
  totalBytes: number;
}

/** Components sorted by record count (largest first), with totals. */
export function backupTotals(counts: Map<string, { records: number; bytes: number }>): { components: BackupComponent[]; totalRecords: number; totalBytes: number } {
  const components = [...counts.entries()]
    .map(([component, { records, bytes }]) => ({ component, recordCount: records, sizeBytes: bytes }))
    .sort((a, b) => b.recordCount - a.recordCount || a.component.localeCompare(b.component));
  return {
    components,
    totalRecords: components.reduce((sum, part) => sum + part.recordCount, 0),
    totalBytes: components.reduce((sum, part) => sum + part.sizeBytes, 0),
  };
}

/** Backup ids name files: time-ordered, safe in a path. */
export function backupId(now: Date): string {
  return `backup-${now.toISOString().replace(/[:.]/g, '-')}`;
}

export const BACKUP_ID_PATTERN = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;
