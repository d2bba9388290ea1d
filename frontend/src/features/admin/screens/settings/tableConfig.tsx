import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { ConfigurationStatusItem } from './api.ts';

export const statusColumns: TableProps.ColumnDefinition<ConfigurationStatusItem>[] = [
  { id: 'category', header: 'Category', cell: (item) => item.configCategory },
  { id: 'setting', header: 'Setting', cell: (item) => item.settingName, isRowHeader: true },
  { id: 'current', header: 'Current value', cell: (item) => item.currentValue },
  { id: 'recommended', header: 'Recommended value', cell: (item) => item.recommendedValue },
  {
    id: 'status',
    header: 'Status',
    minWidth: 130,
    cell: (item) => <StatusIndicator type={item.status === 'ok' ? 'success' : 'warning'}>{item.status === 'ok' ? 'OK' : 'Warning'}</StatusIndicator>,
  },
  { id: 'manual', header: 'Manual action', cell: (item) => (item.manualActionRequired ? 'Required' : '—') },
];
