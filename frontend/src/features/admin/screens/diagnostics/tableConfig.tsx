import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import type { Backup, BackupComponent, DiagnosticCheck } from './api.ts';

export const formatBytes = (bytes: number) => (bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(2)} MB`);

const KIND_LABELS: Record<DiagnosticCheck['kind'], string> = {
  database: 'Database',
  'state-machine': 'State machine',
  mail: 'Mail',
  'user-pool': 'User pool',
  function: 'Function',
};

/** Status and latency right after the name, so a phone shows them without scrolling; detail last, widest. */
export const checkColumns: TableProps.ColumnDefinition<DiagnosticCheck>[] = [
  { id: 'name', header: 'Check', cell: (check) => check.name, sortingField: 'name', isRowHeader: true, minWidth: 150 },
  {
    id: 'status',
    header: 'Status',
    cell: (check) => <StatusIndicator type={check.status === 'ok' ? 'success' : 'error'}>{check.status === 'ok' ? 'Passed' : 'Failed'}</StatusIndicator>,
    sortingField: 'status',
    minWidth: 110,
  },
  { id: 'latency', header: 'Latency', cell: (check) => `${formatCount(check.latencyMs)} ms`, sortingField: 'latencyMs', minWidth: 100 },
  { id: 'kind', header: 'Kind', cell: (check) => KIND_LABELS[check.kind], sortingField: 'kind', minWidth: 120 },
  { id: 'detail', header: 'Detail', cell: (check) => (check.error ? `${check.error}${check.statusCode ? ` (HTTP ${check.statusCode})` : ''}` : check.detail), minWidth: 260 },
];

export const backupColumns: TableProps.ColumnDefinition<Backup>[] = [
  { id: 'created', header: 'Created', cell: (backup) => formatDateTime(backup.createdAt), sortingField: 'createdAt', isRowHeader: true, minWidth: 160 },
  { id: 'status', header: 'Status', cell: (backup) => <StatusIndicator type={backup.status === 'AVAILABLE' ? 'success' : 'in-progress'}>{backup.status}</StatusIndicator>, minWidth: 150 },
  { id: 'records', header: 'Records', cell: (backup) => (backup.kind === 'export' ? formatCount(backup.totalRecords) : '—'), sortingField: 'totalRecords', minWidth: 100 },
  { id: 'size', header: 'Size', cell: (backup) => formatBytes(backup.totalBytes), sortingField: 'totalBytes', minWidth: 100 },
  { id: 'where', header: 'Where', cell: (backup) => backup.file ?? backup.id, minWidth: 280 },
];

export const componentColumns: TableProps.ColumnDefinition<BackupComponent>[] = [
  { id: 'component', header: 'Backup component', cell: (part) => part.component, isRowHeader: true },
  { id: 'records', header: 'Record count', cell: (part) => formatCount(part.recordCount) },
  { id: 'size', header: 'Size', cell: (part) => formatBytes(part.sizeBytes) },
];
