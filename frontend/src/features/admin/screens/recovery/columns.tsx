import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import type { RecoveryAction, RecoveryRun } from './api.ts';
import { countOf } from '#domain/common/plural.ts';
import { isRecoveryAction } from '#domain/operations/operations.ts';

export const ACTION_TEXT: Record<RecoveryAction, { title: string; description: string; pendingLabel: string }> = {
  'classify-drafts': {
    title: 'Classify waiting drafts',
    description: 'Starts the ingest state machine in classify-only mode (the hourly backlog run): drafts waiting for the classifier are classified, published, queued for review or rejected; no feed is fetched.',
    pendingLabel: 'drafts waiting for the classifier',
  },
  'redrive-failed': {
    title: 'Redrive failed executions',
    description: 'Redrives every failed or timed-out execution of the last 24 hours that Step Functions can redrive; each step is idempotent.',
    pendingLabel: 'failed or timed-out executions in 24 hours',
  },
  'reject-auto-rejected': {
    title: 'Move auto-rejected to rejected',
    description: 'Drafts the classifier auto-rejected become rejected, so the lifecycle archives them in time (the Lifecycle clean-up, each article audited).',
    pendingLabel: 'auto-rejected drafts',
  },
  'rebuild-search-index': {
    title: 'Rebuild the search index',
    description: 'Every published article is re-indexed by every running search index at its next look, page by page; this screen follows the progress.',
    pendingLabel: 'published articles',
  },
  'resend-digest-batch': {
    title: 'Re-send a failed digest batch',
    description: 'Runs the newsletter state machine again with the input of the latest failed digest execution of the last 24 hours. Addresses already claimed for that issue are skipped: only those not yet sent receive it.',
    pendingLabel: 'failed digest executions not re-sent',
  },
  'redrive-dead-letters': {
    title: 'Redrive dead letters',
    description: 'Hands the work the stream consumers and the mail events gave up on back to their functions: a stream batch is read back from the table\'s stream (kept 24 hours), an event is sent again. A message is removed once its function takes it; one that fails again stays in its queue.',
    pendingLabel: 'dead letters waiting in the queues',
  },
};

const STATUS_TYPE = { running: 'in-progress', completed: 'success', failed: 'error' } as const;

function resultOf(run: RecoveryRun): string {
  if (run.status === 'failed') return run.error ?? 'Failed';
  if (run.action === 'redrive-failed') return `${formatCount(run.done)} redriven of ${formatCount(run.total)}${run.failed ? `, ${formatCount(run.failed)} not redriven` : ''}`;
  if (run.action === 'classify-drafts') return `Classification started for ${countOf(run.total, 'waiting draft')}`;
  if (run.action === 'resend-digest-batch') return `Re-sent ${run.details?.resendOf ?? 'a failed digest'}`;
  if (run.action === 'reject-auto-rejected') return `${formatCount(run.done)} moved to rejected`;
  if (run.action === 'redrive-dead-letters') return `${formatCount(run.done)} redriven of ${countOf(run.total, 'dead letter')}${run.failed ? `, ${formatCount(run.failed)} failed again and stay` : ''}`;
  return `${formatCount(run.done)} of ${countOf(run.total, 'article')}`;
}

export const runColumns: TableProps.ColumnDefinition<RecoveryRun>[] = [
  { id: 'started', header: 'Started', cell: (item) => formatDateTime(item.startedAt) },
  { id: 'action', header: 'Action', cell: (item) => (isRecoveryAction(item.action) ? ACTION_TEXT[item.action].title : item.action), isRowHeader: true },
  { id: 'by', header: 'By', cell: (item) => item.startedBy },
  { id: 'status', header: 'Status', cell: (item) => <StatusIndicator type={STATUS_TYPE[item.status]}>{item.status}</StatusIndicator> },
  { id: 'result', header: 'Result', cell: (item) => resultOf(item) },
  { id: 'finished', header: 'Finished', cell: (item) => formatDateTime(item.finishedAt) },
];
