import { countOf } from '#domain/common/plural.ts';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useMemo, useState } from 'react';
import { errorText } from '../../shell/api.ts';
import { startExecution, useFollowExecution, type ExecutionProgress, type StartedExecution } from '../../shell/executions.ts';
import { useFlash } from '../../shell/flash.tsx';
import { RunProgress } from '../../shell/RunProgress.tsx';
import { StatTile } from '../../shell/StatTile.tsx';
import { formatCount } from '../../shell/format.ts';
import { exportOpml, type Feed } from './api.ts';
import { DeleteFeedModal } from './DeleteFeedModal.tsx';
import { feedCardDefinition } from './feedCards.tsx';
import { FeedFormModal } from './FeedFormModal.tsx';
import { ImportOpmlModal } from './ImportOpmlModal.tsx';
import { useFeedMutations, useFeeds } from './useFeeds.ts';

type Dialog = { kind: 'add' } | { kind: 'edit'; feed: Feed } | { kind: 'delete'; feed: Feed } | { kind: 'import' } | null;

/** The ingest run's record (pipeline/ingest.handler.ts "record" step), as far as this page reads it. */
type IngestOutput = { feeds?: number; created?: number; failedFeeds?: number };



/** "Process All Feeds": the ingest execution this page started, its progress and where to inspect it. */
function IngestProgress({ started, state }: { started: StartedExecution; state: ExecutionProgress | null }) {
  const progress = state?.progress ?? null;
  const output = (state?.output ?? null) as IngestOutput | null;
  return (
    <RunProgress
      headers={{ running: 'Process All Feeds', succeeded: 'Process All Feeds: done', failed: 'RSS Processing Failed' }}
      label="Ingest"
      execution={{ started, followed: state }}
      description={progress ? `${formatCount(progress.done)} of ${countOf(progress.total, 'feed')} done${progress.failed ? `, ${formatCount(progress.failed)} failed` : ''}` : 'Listing the due feeds'}
      {...(state?.status === 'SUCCEEDED' ? { resultText: `Finished: ${countOf(output?.feeds ?? progress?.total ?? 0, 'feed')} checked, ${countOf(output?.created ?? 0, 'new article')}` } : {})}
    />
  );
}

