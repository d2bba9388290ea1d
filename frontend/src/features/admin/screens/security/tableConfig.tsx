import type { TableProps } from '@cloudscape-design/components/table';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import type { RoleChange, SignInFailure } from './api.ts';

const ACTIONS: Record<string, string> = { 'user.role': 'Role change', 'user.suspend': 'Suspension', 'user.enable': 'Re-enabled' };

/** A before/after value in words: the role, or suspended / active. */
function describe(value: unknown): string {
  if (!value || typeof value !== 'object') return '—';
  const record = value as Record<string, unknown>;
  if (typeof record.role === 'string') return record.role;
  if (typeof record.suspended === 'boolean') return record.suspended ? 'suspended' : 'active';
  return JSON.stringify(value);
}

export const failureColumns: TableProps.ColumnDefinition<SignInFailure>[] = [
  { id: 'account', header: 'Account', cell: (item) => item.email ?? item.userId, isRowHeader: true },
  { id: 'failures', header: 'Failures', cell: (item) => formatCount(item.failures) },
  { id: 'attempts', header: 'Attempts', cell: (item) => formatCount(item.attempts) },
  { id: 'last', header: 'Last attempt', cell: (item) => formatDateTime(item.lastAttemptAt) },
];

export const roleChangeColumns: TableProps.ColumnDefinition<RoleChange>[] = [
  { id: 'when', header: 'When', cell: (item) => formatDateTime(item.at) },
  { id: 'who', header: 'Who', cell: (item) => item.actor },
  { id: 'action', header: 'Change', cell: (item) => ACTIONS[item.action] ?? item.action },
  { id: 'target', header: 'Target', cell: (item) => item.targetEmail ?? item.target, isRowHeader: true },
  { id: 'change', header: 'Before → after', cell: (item) => `${describe(item.before)} → ${describe(item.after)}` },
];
