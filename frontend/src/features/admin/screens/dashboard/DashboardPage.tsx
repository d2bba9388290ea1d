import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Grid from '@cloudscape-design/components/grid';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConsoleLoading } from '../../shell/guard.tsx';
import { errorText } from '../../shell/api.ts';
import { countOf } from '#domain/common/plural.ts';
import { formatCount, formatDateTime, formatPercent } from '../../shell/format.ts';
import { OverallHealth } from '../../shell/health.tsx';
import type { Dashboard } from './api.ts';
import { useDashboard } from './useDashboard.ts';

function StatCard({ label, value, detail, testId }: { label: string; value: string; detail?: ReactNode; testId: string }) {
  return (
    <Container>
      <Box variant="awsui-key-label">{label}</Box>
      <Box variant="h1" tagOverride="p" data-testid={testId}>
        {value}
      </Box>
      {detail && <Box color="text-body-secondary">{detail}</Box>}
    </Container>
  );
}

function Funnel({ data }: { data: Dashboard }) {
  const { funnel } = data;
  const of = (value: number) => (funnel.extracted > 0 ? (value / funnel.extracted) * 100 : 0);
  const rows: Array<{ label: string; value: number; testId: string; description?: string }> = [
    { label: 'RSS extraction', value: funnel.extracted, testId: 'funnel-extracted', description: 'Every article the feeds brought (duplicates excluded)' },
    { label: 'Drafts waiting for ML', value: funnel.draftsWaiting, testId: 'funnel-waiting' },
    { label: 'ML classification', value: funnel.classifiedTotal, testId: 'funnel-classified' },
    { label: 'Pending Review', value: funnel.pendingReview, testId: 'funnel-review' },
    { label: 'Published', value: funnel.published, testId: 'funnel-published' },
    { label: 'Rejected', value: funnel.rejected, testId: 'funnel-rejected' },
  ];
  return (
    <Container header={<Header variant="h2" description="From extraction to a decision, counted in the same writes that move each article">Processing Funnel</Header>}>
      <SpaceBetween size="m">
        {rows.map((row) => (
          <div key={row.label}>
            <ProgressBar label={row.label} description={row.description} value={of(row.value)} additionalInfo={<span data-testid={row.testId}>{formatCount(row.value)}</span>} />
            {row.label === 'ML classification' && (
              <ColumnLayout columns={4} variant="text-grid">
                {(
                  [
                    ['high', 'High (80%+)'],
                    ['medium', 'Medium (50-79%)'],
                    ['low', 'Low (under 50%)'],
                    ['failed', 'Failed (0)'],
                  ] as const
                ).map(([bucket, label]) => (
                  <div key={bucket}>
                    <Box variant="awsui-key-label">{label}</Box>
                    <span data-testid={`confidence-${bucket}`}>{formatCount(funnel.classified[bucket])}</span>
                  </div>
                ))}
              </ColumnLayout>
            )}
          </div>
        ))}
      </SpaceBetween>
    </Container>
  );
}

function Health({ data }: { data: Dashboard }) {
  const { figures } = data;
  return (
    <Container header={<Header variant="h2" description="The same checks as Operations and Recovery, over the last 24 hours">System Health</Header>}>
      <SpaceBetween size="m">
        <OverallHealth health={data.health} />
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Drafts', value: formatCount(figures.drafts) },
            { label: 'Published in 24 h', value: formatCount(figures.published24h) },
            { label: 'Alerts in 24 h', value: `${formatCount(figures.alerts24h)} for ${countOf(figures.feedChecks24h, 'feed check')}` },
            { label: 'Ingest runs in 24 h', value: formatCount(figures.runs24h) },
            { label: 'Last ingest finished', value: formatDateTime(figures.lastIngestAt) },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}

function Efficiency({ data }: { data: Dashboard }) {
  const bar = (label: string, value: number | null, description: string) => (
    <ProgressBar label={label} description={description} value={value === null ? 0 : Math.round(value * 100)} additionalInfo={value === null ? 'No data yet' : undefined} />
  );
  return (
    <Container header={<Header variant="h2">Processing Efficiency</Header>}>
      <SpaceBetween size="m">
        {bar('Processing rate', data.efficiency.processingRate, 'Articles decided (published, rejected, archived, purged) of all extracted')}
        {bar('Publish rate', data.efficiency.publishRate, 'Published of published and rejected')}
        {bar('Classification success', data.efficiency.classificationSuccessRate, 'Classified with a confidence above 0')}
      </SpaceBetween>
    </Container>
  );
}

function LifecycleCard({ data }: { data: Dashboard }) {
  const navigate = useNavigate();
  const { lifecycle } = data;
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={<Button iconName="angle-right" variant="icon" ariaLabel="Open Lifecycle Manager" onClick={() => navigate('/admin/content/lifecycle')} />}
        >
          Lifecycle Management
        </Header>
      }
    >
      <SpaceBetween size="s">
        {/* Spec: the card scales pending against 100. */}
        <ProgressBar label="Pending archive" value={Math.min(100, lifecycle.pendingArchive)} additionalInfo={formatCount(lifecycle.pendingArchive)} />
        <ProgressBar label="Pending purge" value={Math.min(100, lifecycle.pendingPurge)} additionalInfo={formatCount(lifecycle.pendingPurge)} />
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Archived', value: formatCount(lifecycle.totalArchived) },
            { label: 'Purged', value: formatCount(lifecycle.totalPurged) },
            { label: 'Storage saved', value: `${lifecycle.estimatedStorageSavedMb.toFixed(2)} MB` },
            { label: 'Last run', value: formatDateTime(lifecycle.lastRun?.startedAt) },
          ]}
        />
      </SpaceBetween>
    </Container>
  );
}

