import { adminCall, type ApiAnswer } from '../../shell/api.ts';

export type OperationsData = ApiAnswer<'GET /admin/operations'>;
export type AlarmView = OperationsData['alarms'][number];
export type AlarmState = AlarmView['state'];
export type FunctionFigures = OperationsData['functions'][number];
export type FunctionWindow = FunctionFigures['hour'];
export type StateMachineFigures = OperationsData['stateMachines'][number];
export type ScheduleView = OperationsData['schedules'][number];
export type DependencyFailureView = OperationsData['dependencyFailures'][number];

export const fetchOperations = () => adminCall('GET /admin/operations');
