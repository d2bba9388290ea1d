import DateRangePicker, { type DateRangePickerProps } from '@cloudscape-design/components/date-range-picker';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { EXECUTION_STATUSES, MACHINES, type ExecutionFilters, type ExecutionStatus, type Machine } from './api.ts';
import { MACHINE_LABELS, STATUS_INDICATOR } from './format.ts';
import { executionColumns } from './tableConfig.tsx';
import { TableEmpty } from './TableEmpty.tsx';
import { useExecutions } from './usePipeline.ts';
import { PAGINATION_LABELS } from '../../shell/NumberedPagination.tsx';

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

/** Every execution, newest first, filtered by state machine, status and start time, paged by cursor. */
export function ExecutionsTable() {
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
        <TableEmpty query={executions} failedText="Failed to load executions" title="No executions">
          No execution matches these filters.
        </TableEmpty>
      }
      pagination={
        <Pagination
          currentPageIndex={pageIndex + 1}
          pagesCount={cursors.length}
          openEnd={nextCursor !== null}
          ariaLabels={PAGINATION_LABELS}
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
