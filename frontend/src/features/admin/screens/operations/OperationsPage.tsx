import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../shell/api.ts';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import { ConsoleLoading } from '../../shell/guard.tsx';
import { AREA_LABEL, HealthIndicator, healthCheckColumns, OverallHealth } from '../../shell/health.tsx';
import { StatTile } from '../../shell/StatTile.tsx';
import { HEALTH_AREAS } from '#domain/operations/system-health.ts';
import type { OperationsData } from './api.ts';
import { alarmColumns, dependencyFailureColumns, functionColumns, machineColumns, scheduleColumns } from './columns.tsx';
import { useOperations } from './useOperations.ts';

/** Health, stabilization monitor, alarms, function and state machine figures, open alerts. */
function Monitoring({ data }: { data: OperationsData }) {
  const navigate = useNavigate();
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2" description="The same checks as the dashboard and Recovery, over the last 24 hours: overall is the worst check">System health</Header>}>
        <SpaceBetween size="l">
          <ColumnLayout columns={4} variant="text-grid" minColumnWidth={150}>
            <StatTile label="Drafts pending" value={formatCount(data.figures.drafts)} testId="ops-drafts" />
            <StatTile label="Published in 24 h" value={formatCount(data.figures.published24h)} testId="ops-published-24h" />
            <StatTile label="Alerts in 24 h" value={formatCount(data.figures.alerts24h)} testId="ops-alerts-24h" />
            <StatTile label="Alarms in ALARM" value={formatCount(data.alarmsInAlarm)} testId="ops-alarms-in-alarm" />
          </ColumnLayout>
          <OverallHealth health={data.health} />
          <Table variant="embedded" items={data.health.checks} trackBy="id" columnDefinitions={healthCheckColumns} wrapLines ariaLabels={{ tableLabel: 'Health checks' }} />
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2" description="The checks grouped by part of the system: each part is its worst check, overall the worst part">Stabilization monitor</Header>}>
        <ColumnLayout columns={4} variant="text-grid" minColumnWidth={150}>
          {HEALTH_AREAS.map((area) => (
            <div key={area} data-testid={`ops-monitor-${area}`}>
              <Box variant="awsui-key-label">{AREA_LABEL[area]}</Box>
              <HealthIndicator status={data.health.areas[area].status} />
              <Box variant="small" display="block">
                {data.health.areas[area].reason}
              </Box>
            </div>
          ))}
          <div data-testid="ops-monitor-overall">
            <Box variant="awsui-key-label">Overall</Box>
            <HealthIndicator status={data.health.status} testId="monitor-status" />
            <Box variant="small" display="block">
              {data.health.passing} of {data.health.total} checks pass
            </Box>
          </div>
        </ColumnLayout>
      </Container>
      <Table
        header={<Header variant="h2" counter={`(${data.alarms.length})`} description="Function error rate over 5% with at least 20 invocations this hour; state machine success under 90% over 24 hours; 3 or more calls to one dependency failing after retries this hour">Alarms</Header>}
        items={[...data.alarms].sort((a, b) => Number(b.state === 'ALARM') - Number(a.state === 'ALARM'))}
        trackBy="name"
        columnDefinitions={alarmColumns}
        empty={<Box textAlign="center">No alarms defined</Box>}
        wrapLines
      />
      <Table
        header={
          <Header variant="h2" counter={`(${data.dependencyFailures.length})`} description="Calls to AWS services and Razorpay that failed in the last 24 hours: every failed attempt, and the calls still failing after their retries (what readers or runs felt)">
            Dependency failures
          </Header>
        }
        items={data.dependencyFailures}
        trackBy={(item) => `${item.service}-${item.kind}`}
        columnDefinitions={dependencyFailureColumns}
        empty={<Box textAlign="center">No failed calls to any dependency in the last 24 hours</Box>}
        wrapLines
      />
      <Table
        header={<Header variant="h2" counter={`(${data.functions.length})`} description="Recorded runs of every described function: a 5xx answer or a thrown error is an error. Figures reach the table within 30 seconds.">Functions</Header>}
        items={data.functions}
        trackBy="name"
        columnDefinitions={functionColumns}
        empty={<Box textAlign="center">No functions described</Box>}
      />
      <Table
        header={<Header variant="h2" counter={`(${data.stateMachines.length})`} description="Executions started in the last 24 hours (Step Functions)">State machines</Header>}
        items={data.stateMachines}
        trackBy="machine"
        columnDefinitions={machineColumns}
        empty={<Box textAlign="center">No state machines</Box>}
        wrapLines
      />
      <Table
        header={
          <Header variant="h2" counter={`(${data.openAlerts})`} actions={<Button onClick={() => navigate('/admin/system/pipeline')}>Open Pipeline Control</Button>}>
            Open alerts
          </Header>
        }
        items={data.alerts}
        trackBy="id"
        columnDefinitions={[
          { id: 'created', header: 'Raised', cell: (item) => formatDateTime(item.createdAt) },
          { id: 'severity', header: 'Severity', cell: (item) => <StatusIndicator type={item.severity === 'critical' || item.severity === 'high' ? 'error' : 'warning'}>{item.severity}</StatusIndicator> },
          { id: 'type', header: 'Type', cell: (item) => item.alertType },
          { id: 'message', header: 'Message', cell: (item) => item.message },
        ]}
        empty={<Box textAlign="center">No open alerts</Box>}
        wrapLines
      />
    </SpaceBetween>
  );
}

