import Alert from '@cloudscape-design/components/alert';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo } from 'react';
import { AlertsTable } from './AlertsTable.tsx';
import { ExecutionsTable } from './ExecutionsTable.tsx';
import { SchedulesTable } from './SchedulesTable.tsx';
import { StartPanel } from './StartPanel.tsx';
import { useExecutions } from './usePipeline.ts';

/** Pipeline Control's main page: start runs, every execution, the schedules and the open alerts. */
export default function PipelineOverview() {
  const failedRecently = useExecutions({ status: 'FAILED', since: useMemo(() => new Date(Date.now() - 86_400_000).toISOString(), []) }, undefined);
  const failures = failedRecently.data?.items.length ?? 0;
  return (
    <ContentLayout header={<Header variant="h1" description="The pipeline as Step Functions executions: ingest, lifecycle, retrain and newsletter.">Pipeline Control</Header>}>
      <SpaceBetween size="l">
        {failures > 0 ? (
          <Alert type="warning" header={`${failures}${failedRecently.data?.cursor ? '+' : ''} failed execution${failures === 1 ? '' : 's'} in the last 24 hours`}>
            Open one to see the state that failed, its error and cause; Redrive runs it again.
          </Alert>
        ) : null}
        <StartPanel />
        <ExecutionsTable />
        <SchedulesTable />
        <AlertsTable />
      </SpaceBetween>
    </ContentLayout>
  );
}
