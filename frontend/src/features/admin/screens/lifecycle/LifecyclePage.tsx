import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../shell/api.ts';
import { startExecution, useFollowExecution, type StartedExecution } from '../../shell/executions.ts';
import { useFlash } from '../../shell/flash.tsx';
import { PageHeader } from '../../shell/PageHeader.tsx';
import { ConsoleLoading } from '../../shell/guard.tsx';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import { fetchLifecycle } from './api.ts';
import { RunProgress } from '../../shell/RunProgress.tsx';
import { StatTile } from '../../shell/StatTile.tsx';

export default function LifecyclePage() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const { notify } = useFlash();
  const lifecycle = useQuery({ queryKey: ['admin', 'lifecycle'], queryFn: fetchLifecycle, staleTime: 0, retry: 1 });
  const [started, setStarted] = useState<StartedExecution | null>(null);
  const [starting, setStarting] = useState(false);

  const followed = useFollowExecution(started, (result) => {
    void client.invalidateQueries({ queryKey: ['admin'] });
    if (result.status === 'SUCCEEDED') {
      const stats = result.output as { archivedCount?: number; purgedCount?: number } | undefined;
      notify({ type: 'success', header: 'Lifecycle Management Complete', content: `Archived ${stats?.archivedCount ?? 0}, purged ${stats?.purgedCount ?? 0}.` });
    } else {
      notify({ type: 'error', header: 'Lifecycle Management Failed', content: result.cause || result.error || 'Failed to run lifecycle management' });
    }
    setStarted(null);
  });

  const run = async () => {
    setStarting(true);
    try {
      setStarted(await startExecution('lifecycle'));
    } catch (error) {
      notify({ type: 'error', header: 'Lifecycle Management Failed', content: errorText(error, 'Failed to run lifecycle management') });
    } finally {
      setStarting(false);
    }
  };

  const header = (
    <PageHeader
      description="Rejected articles are archived after 48 hours and archived ones purged after 30 days, at 06:00 and 18:00 India time; a purge keeps only the URL and title hashes, so no feed brings the article back."
      actions={
        <>
          <Button onClick={() => navigate('/admin/content/lifecycle/manual')}>Manual Controls</Button>
          <Button variant="primary" loading={starting || started !== null} onClick={() => void run()}>
            Run Lifecycle Manager
          </Button>
        </>
      }
    >
      Article Lifecycle Management
    </PageHeader>
  );

  if (lifecycle.isPending) return <ContentLayout header={header}><ConsoleLoading /></ContentLayout>;
  if (lifecycle.error || !lifecycle.data) {
    return (
      <ContentLayout header={header}>
        <Alert type="error" header="Failed to load lifecycle analytics" action={<Button onClick={() => void lifecycle.refetch()}>Retry</Button>}>
          {errorText(lifecycle.error, 'Failed to load lifecycle analytics')}
        </Alert>
      </ContentLayout>
    );
  }
  const data = lifecycle.data;
  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        {started && followed && <RunProgress headers={{ running: 'Lifecycle run in progress' }} label="Lifecycle Manager" execution={{ started, followed }} />}
        <Container header={<Header variant="h2">Archive and purge</Header>}>
          <ColumnLayout columns={4} variant="text-grid" minColumnWidth={150}>
            <StatTile label={'Total archived'} value={formatCount(data.totalArchived)} testId={'lc-archived'} />
            <StatTile label={'Archived in 24 h'} value={formatCount(data.archivedLast24h)} testId={'lc-archived-24h'} />
            <StatTile label={'Total purged'} value={formatCount(data.totalPurged)} testId={'lc-purged'} />
            <StatTile label={'Purged in 7 days'} value={formatCount(data.purgedLast7d)} testId={'lc-purged-7d'} />
            <StatTile label={'Storage saved'} value={`${data.estimatedStorageSavedMb.toFixed(2)} MB`} testId={'lc-saved'} />
            <StatTile label={'Ready to archive'} value={formatCount(data.pendingArchive)} testId={'lc-pending-archive'} />
            <StatTile label={'Ready to purge'} value={formatCount(data.pendingPurge)} testId={'lc-pending-purge'} />
          </ColumnLayout>
        </Container>
        <Container header={<Header variant="h2">Pending work</Header>}>
          <SpaceBetween size="m">
            {/* Spec: pending-archive bar scale 100, pending-purge bar scale 50. */}
            <ProgressBar label="Rejected for more than 48 hours" value={Math.min(100, data.pendingArchive)} additionalInfo={`${formatCount(data.pendingArchive)} of a scale of 100`} />
            <ProgressBar label="Archived for more than 30 days" value={Math.min(100, data.pendingPurge * 2)} additionalInfo={`${formatCount(data.pendingPurge)} of a scale of 50`} />
          </SpaceBetween>
        </Container>
        <Table
          header={<Header variant="h2" counter={`(${data.runs.length})`} description="The latest 10 runs, scheduled or started here">Runs</Header>}
          items={data.runs}
          trackBy="executionId"
          empty={<Box textAlign="center">No lifecycle run recorded yet</Box>}
          columnDefinitions={[
            { id: 'started', header: 'Started', cell: (item) => formatDateTime(item.startedAt) },
            { id: 'trigger', header: 'Trigger', cell: (item) => item.trigger },
            { id: 'archived', header: 'Archived', cell: (item) => formatCount(item.stats?.archivedCount ?? 0) },
            { id: 'purged', header: 'Purged', cell: (item) => formatCount(item.stats?.purgedCount ?? 0) },
            { id: 'processed', header: 'Processed', cell: (item) => formatCount(item.stats?.totalProcessed ?? 0) },
            { id: 'saved', header: 'Saved (MB)', cell: (item) => (item.stats?.storageSavedMb ?? 0).toFixed(2) },
          ]}
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
