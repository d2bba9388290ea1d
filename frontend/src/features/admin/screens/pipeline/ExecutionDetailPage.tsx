import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import { useNavigate, useParams } from 'react-router-dom';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import type { ExecutionDetail } from './api.ts';
import { formatDuration, formatTime, MACHINE_LABELS, START_FAILED_HEADER, STATUS_INDICATOR } from './format.ts';
import { timelineColumns } from './tableConfig.tsx';
import { useExecution, usePipelineActions } from './usePipeline.ts';
import { countOf } from '#domain/common/plural.ts';

function Json({ value, label, running = false }: { value: unknown; label: string; running?: boolean }) {
  return (
    <Container header={<Header variant="h2">{label}</Header>}>
      {value === undefined ? (
        <Box color="text-status-inactive">{running ? 'None yet' : 'None'}</Box>
      ) : (
        <pre aria-label={label} tabIndex={0} style={{ margin: 0, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 13 }}>
          {JSON.stringify(value, null, 2)}
        </pre>
      )}
    </Container>
  );
}

function Progress({ execution }: { execution: ExecutionDetail }) {
  const { progress } = execution;
  if (!progress || progress.total === 0) return null;
  const value = Math.round(((progress.done + progress.failed) / progress.total) * 100);
  return (
    <Container header={<Header variant="h2">Map work</Header>}>
      <ProgressBar
        value={value}
        label="Iterations finished"
        description={`${progress.done} of ${progress.total} succeeded${progress.failed ? `, ${progress.failed} failed` : ''}`}
        status={execution.status === 'RUNNING' ? 'in-progress' : progress.failed ? 'error' : 'success'}
        resultText={progress.failed ? `${progress.failed} of ${countOf(progress.total, 'iteration')} failed` : `${progress.done} of ${countOf(progress.total, 'iteration')} succeeded`}
      />
    </Container>
  );
}

/** One execution: overview, error, Map progress, input and output, and the timeline of its history. */
export default function ExecutionDetailPage() {
  const { machine = '', name = '' } = useParams();
  const navigate = useNavigate();
  const execution = useExecution(machine, name);
  const { stop, redrive } = usePipelineActions();
  const { notify } = useFlash();
  const data = execution.data;

  const header = (
    <Header
      variant="h1"
      description={`${MACHINE_LABELS[machine] ?? machine} execution`}
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => navigate('/admin/system/pipeline')}>All executions</Button>
          {data?.status === 'RUNNING' ? (
            <Button
              loading={stop.isPending}
              onClick={() =>
                stop.mutate(
                  { machine, name },
                  {
                    onSuccess: () => notify({ type: 'success', header: 'Execution stopped', content: name }),
                    onError: (error) => notify({ type: 'error', header: 'System Orchestration Failed', content: errorText(error, 'Could not stop the execution') }),
                  },
                )
              }
            >
              Stop
            </Button>
          ) : null}
          {data?.redrivable ? (
            <Button
              variant="primary"
              loading={redrive.isPending}
              onClick={() =>
                redrive.mutate(
                  { machine, name },
                  {
                    onSuccess: () => notify({ type: 'success', header: 'Execution redriven', content: `${name} is running again` }),
                    onError: (error) => notify({ type: 'error', header: START_FAILED_HEADER[machine] ?? 'System Orchestration Failed', content: errorText(error, 'Could not redrive the execution') }),
                  },
                )
              }
            >
              Redrive
            </Button>
          ) : null}
        </SpaceBetween>
      }
    >
      {name}
    </Header>
  );

  if (execution.isPending) {
    return (
      <ContentLayout header={header}>
        <Box textAlign="center" padding="xxl">
          <Spinner size="large" /> <span>Loading execution</span>
        </Box>
      </ContentLayout>
    );
  }
  if (execution.isError || !data) {
    return (
      <ContentLayout header={header}>
        <Alert type="error" header="Could not load this execution" action={<Button onClick={() => void execution.refetch()}>Retry</Button>}>
          {errorText(execution.error, 'Failed to load the execution')}
        </Alert>
      </ContentLayout>
    );
  }

  const status = STATUS_INDICATOR[data.status];
  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        {data.error || data.cause ? (
          <Alert type={data.status === 'ABORTED' ? 'warning' : 'error'} header={data.error ?? 'Failed'}>
            <span data-testid="execution-cause">{data.cause ?? ''}</span>
          </Alert>
        ) : null}
        <Container header={<Header variant="h2">Overview</Header>}>
          <ColumnLayout columns={1}>
            <KeyValuePairs
              columns={3}
              items={[
                {
                  label: 'Status',
                  value: (
                    <span data-testid="execution-status">
                      <StatusIndicator type={status.type}>{status.label}</StatusIndicator>
                    </span>
                  ),
                },
                { label: 'State machine', value: MACHINE_LABELS[data.machine] ?? data.machine },
                { label: 'Duration', value: data.status === 'RUNNING' ? 'Running' : formatDuration(data.durationMs) },
                { label: 'Started', value: formatTime(data.startDate) },
                { label: 'Stopped', value: formatTime(data.stopDate) },
                { label: 'Redrives', value: data.redriveCount ? `${data.redriveCount} (last ${formatTime(data.redriveDate)})` : 'None' },
              ]}
            />
          </ColumnLayout>
        </Container>
        <Progress execution={data} />
        <Table
          variant="container"
          header={
            <Header variant="h2" counter={`(${data.timeline.length})`} description="States entered and exited, oldest first, with the time spent in each.">
              Timeline
            </Header>
          }
          columnDefinitions={timelineColumns}
          items={data.timeline}
          wrapLines
          empty={
            <Box textAlign="center" color="inherit">
              <b>No states yet</b>
            </Box>
          }
        />
        <ColumnLayout columns={2}>
          <Json label="Input" value={data.input} />
          <Json label="Output" value={data.output} running={data.status === 'RUNNING'} />
        </ColumnLayout>
      </SpaceBetween>
    </ContentLayout>
  );
}
