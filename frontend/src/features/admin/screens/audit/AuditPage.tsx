import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import ExpandableSection from '@cloudscape-design/components/expandable-section';
import Header from '@cloudscape-design/components/header';
import Table from '@cloudscape-design/components/table';
import { useInfiniteQuery } from '@tanstack/react-query';
import { adminCall, errorText } from '../../shell/api.ts';
import { formatDateTime } from '../../shell/format.ts';

const fetchAudit = (cursor?: string) => adminCall('GET /admin/audit', { query: { limit: 50, cursor } });

const json = (value: unknown) => (value === undefined ? '—' : JSON.stringify(value, null, 1));

/** Every console change: who, what, when, and the thing before and after. */
export default function AuditPage() {
  const log = useInfiniteQuery({
    queryKey: ['admin', 'audit'],
    queryFn: ({ pageParam }) => fetchAudit(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    staleTime: 0,
  });
  const items = log.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <ContentLayout header={<Header variant="h1" description="Every change made in the console, newest first">Audit Log</Header>}>
      <Table
        items={items}
        loading={log.isPending}
        loadingText="Loading the audit log"
        trackBy="id"
        wrapLines
        empty={log.error ? <Alert type="error">{errorText(log.error, 'Failed to load the audit log')}</Alert> : <Box textAlign="center">No console action recorded yet</Box>}
        columnDefinitions={[
          { id: 'at', header: 'When', cell: (item) => formatDateTime(item.at) },
          { id: 'who', header: 'Who', cell: (item) => `${item.actorEmail ?? item.actorId} (${item.actorRole})` },
          { id: 'action', header: 'Action', cell: (item) => item.action },
          { id: 'target', header: 'Target', cell: (item) => item.target },
          {
            id: 'change',
            header: 'Before / after',
            cell: (item) => (
              <ExpandableSection headerText="Show" variant="footer">
                <Box variant="code">Before: {json(item.before)}</Box>
                <Box variant="code">After: {json(item.after)}</Box>
              </ExpandableSection>
            ),
          },
        ]}
        footer={
          log.hasNextPage ? (
            <Box textAlign="center">
              <Button loading={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
                Load more
              </Button>
            </Box>
          ) : undefined
        }
      />
    </ContentLayout>
  );
}
