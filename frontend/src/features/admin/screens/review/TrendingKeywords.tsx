import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Table from '@cloudscape-design/components/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCall, errorText, type ApiAnswer } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { formatCount } from '../../shell/format.ts';

type TrendingRow = ApiAnswer<'GET /admin/trending-keywords'>['items'][number];

const STATE_TEXT: Record<TrendingRow['state'], { type: 'success' | 'stopped' | 'warning' | 'pending'; text: string }> = {
  eligible: { type: 'success', text: 'May trend' },
  hidden: { type: 'stopped', text: 'Hidden' },
  filtered: { type: 'warning', text: 'Filtered (markup, address or spam)' },
  'too-few-readers': { type: 'pending', text: 'Too few readers yet' },
};

/** Trending moderation: what the public Trending lists may show, and Hide / Show per keyword. */
export function TrendingKeywords() {
  const client = useQueryClient();
  const { notify } = useFlash();
  const list = useQuery({ queryKey: ['admin', 'trending-keywords'], queryFn: () => adminCall('GET /admin/trending-keywords'), retry: 1 });
  const change = useMutation({
    mutationFn: (row: TrendingRow & { hidden: boolean }) => adminCall('PUT /admin/trending-keywords/visibility', { body: { keyword: row.keyword, source: row.source, hidden: row.hidden } }),
    onSuccess: (_answer, row) => notify({ type: 'success', header: row.hidden ? 'Keyword hidden' : 'Keyword shown', content: `“${row.keyword}” ${row.hidden ? 'is off' : 'may be back on'} Trending.` }),
    onError: (error) => notify({ type: 'error', header: 'Update Failed', content: errorText(error, 'Could not change the keyword') }),
    onSettled: () => void client.invalidateQueries({ queryKey: ['admin', 'trending-keywords'] }),
  });
  return (
    <Table
      header={
        <Header variant="h2" counter={list.data ? `(${list.data.items.length})` : undefined} description={`Keywords of the last 7 days. A search trends after ${list.data?.minSearchers ?? 3} different readers, if it is a plain phrase; hide anything that should not.`}>
          Trending keywords
        </Header>
      }
      ariaLabels={{ tableLabel: 'Trending keywords' }}
      loading={list.isPending}
      loadingText="Loading trending keywords"
      items={list.data?.items ?? []}
      trackBy={(row) => `${row.source}:${row.keyword}`}
      columnDefinitions={[
        { id: 'keyword', header: 'Keyword', cell: (row) => row.keyword, isRowHeader: true },
        { id: 'source', header: 'From', cell: (row) => (row.source === 'search-based' ? 'Searches' : 'Articles') },
        { id: 'count', header: 'Count', cell: (row) => formatCount(row.searchCount) },
        { id: 'state', header: 'State', cell: (row) => <StatusIndicator type={STATE_TEXT[row.state].type}>{STATE_TEXT[row.state].text}{row.hiddenBy ? ` by ${row.hiddenBy}` : ''}</StatusIndicator> },
        {
          id: 'action',
          header: 'Action',
          cell: (row) => (
            <Button
              variant="inline-link"
              ariaLabel={`${row.state === 'hidden' ? 'Show' : 'Hide'} ${row.keyword}`}
              disabled={change.isPending}
              onClick={() => change.mutate({ ...row, hidden: row.state !== 'hidden' })}
            >
              {row.state === 'hidden' ? 'Show' : 'Hide'}
            </Button>
          ),
        },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          {list.isError ? errorText(list.error, 'Failed to load trending keywords') : 'No keywords in the last 7 days'}
        </Box>
      }
    />
  );
}
