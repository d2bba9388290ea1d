import { adminCall, type ApiAnswer } from '../../shell/api.ts';

export type DiagnosticReport = ApiAnswer<'POST /admin/diagnostics'>;
/** One check of POST /admin/diagnostics (lambdas/domain/operations/diagnostics.ts). */
export type DiagnosticCheck = DiagnosticReport['checks'][number];
export type BackupsPage = ApiAnswer<'GET /admin/backups'>;
export type Backup = BackupsPage['backups'][number];
export type BackupComponent = Backup['components'][number];

export const runDiagnostics = () => adminCall('POST /admin/diagnostics');
export const fetchBackups = () => adminCall('GET /admin/backups');
export const prepareBackup = () => adminCall('POST /admin/backups');
