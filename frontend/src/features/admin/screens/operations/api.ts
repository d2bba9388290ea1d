import { adminGet } from '../../shell/api.ts';
import type { SystemHealth } from '../../shell/health.tsx';

export type AlarmState = 'OK' | 'ALARM' | 'INSUFFICIENT_DATA';

export interface FunctionWindow {
  invocations: number;
  errors: number;
  errorRate: number | null;
  avgMs: number | null;
  p95Ms: number | null;
  maxMs: number;
}

export interface FunctionFigures {
  name: string;
  hour: FunctionWindow;
  day: FunctionWindow;
}

export interface StateMachineFigures {
  machine: string;
  runs: number;
  counts: { SUCCEEDED: number; FAILED: number; TIMED_OUT: number; ABORTED: number; RUNNING: number };
  successRate: number | null;
  lastFailure: { name: string; status: string; stoppedAt: string | null; error: string | null; cause: string | null } | null;
}

export interface AlarmView {
  name: string;
  subject: string;
  kind: 'function-errors' | 'state-machine-success';
  state: AlarmState;
  reason: string;
}

export interface ScheduleView {
  name: string;
  description: string;
  expression: string;
  timezone: string;
  stateMachine: string;
  state: 'ENABLED' | 'DISABLED';
  nextRun: string | null;
}

export interface OperationsData {
  generatedAt: string;
  health: SystemHealth;
  figures: { drafts: number; unclassified: number; alerts24h: number; published24h: number };
  alarms: AlarmView[];
  alarmsInAlarm: number;
  functions: FunctionFigures[];
  stateMachines: StateMachineFigures[];
  alerts: Array<{ id: string; severity: string; alertType: string; message: string; createdAt: string }>;
  openAlerts: number;
  highAlerts: number;
  schedules: ScheduleView[];
  schedulesError: string | null;
}

export const fetchOperations = () => adminGet<OperationsData>('/admin/operations');
