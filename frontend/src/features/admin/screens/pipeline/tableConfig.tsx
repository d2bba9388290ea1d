import Box from '@cloudscape-design/components/box';
import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ReactNode } from 'react';
import type { AutomationAlert, ExecutionSummary, Schedule, TimelineEntry } from './api.ts';
import { formatDuration, formatTime, MACHINE_LABELS, STATUS_INDICATOR } from './format.ts';

/** Column definitions of the Pipeline Control tables (Cloudscape demo shape: config apart from the page). */

export const executionPath = (item: { machine: string; name: string }) =>
  `/admin/system/pipeline/executions/${encodeURIComponent(item.machine)}/${encodeURIComponent(item.name)}`;

export function executionColumns(follow: (href: string) => void): TableProps.ColumnDefinition<ExecutionSummary>[] {
  return [
    {
      id: 'name',
      header: 'Execution',
      cell: (item) => (
        <Link
          href={executionPath(item)}
          onFollow={(event) => {
            event.preventDefault();
            follow(executionPath(item));
          }}
        >
          {item.name}
        </Link>
      ),
      isRowHeader: true,
    },
    { id: 'machine', header: 'State machine', cell: (item) => MACHINE_LABELS[item.machine] ?? item.machine },
    {
      id: 'status',
      header: 'Status',
      cell: (item) => (
        <StatusIndicator type={STATUS_INDICATOR[item.status].type}>
          <NoBreak>{STATUS_INDICATOR[item.status].label}</NoBreak>
          {item.redriveCount ? ` (redriven ${item.redriveCount}×)` : ''}
        </StatusIndicator>
      ),
      // Room for the icon and the longest status word ("Succeeded", "Timed out") on one line: a squeezed
      // column broke the word itself ("Succeede d").
      minWidth: 150,
    },
    { id: 'start', header: 'Started', cell: (item) => formatTime(item.startDate) },
    { id: 'duration', header: 'Duration', cell: (item) => (item.status === 'RUNNING' ? 'Running' : formatDuration(item.durationMs)) },
  ];
}

/** A word or two that stay on one line however narrow the column (a table cell otherwise breaks inside a word). */
function NoBreak({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

export const timelineColumns: TableProps.ColumnDefinition<TimelineEntry>[] = [
  { id: 'state', header: 'State', cell: (entry) => entry.state, isRowHeader: true, minWidth: 150 },
  { id: 'type', header: 'Type', cell: (entry) => entry.type, minWidth: 80 },
  { id: 'iteration', header: 'Map iteration', cell: (entry) => (entry.iteration === undefined ? '-' : `#${entry.iteration + 1}`), minWidth: 100 },
  {
    id: 'status',
    header: 'Status',
    cell: (entry) => (
      <StatusIndicator type={STATUS_INDICATOR[entry.status].type}>
        <NoBreak>{STATUS_INDICATOR[entry.status].label}</NoBreak>
        {entry.retries ? ` after ${entry.retries} ${entry.retries === 1 ? 'retry' : 'retries'}` : ''}
      </StatusIndicator>
    ),
    // The status word never breaks ("Succeede d" in a squeezed column): the column is at least as wide as it.
    minWidth: 150,
  },
  { id: 'entered', header: 'Entered', cell: (entry) => formatTime(entry.enteredAt), minWidth: 200 },
  { id: 'duration', header: 'Time in state', cell: (entry) => (entry.status === 'running' ? 'Running' : formatDuration(entry.durationMs)), minWidth: 110 },
  {
    id: 'error',
    header: 'Error',
    cell: (entry) =>
      entry.error ? (
        <Box variant="small">
          <strong>{entry.error}</strong>
          {entry.cause ? `: ${entry.cause}` : ''}
        </Box>
      ) : (
        '-'
      ),
    minWidth: 240,
  },
];

export function scheduleColumns(toggle: (schedule: Schedule) => ReactNode): TableProps.ColumnDefinition<Schedule>[] {
  return [
    { id: 'name', header: 'Schedule', cell: (schedule) => schedule.name, isRowHeader: true, minWidth: 190 },
    { id: 'description', header: 'Description', cell: (schedule) => schedule.description, minWidth: 240 },
    { id: 'expression', header: 'Expression', cell: (schedule) => <Box variant="code">{schedule.expression}</Box>, minWidth: 190 },
    { id: 'machine', header: 'Starts', cell: (schedule) => MACHINE_LABELS[schedule.stateMachine] ?? schedule.stateMachine, minWidth: 100 },
    { id: 'next', header: 'Next run', cell: (schedule) => (schedule.state === 'ENABLED' ? formatTime(schedule.nextRun) : 'Paused'), minWidth: 200 },
    { id: 'state', header: 'Enabled', cell: toggle, minWidth: 130 },
  ];
}

const SEVERITY: Record<string, 'error' | 'warning' | 'info'> = { critical: 'error', high: 'error', medium: 'warning', low: 'info' };

export function alertColumns(action: (alert: AutomationAlert) => ReactNode): TableProps.ColumnDefinition<AutomationAlert>[] {
  return [
    {
      id: 'severity',
      header: 'Severity',
      cell: (alert) => <StatusIndicator type={SEVERITY[alert.severity] ?? 'info'}>{alert.severity}</StatusIndicator>,
      minWidth: 120,
    },
    { id: 'message', header: 'Message', cell: (alert) => alert.message, isRowHeader: true, minWidth: 260 },
    { id: 'type', header: 'Type', cell: (alert) => alert.alertType, minWidth: 140 },
    { id: 'created', header: 'Raised', cell: (alert) => formatTime(alert.createdAt), minWidth: 200 },
    { id: 'action', header: 'Action', cell: action, minWidth: 100 },
  ];
}
