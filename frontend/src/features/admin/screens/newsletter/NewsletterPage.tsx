import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorText } from '../../shell/api.ts';
import { useFollowExecution, type StartedExecution } from '../../shell/executions.ts';
import { useFlash } from '../../shell/flash.tsx';
import { PageHeader } from '../../shell/PageHeader.tsx';
import { RunProgress } from '../../shell/RunProgress.tsx';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import { ConsoleLoading } from '../../shell/guard.tsx';
import { COMPOSE_TEXTS, ComposeModal } from './ComposeModal.tsx';
import { subscriberColumns } from './tableConfig.tsx';
import { useNewsletterStats, useSubscribers } from './useNewsletter.ts';
import { StatTile } from '../../shell/StatTile.tsx';
import { countOf } from '#domain/common/plural.ts';

const LOAD_FAILED = 'Failed to load newsletter subscribers';

function Subscribers() {
  const [filter, setFilter] = useState('');
  const [search, setSearch] = useState('');
  // cursors[i] opens page i + 1; a new search starts again at page 1.
  const [cursors, setCursors] = useState<Array<string | null>>([null]);
  const [pageIndex, setPageIndex] = useState(0);
  const page = useSubscribers(search, cursors[pageIndex] ?? null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(filter.trim());
      setCursors([null]);
      setPageIndex(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [filter]);
  useEffect(() => {
    const next = page.data?.cursor;
    if (next && cursors.length === pageIndex + 1) setCursors((known) => [...known, next]);
  }, [page.data?.cursor, pageIndex, cursors.length]);

  const hasNext = pageIndex + 1 < cursors.length;
  return (
    <Table
      header={<Header variant="h2" description="Newest first, 10 a page">Subscribers</Header>}
      items={page.data?.items ?? []}
      trackBy="email"
      loading={page.isPending}
      loadingText="Loading subscribers"
      columnDefinitions={subscriberColumns}
      variant="container"
      ariaLabels={{ tableLabel: 'Newsletter subscribers' }}
      empty={
        page.error ? (
          <Box textAlign="center" color="text-status-error">
            {LOAD_FAILED} <Button variant="inline-link" onClick={() => void page.refetch()}>Retry</Button>
          </Box>
        ) : (
          <Box textAlign="center">{search ? `No subscriber address contains “${search}”` : 'No subscribers yet'}</Box>
        )
      }
      filter={<TextFilter filteringText={filter} onChange={({ detail }) => setFilter(detail.filteringText)} filteringPlaceholder="Search by email" filteringAriaLabel="Search subscribers by email" filteringClearAriaLabel="Clear search" />}
      pagination={
        <Pagination
          currentPageIndex={pageIndex + 1}
          pagesCount={cursors.length}
          openEnd={Boolean(page.data?.cursor)}
          onChange={({ detail }) => setPageIndex(Math.min(detail.currentPageIndex - 1, cursors.length - 1))}
          onNextPageClick={() => hasNext && setPageIndex(pageIndex + 1)}
          ariaLabels={{ nextPageLabel: 'Next page', previousPageLabel: 'Previous page', pageLabel: (n) => `Page ${n}` }}
        />
      }
    />
  );
}

export default function NewsletterPage() {
  const client = useQueryClient();
  const { notify } = useFlash();
  const stats = useNewsletterStats();
  const [composing, setComposing] = useState(false);
  const [started, setStarted] = useState<StartedExecution | null>(null);

  const followed = useFollowExecution(started, (result) => {
    void client.invalidateQueries({ queryKey: ['admin', 'newsletter'] });
    if (result.status === 'SUCCEEDED') {
      const output = result.output as { sent?: number; skipped?: number; failed?: number } | undefined;
      notify({ type: 'success', header: 'Newsletter Sent', content: `Sent to ${countOf(output?.sent ?? 0, 'subscriber')}${output?.failed ? `, ${formatCount(output.failed)} failed` : ''}.` });
    } else {
      notify({ type: 'error', header: 'Error', content: result.cause || result.error || COMPOSE_TEXTS.sendFailed });
    }
  });

  const running = started !== null && (followed?.status ?? 'RUNNING') === 'RUNNING';
  const header = (
    <PageHeader
      description="Subscribers, their confirmations and suppressions; compose an issue for every confirmed subscriber."
      actions={
        <>
          <Button iconName="refresh" ariaLabel="Refresh" onClick={() => void client.invalidateQueries({ queryKey: ['admin', 'newsletter'] })} />
          <Button variant="primary" disabled={running} onClick={() => setComposing(true)}>
            Compose
          </Button>
        </>
      }
    >
      Newsletter Management
    </PageHeader>
  );

  const progress = followed?.progress;
  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        {started && followed && (
          <RunProgress
            headers={{ running: 'Sending the newsletter', succeeded: 'Newsletter sent', failed: 'Sending failed' }}
            label="Newsletter issue"
            execution={{ started, followed }}
            {...(progress?.total ? { description: `${progress.done} of ${countOf(progress.total, 'batch', 'batches')} sent` } : {})}
            resultText={followed.status === 'SUCCEEDED' ? `Sent to ${countOf((followed.output as { sent?: number } | undefined)?.sent ?? 0, 'subscriber')}` : followed.cause || followed.error || COMPOSE_TEXTS.sendFailed}
            onDismiss={() => setStarted(null)}
          />
        )}
        <Container header={<Header variant="h2">Overview</Header>}>
          {stats.isPending ? (
            <ConsoleLoading />
          ) : !stats.data ? (
            <Alert type="error" header="Error" action={<Button onClick={() => void stats.refetch()}>Retry</Button>}>
              {errorText(stats.error, LOAD_FAILED)}
            </Alert>
          ) : (
            <SpaceBetween size="l">
              <ColumnLayout columns={4} variant="text-grid" minColumnWidth={140}>
                <StatTile label={'Total subscribers'} value={formatCount(stats.data.total)} testId={'nl-total'} />
                <StatTile label={'Verified'} value={formatCount(stats.data.confirmed)} testId={'nl-confirmed'} />
                <StatTile label={'Pending confirmation'} value={formatCount(stats.data.pending)} testId={'nl-pending'} />
                <StatTile label={'Suppressed'} value={formatCount(stats.data.suppressed)} testId={'nl-suppressed'} />
                <StatTile label={'Daily'} value={formatCount(stats.data.byFrequency.daily)} testId={'nl-daily'} />
                <StatTile label={'Weekly'} value={formatCount(stats.data.byFrequency.weekly)} testId={'nl-weekly'} />
                <StatTile label={'Monthly'} value={formatCount(stats.data.byFrequency.monthly)} testId={'nl-monthly'} />
                <StatTile label={'Unsubscribed'} value={formatCount(stats.data.unsubscribed)} testId={'nl-unsubscribed'} />
              </ColumnLayout>
              <Box variant="small" data-testid="nl-last-issue">
                {stats.data.lastIssue
                  ? `Last issue ${stats.data.lastIssue.issueId ?? ''} (${stats.data.lastIssue.trigger}), ${formatDateTime(stats.data.lastIssue.endedAt)}: ${formatCount(stats.data.lastIssue.sent)} sent, ${formatCount(stats.data.lastIssue.skipped)} skipped, ${formatCount(stats.data.lastIssue.failed)} failed.`
                  : 'No issue sent yet.'}
              </Box>
            </SpaceBetween>
          )}
        </Container>
        <Subscribers />
      </SpaceBetween>
      <ComposeModal
        visible={composing}
        onDismiss={() => setComposing(false)}
        onStarted={(execution) => {
          setComposing(false);
          setStarted(execution);
        }}
      />
    </ContentLayout>
  );
}
