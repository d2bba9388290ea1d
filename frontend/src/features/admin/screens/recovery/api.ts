import { adminCall, type ApiAnswer } from '../../shell/api.ts';

export type RecoveryData = ApiAnswer<'GET /admin/recovery'>;
export type RecoveryRun = ApiAnswer<'POST /admin/recovery/{action}'>;
export type RecoveryAction = RecoveryData['actions'][number]['action'];

export const fetchRecovery = () => adminCall('GET /admin/recovery');
export const runRecovery = (action: RecoveryAction, body: { runId?: string } = {}) => adminCall('POST /admin/recovery/{action}', { params: { action }, body });
