import { useCollection } from '@cloudscape-design/collection-hooks';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { EXECUTION_STATUSES, MACHINES, type ExecutionFilters, type ExecutionStatus, type Machine, type StartRequest } from './api.ts';
import { MACHINE_LABELS, START_FAILED_HEADER, STATUS_INDICATOR } from './format.ts';
import { alertColumns, executionColumns, executionPath, scheduleColumns } from './tableConfig.tsx';
import { useExecutions, useOpenAlerts, usePipelineActions, useSchedules } from './usePipeline.ts';

const ALL = { value: '', label: 'Any' };
const MACHINE_OPTIONS: SelectProps.Option[] = [{ value: '', label: 'All state machines' }, ...MACHINES.map((machine) => ({ value: machine, label: MACHINE_LABELS[machine] }))];
const STATUS_OPTIONS: SelectProps.Option[] = [{ ...ALL, label: 'Any status' }, ...EXECUTION_STATUSES.map((status) => ({ value: status, label: STATUS_INDICATOR[status].label }))];

const RELATIVE_RANGES: DateRangePickerProps.RelativeOption[] = [
  { key: 'last-1-hour', amount: 1, unit: 'hour', type: 'relative' },
  { key: 'last-24-hours', amount: 24, unit: 'hour', type: 'relative' },
  { key: 'last-7-days', amount: 7, unit: 'day', type: 'relative' },
  { key: 'last-30-days', amount: 30, unit: 'day', type: 'relative' },
];
const UNIT_MS: Record<string, number> = { second: 1000, minute: 60_000, hour: 3_600_000, day: 86_400_000, week: 604_800_000, month: 2_592_000_000, year: 31_536_000_000 };

/** The picked range as the API's since/until (a relative range counts back from now). */
function rangeFilters(range: DateRangePickerProps.Value | null): Pick<ExecutionFilters, 'since' | 'until'> {
  if (!range) return {};
  if (range.type === 'relative') return { since: new Date(Date.now() - range.amount * (UNIT_MS[range.unit] ?? 0)).toISOString() };
  return { since: new Date(range.startDate).toISOString(), until: new Date(range.endDate).toISOString() };
}

const START_ACTIONS: Array<{ id: string; text: string; request: StartRequest }> = [
  { id: 'ingest-full', text: 'Start ingest', request: { machine: 'ingest', mode: 'full' } },
  { id: 'ingest-classify', text: 'Classify backlog', request: { machine: 'ingest', mode: 'classify-only' } },
  { id: 'lifecycle', text: 'Run lifecycle', request: { machine: 'lifecycle' } },
  { id: 'retrain', text: 'Retrain classifier', request: { machine: 'retrain' } },
];
const NEWSLETTER_ACTIONS: Array<{ id: string; text: string; request: StartRequest }> = [
  { id: 'newsletter-daily', text: 'Daily Digest', request: { machine: 'newsletter', frequency: 'daily' } },
  { id: 'newsletter-weekly', text: 'Weekly Roundup', request: { machine: 'newsletter', frequency: 'weekly' } },
  { id: 'newsletter-monthly', text: 'Monthly Summary', request: { machine: 'newsletter', frequency: 'monthly' } },
];

function StartPanel() {
  const { start } = usePipelineActions();
  const { notify } = useFlash();
  const navigate = useNavigate();
  const [pending, setPending] = useState<string | null>(null);

  const run = (id: string, request: StartRequest) => {
    setPending(id);
    start.mutate(request, {
      onSuccess: (started) =>
        notify({
          type: 'success',
          header: `${MACHINE_LABELS[started.machine]} started`,
          content: (
            <>
              Execution {started.name}.{' '}
              <Button variant="inline-link" onClick={() => navigate(executionPath(started))}>
                Open it
              </Button>
            </>
          ),
        }),
      onError: (error) => notify({ type: 'error', header: START_FAILED_HEADER[request.machine] ?? 'System Orchestration Failed', content: errorText(error, 'Could not start the execution') }),
      onSettled: () => setPending(null),
    });
  };

  return (
    <Container header={<Header variant="h2" description="Each button starts one execution of a state machine; schedules start the same ones.">Start a run</Header>}>
      <SpaceBetween direction="horizontal" size="xs">
        {START_ACTIONS.map((action) => (
          <Button key={action.id} loading={pending === action.id} disabled={pending !== null && pending !== action.id} onClick={() => run(action.id, action.request)}>
            {action.text}
          </Button>
        ))}
        <ButtonDropdown
          loading={pending?.startsWith('newsletter') ?? false}
          disabled={pending !== null && !pending.startsWith('newsletter')}
          items={NEWSLETTER_ACTIONS.map(({ id, text }) => ({ id, text }))}
          onItemClick={(event) => {
            const action = NEWSLETTER_ACTIONS.find((candidate) => candidate.id === event.detail.id);
            if (action) run(action.id, action.request);
          }}
        >
          Send newsletter
        </ButtonDropdown>
      </SpaceBetween>
    </Container>
  );
}

