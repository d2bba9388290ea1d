import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Modal from '@cloudscape-design/components/modal';
import Pagination from '@cloudscape-design/components/pagination';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { formatDateTime } from '../../shell/format.ts';
import { cleanupAutoRejected, fetchArticlesInStatus, runArticleAction, type ArticleRow } from './api.ts';
import { DialogFooter } from '../../shell/DialogFooter.tsx';

type Action = 'archive' | 'purge';

const ACTION_TEXT: Record<Action, { status: 'rejected' | 'archived'; title: string; button: string; failed: string; done: string; confirm: string }> = {
  archive: {
    status: 'rejected',
    title: 'Rejected articles',
    button: 'Archive selected',
    failed: 'Archive Failed',
    done: 'Articles Archived',
    confirm: 'Archive the selected articles now, before the lifecycle would?',
  },
  purge: {
    status: 'archived',
    title: 'Archived articles',
    button: 'Purge selected',
    failed: 'Purge Failed',
    done: 'Articles Purged',
    confirm: 'Purge the selected articles? Only their URL and title hashes are kept. This action cannot be undone.',
  },
};

function ActionTable({ action }: { action: Action }) {
  const text = ACTION_TEXT[action];
  const client = useQueryClient();
  const { notify } = useFlash();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<ArticleRow[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const list = useQuery({ queryKey: ['admin', 'articles', 'manual', text.status, page], queryFn: () => fetchArticlesInStatus(text.status, page), staleTime: 0, retry: 1 });

  const run = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await runArticleAction(selected.map((item) => item.id), action);
      if (result.failed.length) notify({ type: 'error', header: text.failed, content: `${result.failed.length} could not be changed: ${result.failed[0]?.reason ?? ''}` });
      if (result.succeeded.length) notify({ type: 'success', header: text.done, content: `${result.succeeded.length} article${result.succeeded.length === 1 ? '' : 's'}.` });
      setSelected([]);
      await client.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      notify({ type: 'error', header: text.failed, content: errorText(error, `Failed to ${action} the articles`) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Table
        header={
          <Header
            variant="h2"
            counter={list.data ? `(${list.data.total})` : undefined}
            description="Oldest first"
            actions={
              <Button disabled={selected.length === 0} loading={busy} onClick={() => setConfirming(true)}>
                {text.button}
              </Button>
            }
          >
            {text.title}
          </Header>
        }
        items={list.data?.items ?? []}
        loading={list.isPending}
        loadingText="Loading articles"
        selectionType="multi"
        selectedItems={selected}
        onSelectionChange={(event) => setSelected(event.detail.selectedItems)}
        ariaLabels={{ selectionGroupLabel: `${text.title} selection`, itemSelectionLabel: (_, item) => item.title, allItemsSelectionLabel: () => 'Select all on this page' }}
        trackBy="id"
        empty={
          list.error ? (
            <Alert type="error">{errorText(list.error, 'Failed to load the articles')}</Alert>
          ) : (
            <Box textAlign="center">No {text.status} articles</Box>
          )
        }
        pagination={list.data && list.data.pages > 1 ? <Pagination currentPageIndex={page} pagesCount={list.data.pages} onChange={(event) => setPage(event.detail.currentPageIndex)} /> : undefined}
        columnDefinitions={[
          { id: 'title', header: 'Title', cell: (item) => item.title },
          { id: 'source', header: 'Source', cell: (item) => item.sourceName },
          { id: 'reason', header: 'Status', cell: (item) => `${item.status} (${item.adminStatus})` },
          { id: 'created', header: 'Created', cell: (item) => formatDateTime(item.createdAt) },
        ]}
      />
      <Modal
        visible={confirming}
        onDismiss={() => setConfirming(false)}
        header={text.button}
        footer={<DialogFooter onCancel={() => setConfirming(false)} onConfirm={() => void run()} label={`${action === 'archive' ? 'Archive' : 'Purge'} ${selected.length}`} />}
      >
        {text.confirm}
      </Modal>
    </>
  );
}

export default function ManualControlsPage() {
  const client = useQueryClient();
  const { notify } = useFlash();
  const [cleaning, setCleaning] = useState(false);

  const cleanup = async () => {
    setCleaning(true);
    try {
      const { updated } = await cleanupAutoRejected();
      notify({ type: 'success', header: 'Auto-rejected Articles Moved', content: `${updated} auto-rejected article${updated === 1 ? '' : 's'} moved to rejected.` });
      await client.invalidateQueries({ queryKey: ['admin'] });
    } catch (error) {
      notify({ type: 'error', header: 'Update Failed', content: errorText(error, 'Could not update article status') });
    } finally {
      setCleaning(false);
    }
  };

  return (
    <ContentLayout header={<Header variant="h1" description="Archive or purge a selection now, without waiting for the lifecycle's next run">Manual Controls</Header>}>
      <SpaceBetween size="l">
        <Container
          header={
            <Header variant="h2" actions={<Button loading={cleaning} onClick={() => void cleanup()}>Move auto-rejected to rejected</Button>}>
              Auto-rejected articles
            </Header>
          }
        >
          Articles the classifier judged low quality but left as drafts become rejected, so the lifecycle archives them after 48 hours.
        </Container>
        <ActionTable action="archive" />
        <ActionTable action="purge" />
      </SpaceBetween>
    </ContentLayout>
  );
}
