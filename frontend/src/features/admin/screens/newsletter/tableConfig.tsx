import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatDateTime } from '../../shell/format.ts';
import { FREQUENCY_OPTIONS, type SubscriberRow, type SubscriberStatus } from './api.ts';

const STATUS: Record<SubscriberStatus, { type: StatusIndicatorProps.Type; label: string }> = {
  confirmed: { type: 'success', label: 'Confirmed' },
  pending: { type: 'pending', label: 'Pending confirmation' },
  unsubscribed: { type: 'stopped', label: 'Unsubscribed' },
  suppressed: { type: 'error', label: 'Suppressed (bounce or complaint)' },
};

export const subscriberColumns: TableProps.ColumnDefinition<SubscriberRow>[] = [
  { id: 'email', header: 'Email', cell: (row) => row.email, isRowHeader: true },
  { id: 'frequency', header: 'Frequency', cell: (row) => (row.status === 'pending' ? '—' : (FREQUENCY_OPTIONS.find((option) => option.value === row.frequency)?.label ?? row.frequency)) },
  { id: 'topics', header: 'Topics', cell: (row) => (row.status === 'pending' ? '—' : row.topics.length ? row.topics.join(', ') : 'All topics') },
  { id: 'status', header: 'Status', cell: (row) => <StatusIndicator type={STATUS[row.status].type}>{STATUS[row.status].label}</StatusIndicator> },
  { id: 'created', header: 'Subscribed', cell: (row) => formatDateTime(row.createdAt) },
];