function ExecutionsTable() {
  const navigate = useNavigate();
  const [machine, setMachine] = useState<SelectProps.Option>(MACHINE_OPTIONS[0] as SelectProps.Option);
  const [status, setStatus] = useState<SelectProps.Option>(STATUS_OPTIONS[0] as SelectProps.Option);
  const [range, setRange] = useState<DateRangePickerProps.Value | null>(null);
  /** Cursors of the pages seen so far: page i (0-based) is fetched with cursors[i]. */
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  const [pageIndex, setPageIndex] = useState(0);

  const filters = useMemo<ExecutionFilters>(
    () => ({
      ...(machine.value ? { machine: machine.value as Machine } : {}),
      ...(status.value ? { status: status.value as ExecutionStatus } : {}),
      ...rangeFilters(range),
    }),
    [machine, status, range],
  );
  const executions = useExecutions(filters, cursors[pageIndex]);
  const nextCursor = executions.data?.cursor ?? null;
  const resetPaging = () => {
    setCursors([undefined]);
    setPageIndex(0);
  };
  const running = executions.data?.items.some((item) => item.status === 'RUNNING') ?? false;

  return (
    <Table
      variant="container"
      header={
        <Header
          variant="h2"
          description={running ? 'Refreshing every few seconds while an execution runs.' : 'Every execution of every state machine, newest first.'}
          actions={<Button iconName="refresh" ariaLabel="Refresh executions" loading={executions.isFetching} onClick={() => void executions.refetch()} />}
        >
          Executions
        </Header>
      }
      filter={
        <SpaceBetween direction="horizontal" size="xs">
          <FormField label="State machine">
            <Select
              selectedOption={machine}
              options={MACHINE_OPTIONS}
              onChange={(event) => {
                setMachine(event.detail.selectedOption);
                resetPaging();
              }}
            />
          </FormField>
          <FormField label="Status">
            <Select
              selectedOption={status}
              options={STATUS_OPTIONS}
              onChange={(event) => {
                setStatus(event.detail.selectedOption);
                resetPaging();
              }}
            />
          </FormField>
          <FormField label="Started">
            <DateRangePicker
              value={range}
              placeholder="Any time"
              relativeOptions={RELATIVE_RANGES}
              onChange={(event) => {
                setRange(event.detail.value);
                resetPaging();
              }}
              isValidRange={(value) => {
                if (value?.type === 'absolute' && (!value.startDate || !value.endDate)) return { valid: false, errorMessage: 'Choose a start and an end.' };
                if (value?.type === 'absolute' && Date.parse(value.startDate) > Date.parse(value.endDate)) return { valid: false, errorMessage: 'The start must be before the end.' };
                return { valid: true };
              }}
              i18nStrings={{
                ariaLabel: 'Started between',
                relativeModeTitle: 'Relative range',
                absoluteModeTitle: 'Absolute range',
                relativeRangeSelectionHeading: 'Choose a range',
                cancelButtonLabel: 'Cancel',
                clearButtonLabel: 'Clear',
                applyButtonLabel: 'Apply',
                customRelativeRangeOptionLabel: 'Custom range',
                customRelativeRangeOptionDescription: 'Set a custom range in the past',
                customRelativeRangeDurationLabel: 'Duration',
                customRelativeRangeDurationPlaceholder: 'Enter duration',
                customRelativeRangeUnitLabel: 'Unit of time',
                formatRelativeRange: (value) => `Last ${value.amount} ${value.unit}${value.amount === 1 ? '' : 's'}`,
                formatUnit: (unit, value) => (value === 1 ? unit : `${unit}s`),
                startDateLabel: 'Start date',
                startTimeLabel: 'Start time',
                endDateLabel: 'End date',
                endTimeLabel: 'End time',
                dateTimeConstraintText: 'Use 24-hour format.',
                modeSelectionLabel: 'Date range mode',
              }}
            />
          </FormField>
        </SpaceBetween>
      }
      columnDefinitions={executionColumns(navigate)}
      items={executions.data?.items ?? []}
      loading={executions.isPending}
      loadingText="Loading executions"
      trackBy={(item) => `${item.machine}/${item.name}`}
      empty={
        executions.isError ? (
          <Box textAlign="center" color="inherit">
            <SpaceBetween size="xs">
              <Box variant="p" color="text-status-error">
                {errorText(executions.error, 'Failed to load executions')}
              </Box>
              <Button onClick={() => void executions.refetch()}>Retry</Button>
            </SpaceBetween>
          </Box>
        ) : (
          <Box textAlign="center" color="inherit">
            <b>No executions</b>
            <Box variant="p" color="inherit">
              No execution matches these filters.
            </Box>
          </Box>
        )
      }
      pagination={
        <Pagination
          currentPageIndex={pageIndex + 1}
          pagesCount={cursors.length}
          openEnd={nextCursor !== null}
          ariaLabels={{ nextPageLabel: 'Next page', previousPageLabel: 'Previous page', pageLabel: (page) => `Page ${page}` }}
          onChange={(event) => {
            const index = event.detail.currentPageIndex - 1;
            if (index === cursors.length && nextCursor) setCursors([...cursors, nextCursor]);
            if (index <= cursors.length) setPageIndex(index);
          }}
          onNextPageClick={(event) => {
            if (event.detail.requestedPageAvailable) return;
            if (nextCursor) {
              setCursors([...cursors.slice(0, pageIndex + 1), nextCursor]);
              setPageIndex(pageIndex + 1);
            }
          }}
        />
      }
    />
  );
}