/** The schedules with their state and next run, and each state machine's latest outcome. */
function Automation({ data }: { data: OperationsData }) {
  return (
    <SpaceBetween size="l">
      {data.schedulesError && <Alert type="warning">{data.schedulesError}</Alert>}
      <Table
        header={<Header variant="h2" counter={`(${data.schedules.length})`} description="EventBridge Scheduler; pause and resume them in Pipeline Control">Schedules</Header>}
        items={data.schedules}
        trackBy="name"
        columnDefinitions={scheduleColumns}
        empty={<Box textAlign="center">No schedules</Box>}
        wrapLines
      />
      <Table
        header={<Header variant="h2" description="Executions of the last 24 hours">Last runs</Header>}
        items={data.stateMachines}
        trackBy="machine"
        columnDefinitions={machineColumns}
        wrapLines
      />
    </SpaceBetween>
  );
}

function Maintenance() {
  const navigate = useNavigate();
  const go = (path: string) => (event: CustomEvent) => {
    event.preventDefault();
    navigate(path);
  };
  return (
    <Container header={<Header variant="h2">Maintenance</Header>}>
      <SpaceBetween size="s">
        <Link href="/admin/system/recovery" onFollow={go('/admin/system/recovery')}>
          Recovery: classify waiting drafts, redrive failed executions, move auto-rejected to rejected, rebuild the search index, re-send a failed digest
        </Link>
        <Link href="/admin/system/pipeline" onFollow={go('/admin/system/pipeline')}>
          Pipeline Control: executions, schedules and alerts
        </Link>
        <Link href="/admin/content/lifecycle" onFollow={go('/admin/content/lifecycle')}>
          Article lifecycle: archive and purge
        </Link>
        <Link href="/admin/system/diagnostics" onFollow={go('/admin/system/diagnostics')}>
          Diagnostics: check every service now
        </Link>
      </SpaceBetween>
    </Container>
  );
}

export default function OperationsPage({ view }: { view: 'operations' | 'monitoring' }) {
  const operations = useOperations();
  const title = view === 'monitoring' ? 'System Monitoring' : 'System Operations';
  const header = (
    <Header
      variant="h1"
      description={operations.data ? `Figures as of ${formatDateTime(operations.data.generatedAt)}; refreshed every 30 seconds` : undefined}
      actions={
        <Button iconName="refresh" loading={operations.isFetching} onClick={() => void operations.refetch()}>
          Refresh
        </Button>
      }
    >
      {title}
    </Header>
  );
  if (operations.isPending) return <ContentLayout header={header}><ConsoleLoading /></ContentLayout>;
  if (operations.error || !operations.data) {
    return (
      <ContentLayout header={header}>
        <Alert type="error" header="Metrics Error" action={<Button onClick={() => void operations.refetch()}>Retry</Button>}>
          {errorText(operations.error, 'Failed to fetch system metrics')}
        </Alert>
      </ContentLayout>
    );
  }
  const data = operations.data;
  return (
    <ContentLayout header={header}>
      {view === 'monitoring' ? (
        <Monitoring data={data} />
      ) : (
        <Tabs
          tabs={[
            { id: 'monitoring', label: 'Monitoring', content: <Monitoring data={data} /> },
            { id: 'automation', label: 'Automation', content: <Automation data={data} /> },
            { id: 'maintenance', label: 'Maintenance', content: <Maintenance /> },
          ]}
        />
      )}
    </ContentLayout>
  );
}
