import Box from '@cloudscape-design/components/box';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import type { HealthArea, HealthCheck, HealthStatus, SystemHealth } from '#domain/operations/system-health.ts';

/**
 * How every screen shows the one health model (lambdas/domain/operations/system-health.ts, answered by the server):
 * the same words and colours on the dashboard, Operations, Monitoring and Recovery.
 */
export type { HealthArea, HealthCheck, HealthStatus, SystemHealth };

export const HEALTH_INDICATOR: Record<HealthStatus, StatusIndicatorProps.Type> = { healthy: 'success', warning: 'warning', critical: 'error' };
export const HEALTH_LABEL: Record<HealthStatus, string> = { healthy: 'Healthy', warning: 'Warning', critical: 'Critical' };
export const AREA_LABEL: Record<HealthArea, string> = { content: 'Content', pipeline: 'Pipeline', functions: 'Functions' };

export function HealthIndicator({ status, testId }: { status: HealthStatus; testId?: string }) {
  return (
    <StatusIndicator type={HEALTH_INDICATOR[status]}>
      <span data-testid={testId}>{HEALTH_LABEL[status]}</span>
    </StatusIndicator>
  );
}

/** The overall status, how many checks pass, and why (each failing check's reason, worst first). */
export function OverallHealth({ health, labelled = true }: { health: SystemHealth; labelled?: boolean }) {
  return (
    <SpaceBetween size="xxs">
      {labelled && <Box variant="awsui-key-label">Overall status</Box>}
      <div>
        <HealthIndicator status={health.status} testId="health-status" />{' '}
        <Box variant="span" color="text-body-secondary">
          · <span data-testid="health-passing">{health.passing} of {health.total} checks pass</span>
        </Box>
      </div>
      <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="health-reasons">
        {health.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </SpaceBetween>
  );
}

export const healthCheckColumns: TableProps.ColumnDefinition<HealthCheck>[] = [
  { id: 'title', header: 'Check', cell: (check) => check.title, isRowHeader: true, minWidth: 140 },
  { id: 'area', header: 'Part', cell: (check) => AREA_LABEL[check.area], minWidth: 90 },
  {
    id: 'status',
    header: 'Status',
    cell: (check) => <HealthIndicator status={check.status} />,
    // Wide enough for the icon and "Critical" on one line (a squeezed column broke words mid-way).
    minWidth: 120,
  },
  // Wide enough to read on a phone (the table scrolls sideways) rather than a column of one-word lines.
  { id: 'reason', header: 'Why', cell: (check) => check.reason, minWidth: 280 },
];