function SchedulesTable() {
  const schedules = useSchedules();
  const { pause } = usePipelineActions();
  const { notify } = useFlash();
  const { items, collectionProps } = useCollection(schedules.data ?? [], { sorting: {} });
  return (
    <Table
      {...collectionProps}
      variant="container"
      header={<Header variant="h2" description="EventBridge Scheduler, India time. A paused schedule starts nothing until resumed.">Schedules</Header>}
      columnDefinitions={scheduleColumns((schedule) => (
        <Toggle
          checked={schedule.state === 'ENABLED'}
          disabled={pause.isPending && pause.variables?.name === schedule.name}
          ariaLabel={`${schedule.state === 'ENABLED' ? 'Pause' : 'Resume'} ${schedule.name}`}
          onChange={(event) =>
            pause.mutate(
              { name: schedule.name, paused: !event.detail.checked },
              {
                onSuccess: (updated) => notify({ type: 'success', header: updated.state === 'ENABLED' ? 'Schedule resumed' : 'Schedule paused', content: updated.name }),
                onError: (error) => notify({ type: 'error', header: 'System Orchestration Failed', content: errorText(error, 'Could not change the schedule') }),
              },
            )
          }
        >
          {schedule.state === 'ENABLED' ? 'Enabled' : 'Paused'}
        </Toggle>
      ))}
      items={items}
      loading={schedules.isPending}
      loadingText="Loading schedules"
      trackBy="name"
      wrapLines
      empty={
        <Box textAlign="center" color="inherit">
          {schedules.isError ? (
            <SpaceBetween size="xs">
              <Box variant="p" color="text-status-error">
                {errorText(schedules.error, 'Failed to load schedules')}
              </Box>
              <Button onClick={() => void schedules.refetch()}>Retry</Button>
            </SpaceBetween>
          ) : (
            <b>No schedules</b>
          )}
        </Box>
      }
    />
  );
}

function AlertsTable() {
  const alerts = useOpenAlerts();
  const { resolve } = usePipelineActions();
  const { notify } = useFlash();
  const { items, collectionProps } = useCollection(alerts.data?.items ?? [], { sorting: {} });
  return (
    <Table
      {...collectionProps}
      variant="container"
      header={
        <Header variant="h2" counter={alerts.data ? `(${alerts.data.items.length}${alerts.data.cursor ? '+' : ''})` : undefined} description="Automation alerts raised by the pipeline, newest first.">
          Open alerts
        </Header>
      }
      columnDefinitions={alertColumns((alert) => (
        <Button
          variant="inline-link"
          ariaLabel={`Resolve alert: ${alert.message}`}
          loading={resolve.isPending && resolve.variables === alert.id}
          onClick={() =>
            resolve.mutate(alert.id, {
              onSuccess: () => notify({ type: 'success', header: 'Alert resolved', content: alert.message }),
              onError: (error) => notify({ type: 'error', header: 'Update Failed', content: errorText(error, 'Could not resolve the alert') }),
            })
          }
        >
          Resolve
        </Button>
      ))}
      items={items}
      loading={alerts.isPending}
      loadingText="Loading alerts"
      trackBy="id"
      wrapLines
      empty={
        <Box textAlign="center" color="inherit">
          {alerts.isError ? (
            <SpaceBetween size="xs">
              <Box variant="p" color="text-status-error">
                {errorText(alerts.error, 'Failed to load alerts')}
              </Box>
              <Button onClick={() => void alerts.refetch()}>Retry</Button>
            </SpaceBetween>
          ) : (
            <>
              <b>No open alerts</b>
              <Box variant="p" color="inherit">
                The pipeline has raised nothing that needs attention.
              </Box>
            </>
          )}
        </Box>
      }
    />
  );
}

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
