import { adminGet } from '../../shell/api.ts';

export const SECURITY_PERIODS = [1, 7, 30] as const;
export type SecurityDays = (typeof SECURITY_PERIODS)[number];

export interface SignInFailure {
  userId: string;
  email: string | null;
  attempts: number;
  successes: number;
  failures: number;
  lastAttemptAt: string | null;
}

export interface RoleChange {
  id: string;
  at: string;
  action: string;
  actor: string;
  target: string;
  targetEmail: string | null;
  before: unknown;
  after: unknown;
}

export interface SecurityReport {
  days: number;
  since: string;
  totals: { attempts: number; failures: number; accountsWithFailures: number };
  signInFailures: SignInFailure[];
  roleChanges: RoleChange[];
}

export const fetchSecurity = (days: SecurityDays) => adminGet<SecurityReport>('/admin/security', { days });
