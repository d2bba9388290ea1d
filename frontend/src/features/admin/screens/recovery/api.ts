import { adminGet, adminPost, type ApiAnswer } from '../../shell/api.ts';

export type RecoveryData = ApiAnswer<'GET /admin/recovery'>;
export type RecoveryRun = ApiAnswer<'POST /admin/recovery/{action}'>;
export type RecoveryAction = RecoveryData['actions'][number]['action'];

export const fetchRecovery = () => adminGet<RecoveryData>('/admin/recovery');
export const runRecovery = (action: RecoveryAction, body: { runId?: string } = {}) => adminPost<RecoveryRun>(`/admin/recovery/${action}`, body);
