import { adminCall, type ApiAnswer } from '../../shell/api.ts';

export const SECURITY_PERIODS = [1, 7, 30] as const;
export type SecurityDays = (typeof SECURITY_PERIODS)[number];

export type SecurityReport = ApiAnswer<'GET /admin/security'>;
export type SignInFailure = SecurityReport['signInFailures'][number];
export type RoleChange = SecurityReport['roleChanges'][number];

export const fetchSecurity = (days: SecurityDays) => adminCall('GET /admin/security', { query: { days: `${days}` } });
