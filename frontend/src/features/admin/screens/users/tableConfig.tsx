import Badge from '@cloudscape-design/components/badge';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatDateTime } from '../../shell/format.ts';
import type { UserRole, UserRow } from './api.ts';

export const ROLE_LABELS: Record<UserRole, string> = { user: 'User', moderator: 'Moderator', admin: 'Admin' };
const ROLE_COLORS: Record<UserRole, 'grey' | 'blue' | 'red'> = { user: 'grey', moderator: 'blue', admin: 'red' };

export type UserAction = 'edit' | 'role' | 'message' | 'suspend' | 'enable';

export function userColumns(onAction: (action: UserAction, row: UserRow) => void): TableProps.ColumnDefinition<UserRow>[] {
  return [
    { id: 'name', header: 'Name', cell: (row) => row.fullName || <span aria-label="No name given">—</span>, isRowHeader: true },
    { id: 'email', header: 'Email', cell: (row) => row.email },
    { id: 'role', header: 'Role', cell: (row) => <Badge color={ROLE_COLORS[row.role]}>{ROLE_LABELS[row.role]}</Badge> },
    { id: 'joined', header: 'Joined', cell: (row) => formatDateTime(row.createdAt) },
    {
      id: 'status',
      header: 'Status',
      cell: (row) => (row.suspended ? <StatusIndicator type="stopped">Suspended</StatusIndicator> : <StatusIndicator type="success">Active</StatusIndicator>),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <ButtonDropdown
          variant="inline-icon"
          ariaLabel={`Actions for ${row.fullName || row.email}`}
          // The table scrolls sideways, which would clip the menu to the row: render it over the page.
          expandToViewport
          items={[
            { id: 'edit', text: 'Edit profile' },
            { id: 'role', text: 'Change role' },
            { id: 'message', text: 'Send message' },
            row.suspended ? { id: 'enable', text: 'Enable user' } : { id: 'suspend', text: 'Suspend user' },
          ]}
          onItemClick={({ detail }) => onAction(detail.id as UserAction, row)}
        />
      ),
    },
  ];
}
