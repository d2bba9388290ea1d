import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useEffect, useMemo, useState } from 'react';
import { ADMIN_PAGE_SIZES, DEFAULT_ADMIN_PAGE_SIZE } from '#domain/content/article-admin.ts';
import { useFlash } from '../../shell/flash.tsx';
import { formatCount } from '../../shell/format.ts';
import { PROBLEM_LABELS, type RegenerateResult, type SummaryProblem, type SummaryRow } from './api.ts';
import { summaryColumns } from './tableConfig.tsx';
import { useRegenerate, useSummaries } from './useSummaries.ts';
import { NumberedPagination } from '../../shell/NumberedPagination.tsx';

const PROBLEMS = Object.keys(PROBLEM_LABELS) as SummaryProblem[];
const pageSizeOptions = ADMIN_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }));

/** Summary Manager: articles whose summary is missing, equal to the title, too short or carries markup; regenerate one or many. */
export default function SummaryManagerPage() {
  const flash = useFlash();
  const [query, setQuery] = useState<{ problem: SummaryProblem | ''; page: number; pageSize: number }>({ problem: '', page: 1, pageSize: DEFAULT_ADMIN_PAGE_SIZE });
  const [selected, setSelected] = useState<SummaryRow[]>([]);
  const [busy, setBusy] = useState<Set<string>>(new Set());
  const list = useSummaries(query);
  const regenerate = useRegenerate();

  useEffect(() => setSelected([]), [query]);

  const report = (result: RegenerateResult) => {
    if (result.updated.length) flash.notify({ type: 'success', header: `${formatCount(result.updated.length)} ${result.updated.length === 1 ? 'summary' : 'summaries'} regenerated` });
    if (result.unchanged.length) {
      const reasons = [...new Set(result.unchanged.map((item) => item.reason))].join('; ');
      flash.notify({ type: 'warning', header: `${formatCount(result.unchanged.length)} left unchanged`, content: reasons });
    }
  };

  const run = async (rows: SummaryRow[]) => {
    if (rows.length === 0) return;
    const ids = rows.map((row) => row.id);
    setBusy((current) => new Set([...current, ...ids]));
    try {
      report(await regenerate.mutateAsync(ids));
      setSelected([]);
    } catch (error) {
      flash.notify({ type: 'error', header: 'Update Failed', content: error instanceof Error && error.message ? error.message : 'Could not regenerate the summaries' });
    } finally {
      setBusy((current) => new Set([...current].filter((id) => !ids.includes(id))));
    }
  };

  const columns = useMemo(() => summaryColumns({ busy, onRegenerate: (row) => void run([row]) }), [busy]);
  const data = list.data;
  const counts = data?.counts;
  const problemOptions = [
    { id: '', text: 'All problems' },
    ...PROBLEMS.map((problem) => ({ id: problem, text: counts ? `${PROBLEM_LABELS[problem]} (${formatCount(counts[problem])})` : PROBLEM_LABELS[problem] })),
  ];

  return (
    <ContentLayout header={<Header variant="h1" description="Summaries made again from the article's content, as the ingest makes them. Every change is audited.">Summary Manager</Header>}>
      <Table
        variant="full-page"
        items={data?.items ?? []}
        columnDefinitions={columns}
        trackBy="id"
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={(event) => setSelected([...event.detail.selectedItems])}
        ariaLabels={{
          selectionGroupLabel: 'Summary selection',
          allItemsSelectionLabel: () => 'Select all articles on this page',
          itemSelectionLabel: (_state, row) => `Select ${row.title}`,
        }}
        loading={list.isPending}
        loadingText="Looking for broken summaries"
        wrapLines
        header={
          <Header
            variant="h2"
            counter={data ? `(${formatCount(data.total)})` : undefined}
            actions={
              <Button variant="primary" disabled={selected.length === 0 || regenerate.isPending} loading={regenerate.isPending && selected.length > 0} onClick={() => void run(selected)}>
                {selected.length ? `Regenerate ${formatCount(selected.length)} selected` : 'Regenerate selected'}
              </Button>
            }
          >
            Articles with summary problems
          </Header>
        }
        filter={
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            <SegmentedControl
              label="Problem"
              selectedId={query.problem}
              options={problemOptions}
              onChange={(event) => setQuery((current) => ({ ...current, problem: event.detail.selectedId as SummaryProblem | '', page: 1 }))}
            />
            <Select
              selectedOption={pageSizeOptions.find((option) => option.value === String(query.pageSize)) ?? pageSizeOptions[0]!}
              options={pageSizeOptions}
              onChange={(event) => setQuery((current) => ({ ...current, pageSize: Number(event.detail.selectedOption.value), page: 1 }))}
              ariaLabel="Articles per page"
            />
          </SpaceBetween>
        }
        pagination={
          <NumberedPagination page={query.page} pages={data?.pages} onChange={(page) => setQuery((current) => ({ ...current, page }))} />
        }
        empty={
          list.isError ? (
            <Alert type="error" header="Could not load summaries" action={<Button onClick={() => void list.refetch()}>Retry</Button>}>
              {list.error instanceof Error ? list.error.message : 'Failed to load summaries'}
            </Alert>
          ) : (
            <Box textAlign="center" color="inherit" padding="m">
              <b>No summary problems</b>
              <Box variant="p" color="inherit">
                {query.problem ? `No article has this problem: ${PROBLEM_LABELS[query.problem]}.` : 'Every article has a usable summary.'}
              </Box>
            </Box>
          )
        }
      />
    </ContentLayout>
  );
}
