import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatCount, formatDateTime, formatPercent } from '../../shell/format.ts';
import type { AlarmState, AlarmView, DependencyFailureView, FunctionFigures, ScheduleView, StateMachineFigures } from './api.ts';

const ms = (value: number | null) => (value === null ? '—' : `${formatCount(value)} ms`);
const rate = (value: number | null) => (value === null ? '—' : `${(value * 100).toFixed(1).replace(/\.0$/, '')}%`);

export const ALARM_INDICATOR: Record<AlarmState, StatusIndicatorProps.Type> = { OK: 'success', ALARM: 'error', INSUFFICIENT_DATA: 'pending' };
export const ALARM_LABEL: Record<AlarmState, string> = { OK: 'OK', ALARM: 'In alarm', INSUFFICIENT_DATA: 'Insufficient data' };

export const functionColumns: TableProps.ColumnDefinition<FunctionFigures>[] = [
  { id: 'name', header: 'Function', cell: (item) => item.name, isRowHeader: true },
  { id: 'hourInvocations', header: 'Invocations (this hour)', cell: (item) => <span data-testid={`fn-${item.name}-hour-invocations`}>{formatCount(item.hour.invocations)}</span> },
  { id: 'hourErrors', header: 'Error rate (this hour)', cell: (item) => rate(item.hour.errorRate) },
  { id: 'dayInvocations', header: 'Invocations (24 h)', cell: (item) => <span data-testid={`fn-${item.name}-day-invocations`}>{formatCount(item.day.invocations)}</span> },
  { id: 'dayErrors', header: 'Errors (24 h)', cell: (item) => <span data-testid={`fn-${item.name}-day-errors`}>{formatCount(item.day.errors)}</span> },
  { id: 'dayRate', header: 'Error rate (24 h)', cell: (item) => rate(item.day.errorRate) },
  { id: 'avg', header: 'Avg latency (24 h)', cell: (item) => ms(item.day.avgMs) },
  { id: 'p95', header: 'p95 latency (24 h, at most)', cell: (item) => ms(item.day.p95Ms) },
];

export const machineColumns: TableProps.ColumnDefinition<StateMachineFigures>[] = [
  { id: 'machine', header: 'State machine', cell: (item) => item.machine, isRowHeader: true },
  { id: 'runs', header: 'Runs (24 h)', cell: (item) => <span data-testid={`sm-${item.machine}-runs`}>{formatCount(item.runs)}</span> },
  { id: 'success', header: 'Success rate (24 h)', cell: (item) => <span data-testid={`sm-${item.machine}-success`}>{formatPercent(item.successRate)}</span> },
  { id: 'failed', header: 'Failed / timed out / aborted', cell: (item) => `${item.counts.FAILED} / ${item.counts.TIMED_OUT} / ${item.counts.ABORTED}` },
  { id: 'running', header: 'Running', cell: (item) => formatCount(item.counts.RUNNING) },
  {
    id: 'lastFailure',
    header: 'Last failure',
    cell: (item) => (item.lastFailure ? `${formatDateTime(item.lastFailure.stoppedAt)}: ${item.lastFailure.error ?? item.lastFailure.status}` : 'None in 24 h'),
  },
];

export const alarmColumns: TableProps.ColumnDefinition<AlarmView>[] = [
  { id: 'name', header: 'Alarm', cell: (item) => item.name, isRowHeader: true },
  { id: 'state', header: 'State', minWidth: 150, cell: (item) => <StatusIndicator type={ALARM_INDICATOR[item.state]}>{ALARM_LABEL[item.state]}</StatusIndicator> },
  { id: 'reason', header: 'Reason', cell: (item) => item.reason },
];

export const scheduleColumns: TableProps.ColumnDefinition<ScheduleView>[] = [
  { id: 'name', header: 'Schedule', cell: (item) => item.name, isRowHeader: true },
  { id: 'description', header: 'What it does', cell: (item) => item.description },
  { id: 'expression', header: 'Expression', cell: (item) => `${item.expression} (${item.timezone})` },
  { id: 'machine', header: 'Runs', cell: (item) => item.stateMachine },
  { id: 'state', header: 'State', minWidth: 120, cell: (item) => <StatusIndicator type={item.state === 'ENABLED' ? 'success' : 'stopped'}>{item.state === 'ENABLED' ? 'Enabled' : 'Paused'}</StatusIndicator> },
  { id: 'next', header: 'Next run', cell: (item) => formatDateTime(item.nextRun) },
];

export const dependencyFailureColumns: TableProps.ColumnDefinition<DependencyFailureView>[] = [
  { id: 'reason', header: 'What happened', cell: (item) => item.reason, isRowHeader: true },
  { id: 'gaveUp', header: 'Calls failed after retries', cell: (item) => <span data-testid={`dep-${item.service}-${item.kind}-gave-up`}>{formatCount(item.gaveUp)}</span> },
  { id: 'attempts', header: 'Failed attempts', cell: (item) => <span data-testid={`dep-${item.service}-${item.kind}-attempts`}>{formatCount(item.attempts)}</span> },
  { id: 'last', header: 'Last', cell: (item) => `${formatDateTime(item.lastAt)}: ${item.lastOperation} (${item.lastError})` },
];