/** Web push to readers' devices: the figures the push consumer counts as it sends (docs/decisions/web-push.md). */
function PushCard({ data }: { data: Dashboard }) {
  const { push } = data;
  return (
    <Container header={<Header variant="h2" description="Readers' devices and the pushes mirrored to them since the start">Web Push</Header>}>
      <KeyValuePairs
        columns={2}
        items={[
          { label: 'Subscribed devices', value: <span data-testid="push-devices">{formatCount(push.subscribedDevices)}</span> },
          { label: 'Pushes sent', value: <span data-testid="push-sent">{formatCount(push.sent)}</span> },
          { label: 'Failed', value: <span data-testid="push-failed">{formatCount(push.failed)}</span> },
          { label: 'Subscriptions removed', value: <span data-testid="push-removed">{formatCount(push.removed)}</span> },
        ]}
      />
      <Box variant="small" color="text-body-secondary">Removed: the push service answered that the device is gone (404 or 410).</Box>
    </Container>
  );
}

export default function DashboardPage() {
  const { data, error, isPending, refetch, isFetching } = useDashboard();
  const header = (
    <Header variant="h1" description="Every figure is read from the store when the page loads, and again every 30 seconds" actions={<Button iconName="refresh" loading={isFetching} onClick={() => void refetch()}>Refresh</Button>}>
      Dashboard Overview
    </Header>
  );
  if (isPending) return <ContentLayout header={header}><ConsoleLoading /></ContentLayout>;
  if (error || !data) {
    return (
      <ContentLayout header={header}>
        <Alert type="error" header="Metrics Error" action={<Button onClick={() => void refetch()}>Retry</Button>}>
          {errorText(error, 'Failed to fetch system metrics')}
        </Alert>
      </ContentLayout>
    );
  }
  const { cards } = data;
  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        <ColumnLayout columns={4} minColumnWidth={160}>
          <StatCard label="Total Articles" value={formatCount(cards.totalArticles)} detail={countOf(data.byStatus.draft, 'draft')} testId="card-total" />
          <StatCard
            label="Published"
            value={formatCount(cards.published)}
            detail={
              <>
                <span data-testid="card-published-visible">
                  {formatCount(cards.published)} published · {formatCount(cards.visibleToReaders)} visible to readers
                </span>
                {cards.notVisibleBecause && <Box variant="small" display="block" color="text-status-warning">Not visible: {cards.notVisibleBecause}</Box>}
                <Box variant="small" display="block" color="text-body-secondary">Publish rate {formatPercent(cards.publishRate)}</Box>
              </>
            }
            testId="card-published"
          />
          <StatCard label="Active Users" value={formatCount(cards.activeUsers)} detail="Accounts that can sign in" testId="card-users" />
          <StatCard label="Processing Rate" value={formatPercent(cards.processingRate)} detail={`${countOf(cards.runsToday, 'ingest run')} today`} testId="card-processing" />
        </ColumnLayout>
        <Grid gridDefinition={[{ colspan: { default: 12, s: 7 } }, { colspan: { default: 12, s: 5 } }]}>
          <SpaceBetween size="l">
            <Funnel data={data} />
            <Efficiency data={data} />
          </SpaceBetween>
          <SpaceBetween size="l">
            <Health data={data} />
            <LifecycleCard data={data} />
            <PushCard data={data} />
          </SpaceBetween>
        </Grid>
      </SpaceBetween>
    </ContentLayout>
  );
}