/** RSS Feed Management (admin spec): one card per feed with its health, the feed actions, OPML and Process All Feeds. */
export default function FeedsPage() {
  const { notify } = useFlash();
  const [started, setStarted] = useState<StartedExecution | null>(null);
  const [starting, setStarting] = useState(false);
  const [ingestRunning, setIngestRunning] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState(false);
  const feeds = useFeeds({ live: ingestRunning });
  const mutations = useFeedMutations();

  const ingest = useFollowExecution(started, (result) => {
    setIngestRunning(false);
    void feeds.refetch();
    if (result.status === 'SUCCEEDED') {
      const output = (result.output ?? {}) as IngestOutput;
      notify({
        type: 'success',
        header: 'RSS Processing Complete',
        content: `${countOf(output.feeds ?? 0, 'feed')} checked, ${countOf(output.created ?? 0, 'new article')}${output.failedFeeds ? `, ${countOf(output.failedFeeds, 'feed')} failed` : ''}.`,
      });
    } else {
      notify({ type: 'error', header: 'RSS Processing Failed', content: result.cause || result.error || 'RSS processing failed' });
    }
  });

  const processAll = async () => {
    setStarting(true);
    try {
      const execution = await startExecution('ingest', { mode: 'full' });
      setStarted(execution);
      setIngestRunning(true);
    } catch (error) {
      const detail = errorText(error, '');
      notify({ type: 'error', header: 'RSS Processing Error', content: detail ? `Failed to start RSS processing (${detail})` : 'Failed to start RSS processing' });
    } finally {
      setStarting(false);
    }
  };

  const withBusy = async (id: string, work: () => Promise<void>) => {
    setBusy((current) => new Set(current).add(id));
    try {
      await work();
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  const fetchNow = (feed: Feed) =>
    withBusy(feed.id, async () => {
      try {
        const result = await mutations.fetchNow.mutateAsync(feed.id);
        if (result.status === 'error') notify({ type: 'error', header: 'RSS Processing Failed', content: `${feed.name}: ${result.error ?? 'the feed could not be read'}` });
        else if (result.status === 'not-modified') notify({ type: 'info', header: `${feed.name} fetched`, content: 'Not modified since the last check: nothing new.' });
        else notify({ type: 'success', header: `${feed.name} fetched`, content: `Found ${countOf(result.itemsFound, 'item')}, ${formatCount(result.created)} new (stored as drafts for classification).` });
      } catch (error) {
        notify({ type: 'error', header: 'RSS Processing Failed', content: errorText(error, 'RSS processing failed') });
      }
    });

  const togglePaused = (feed: Feed) =>
    withBusy(feed.id, async () => {
      try {
        await mutations.update.mutateAsync({ id: feed.id, changes: { active: feed.paused } });
        notify({ type: 'success', header: feed.paused ? 'Feed resumed' : 'Feed paused', content: feed.paused ? `${feed.name} is fetched again from the next run.` : `${feed.name} is not fetched until it is resumed.` });
      } catch (error) {
        notify({ type: 'error', header: 'Update Failed', content: errorText(error, 'Could not update the feed') });
      }
    });

  const download = async () => {
    setExporting(true);
    try {
      const { blob, fileName } = await exportOpml();
      const url = URL.createObjectURL(blob);
      const anchor = document.createElement('a');
      anchor.href = url;
      anchor.download = fileName;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify({ type: 'error', header: 'Export Failed', content: errorText(error, 'Could not export the feed list') });
    } finally {
      setExporting(false);
    }
  };

  const cardDefinition = useMemo(
    () =>
      feedCardDefinition({
        busy,
        onEdit: (feed) => setDialog({ kind: 'edit', feed }),
        onDelete: (feed) => setDialog({ kind: 'delete', feed }),
        onFetchNow: (feed) => void fetchNow(feed),
        onTogglePaused: (feed) => void togglePaused(feed),
      }),
    // The handlers only close over stable setters and mutations.
    [busy],
  );

  const list = feeds.data;
  const header = (
    <Header
      variant="h1"
      counter={list ? `(${list.summary.total})` : undefined}
      description="Every source the ingest fetches, richest data first, with its latest checks. Process All Feeds runs the ingest now over every feed that is due (new and resumed feeds are due at once)."
      actions={
        <SpaceBetween direction="horizontal" size="xs">
          <Button onClick={() => setDialog({ kind: 'import' })} iconName="upload">
            Import OPML
          </Button>
          <Button onClick={() => void download()} loading={exporting} iconName="download">
            Export OPML
          </Button>
          <Button onClick={() => void processAll()} loading={starting} disabled={ingestRunning}>
            Process All Feeds
          </Button>
          <Button variant="primary" onClick={() => setDialog({ kind: 'add' })} iconName="add-plus">
            Add Feed
          </Button>
        </SpaceBetween>
      }
    >
      RSS Feed Management
    </Header>
  );

  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
        {started && <IngestProgress started={started} state={ingest} />}
        {feeds.error && !list ? (
          <Alert type="error" header="Could not load the feeds" action={<Button onClick={() => void feeds.refetch()}>Retry</Button>}>
            {errorText(feeds.error, 'Failed to load the feeds')}
          </Alert>
        ) : (
          <>
            {list && list.summary.total > 0 && (
              <Container>
                <ColumnLayout columns={4} variant="text-grid" minColumnWidth={120}>
                  <StatTile label="Active" value={formatCount(list.summary.active)} testId="feeds-active" />
                  <StatTile label="Paused" value={formatCount(list.summary.paused)} testId="feeds-paused" />
                  <StatTile label="Failing" value={formatCount(list.summary.failing)} testId="feeds-failing" />
                  <StatTile label="Not checked yet" value={formatCount(list.summary.neverChecked)} testId="feeds-never-checked" />
                </ColumnLayout>
              </Container>
            )}
            <Cards
              items={list?.feeds ?? []}
              loading={feeds.isPending}
              loadingText="Loading feeds"
              trackBy="id"
              cardDefinition={cardDefinition}
              cardsPerRow={[{ cards: 1 }, { minWidth: 900, cards: 2 }]}
              ariaLabels={{ itemSelectionLabel: (_, feed) => feed.name, selectionGroupLabel: 'Feeds' }}
              empty={
                <Box textAlign="center" color="inherit" padding="l">
                  <SpaceBetween size="s">
                    <b>No feeds</b>
                    <Box variant="p" color="inherit">
                      Add a feed or import an OPML file to start fetching articles.
                    </Box>
                    <Button onClick={() => setDialog({ kind: 'add' })}>Add Feed</Button>
                  </SpaceBetween>
                </Box>
              }
            />
          </>
        )}
      </SpaceBetween>

      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <FeedFormModal
          feed={dialog.kind === 'edit' ? dialog.feed : null}
          onDismiss={() => setDialog(null)}
          onSave={async (values) => {
            if (dialog.kind === 'edit') {
              // The address is sent (and so fetched and read again) on every save, as on add.
              return (await mutations.update.mutateAsync({ id: dialog.feed.id, changes: values })).check;
            }
            return (await mutations.create.mutateAsync(values)).check;
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteFeedModal
          feed={dialog.feed}
          deleting={mutations.remove.isPending}
          onDismiss={() => setDialog(null)}
          onConfirm={() => {
            const { feed } = dialog;
            mutations.remove.mutate(feed.id, {
              onSuccess: () => {
                setDialog(null);
                notify({ type: 'success', header: 'Feed deleted', content: `${feed.name} is no longer fetched. Its articles stay.` });
              },
              onError: (error) => {
                setDialog(null);
                notify({ type: 'error', header: 'Delete Failed', content: errorText(error, 'Could not delete the feed') });
              },
            });
          }}
        />
      )}
      {dialog?.kind === 'import' && <ImportOpmlModal onDismiss={() => setDialog(null)} onImport={(opml) => mutations.importOpml.mutateAsync(opml)} />}
    </ContentLayout>
  );
}
