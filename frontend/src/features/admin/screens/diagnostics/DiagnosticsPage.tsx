import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { errorText } from '../../shell/api.ts';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import { ConsoleLoading } from '../../shell/guard.tsx';
import type { Backup, DiagnosticReport } from './api.ts';
import { backupColumns, checkColumns, componentColumns, formatBytes } from './tableConfig.tsx';
import { useBackups, usePrepareBackup, useRunDiagnostics } from './useDiagnostics.ts';
import { StatTile } from '../../shell/StatTile.tsx';
import { countOf } from '#domain/common/plural.ts';

function DiagnosticsResults({ report }: { report: DiagnosticReport }) {
  const { items, collectionProps } = useCollection(report.checks, { sorting: {} });
  const { summary } = report;
  return (
    <SpaceBetween size="l">
      {summary.healthy ? (
        <Alert type="success" header="System Healthy">
          All {summary.checksTotal} checks passed at {formatDateTime(report.timestamp)}.
        </Alert>
      ) : (
        <Alert type="warning" header={`Issues Detected: ${summary.failing}`}>
          <ul>
            {report.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </Alert>
      )}
      <ColumnLayout columns={4} variant="text-grid" minColumnWidth={140}>
        <StatTile label={'Checks'} value={formatCount(summary.checksTotal)} testId={'diag-total'} />
        <StatTile label={'Passing'} value={formatCount(summary.passing)} testId={'diag-passing'} />
        <StatTile label={'Failing'} value={formatCount(summary.failing)} testId={'diag-failing'} />
        <StatTile label={'Average latency'} value={`${formatCount(summary.averageLatencyMs)} ms`} testId={'diag-latency'} />
      </ColumnLayout>
      <Table
        {...collectionProps}
        variant="embedded"
        items={items}
        columnDefinitions={checkColumns}
        trackBy="name"
        wrapLines
        ariaLabels={{ tableLabel: 'Diagnostic checks' }}
        header={<Header variant="h3">Checks</Header>}
      />
    </SpaceBetween>
  );
}

function DiagnosticsSection() {
  const run = useRunDiagnostics();
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Asks each service directly: the table (DescribeTable and a counter read), each state machine, SES, the user pool, and each API function through its own light route. Each check gives up after 3 seconds."
          actions={
            <Button variant="primary" loading={run.isPending} onClick={() => run.mutate()}>
              {run.isPending ? 'Running Diagnostics...' : 'Run Diagnostics'}
            </Button>
          }
        >
          Diagnostics
        </Header>
      }
    >
      {run.isPending ? (
        <Box textAlign="center" padding="l">
          <StatusIndicator type="loading">Running diagnostics...</StatusIndicator>
        </Box>
      ) : run.error ? (
        <Alert type="error" header="Diagnostics Failed">
          {errorText(run.error, 'Failed to run system diagnostics')}
        </Alert>
      ) : run.data ? (
        <DiagnosticsResults report={run.data} />
      ) : (
        <Box color="text-body-secondary" data-testid="diag-idle">
          No diagnostics run yet. Run Diagnostics checks every service now.
        </Box>
      )}
    </Container>
  );
}

function LatestBackup({ backup }: { backup: Backup }) {
  return (
    <Container header={<Header variant="h2" description={`Made ${formatDateTime(backup.createdAt)}${backup.file ? ` to ${backup.file}` : ''}.`}>Latest backup components</Header>}>
      {backup.kind === 'export' ? (
        <Table
          variant="embedded"
          items={backup.components}
          columnDefinitions={componentColumns}
          trackBy="component"
          ariaLabels={{ tableLabel: 'Backup components' }}
          footer={
            <Box data-testid="backup-totals">
              Total: {countOf(backup.totalRecords, 'record')}, {formatBytes(backup.totalBytes)}
            </Box>
          }
          empty={<Box textAlign="center">The table was empty.</Box>}
        />
      ) : (
        <Box>DynamoDB on-demand backups are whole-table snapshots; AWS reports their size ({formatBytes(backup.totalBytes)}), not per-entity counts.</Box>
      )}
    </Container>
  );
}

function BackupSection() {
  const backups = useBackups();
  const prepare = usePrepareBackup();
  const { items, collectionProps } = useCollection(backups.data?.backups ?? [], { sorting: {} });
  const header = (
    <Header
      variant="h2"
      counter={backups.data ? `(${backups.data.backups.length})` : undefined}
      description={
        backups.data?.mode === 'export'
          ? 'Locally a backup exports every item of the table to a JSON-lines file; npm run restore loads one into a table.'
          : 'A backup is a DynamoDB on-demand backup of the table.'
      }
      actions={
        <Button variant="primary" loading={prepare.isPending} disabled={!backups.data} onClick={() => prepare.mutate()}>
          Prepare Backup
        </Button>
      }
    >
      Backups
    </Header>
  );
  if (backups.isPending) return <Container header={header}><ConsoleLoading /></Container>;
  if (backups.error || !backups.data) {
    return (
      <Container header={header}>
        <Alert type="error" header="Failed to load backups" action={<Button onClick={() => void backups.refetch()}>Retry</Button>}>
          {errorText(backups.error, 'Failed to load backups')}
        </Alert>
      </Container>
    );
  }
  const { pointInTimeRecovery: pitr } = backups.data;
  const latest = prepare.data?.backup ?? backups.data.backups[0];
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Point-in-time recovery</Header>}>
        <SpaceBetween size="s">
          <ColumnLayout columns={3} variant="text-grid" minColumnWidth={160}>
            <div>
              <Box variant="awsui-key-label">Status</Box>
              <StatusIndicator type={pitr.status === 'ENABLED' ? 'success' : pitr.status === 'unsupported' ? 'info' : 'warning'} data-testid="pitr-status">
                {pitr.status === 'unsupported' ? 'Not available on DynamoDB Local' : pitr.status}
              </StatusIndicator>
            </div>
            <div>
              <Box variant="awsui-key-label">Earliest restorable</Box>
              <Box>{formatDateTime(pitr.earliestRestorableAt)}</Box>
            </div>
            <div>
              <Box variant="awsui-key-label">Latest restorable</Box>
              <Box>{formatDateTime(pitr.latestRestorableAt)}</Box>
            </div>
          </ColumnLayout>
          <Box color="text-body-secondary">{pitr.detail}</Box>
        </SpaceBetween>
      </Container>
      <Table
        {...collectionProps}
        items={items}
        columnDefinitions={backupColumns}
        trackBy="id"
        wrapLines
        ariaLabels={{ tableLabel: 'Backups' }}
        header={header}
        empty={
          <Box textAlign="center" color="inherit">
            <b>No backups yet</b>
            <Box variant="p" color="inherit">Prepare Backup makes the first one.</Box>
          </Box>
        }
      />
      {latest && <LatestBackup backup={latest} />}
    </SpaceBetween>
  );
}

export default function DiagnosticsPage() {
  return (
    <ContentLayout header={<Header variant="h1" description="Check every service the product runs on, and back up its data.">Diagnostics &amp; Backup</Header>}>
      <SpaceBetween size="l">
        <DiagnosticsSection />
        <BackupSection />
      </SpaceBetween>
    </ContentLayout>
  );
}
