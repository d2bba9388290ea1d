import { describe, expect, it } from 'vitest';
import { backupId, backupTotals, BACKUP_ID_PATTERN, checkErrorText, diagnosticReport, type DiagnosticCheck } from '#domain/operations/diagnostics.ts';

const check = (name: string, kind: DiagnosticCheck['kind'], status: DiagnosticCheck['status'], latencyMs: number, error: string | null = null): DiagnosticCheck => ({ name, kind, status, latencyMs, detail: name, error });

describe('diagnosticReport', () => {
  it('is healthy only when every check passed; averages latency; lists failures as issues', () => {
    const now = new Date('2026-11-23T10:00:00Z');
    const healthy = diagnosticReport([check('dynamodb', 'database', 'ok', 10), check('ses', 'mail', 'ok', 21)], now);
    expect(healthy.summary).toEqual({ healthy: true, databaseHealthy: true, checksTotal: 2, passing: 2, failing: 0, averageLatencyMs: 16 });
    expect(healthy.issues).toEqual([]);
    expect(healthy.timestamp).toBe('2026-11-23T10:00:00.000Z');

    const sick = diagnosticReport([check('dynamodb', 'database', 'failed', 3000, 'Network or connection error (x)'), check('function:me', 'function', 'failed', 5, null), check('ses', 'mail', 'ok', 1)], now);
    expect(sick.summary).toMatchObject({ healthy: false, databaseHealthy: false, passing: 1, failing: 2 });
    expect(sick.issues).toEqual(['dynamodb: Network or connection error (x)', 'function:me: Unknown error']);
  });

  it('does not call the database healthy when it was not checked', () => {
    expect(diagnosticReport([], new Date()).summary).toMatchObject({ healthy: true, databaseHealthy: false, checksTotal: 0, averageLatencyMs: 0 });
  });
});

describe('checkErrorText', () => {
  it('names connection failures as the spec does and keeps other messages', () => {
    expect(checkErrorText(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe('Network or connection error (connect ECONNREFUSED 127.0.0.1:1)');
    expect(checkErrorText(Object.assign(new Error('timed out'), { name: 'TimeoutError' }))).toMatch(/^Network or connection error/);
    expect(checkErrorText(Object.assign(new Error('Table not found'), { name: 'ResourceNotFoundException' }))).toBe('ResourceNotFoundException: Table not found');
    expect(checkErrorText('nope')).toBe('Unknown error');
  });
});

describe('backups', () => {
  it('sorts components by record count with totals', () => {
    const totals = backupTotals(new Map([['counter', { records: 2, bytes: 10 }], ['article', { records: 5, bytes: 100 }], ['other', { records: 2, bytes: 1 }]]));
    expect(totals.components.map((part) => part.component)).toEqual(['article', 'counter', 'other']);
    expect(totals).toMatchObject({ totalRecords: 9, totalBytes: 111 });
  });

  it('makes path-safe ids that the listing recognises', () => {
    const id = backupId(new Date('2026-11-23T10:11:12.345Z'));
    expect(id).toBe('backup-2026-11-23T10-11-12-345Z');
    expect(BACKUP_ID_PATTERN.test(id)).toBe(true);
    expect(BACKUP_ID_PATTERN.test('../etc/passwd')).toBe(false);
  });
});
