import { countOf } from '#domain/common/plural.ts';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Modal from '@cloudscape-design/components/modal';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_ADMIN_PAGE_SIZE, type AdminSort, type BulkAction, type ManualStatus } from '#domain/content/article-admin.ts';
import { ARTICLE_STATUSES, type ArticleStatus } from '#domain/content/article-status.ts';
import type { CategorySlug } from '#domain/content/categories.ts';
import { useFlash } from '../../shell/flash.tsx';
import { formatCount } from '../../shell/format.ts';
import type { ArticleListQuery, ArticleRow, BulkResult } from './api.ts';
import { ArticleDetailModal } from './ArticleDetailModal.tsx';
import { ARTICLES_PATH } from './ArticleEditor.tsx';
import { articleColumns, categoryOptions, pageSizeOptions, sortOptions, STATUS_LABELS, statusOptions } from './tableConfig.tsx';
import { useArticleList, useBulkAction, useConsoleRole, useDeleteArticle, useFeatured } from './useArticles.ts';
import { DialogFooter } from '../../shell/DialogFooter.tsx';
import { NumberedPagination } from '../../shell/NumberedPagination.tsx';

/** Spec section 5: the delete confirmation texts. */
export const deleteQuestion = (count: number) =>
  count === 1 ? 'Are you sure you want to delete this article? This action cannot be undone.' : `Are you sure you want to delete ${count} articles? This action cannot be undone.`;
const purgeQuestion = (count: number) =>
  `Are you sure you want to purge ${count === 1 ? 'this article' : `${count} articles`}? Content and metadata are wiped; only the URL and title hashes are kept so no feed brings ${count === 1 ? 'it' : 'them'} back. This action cannot be undone.`;

/** The bulk bar's buttons (spec section 4: any selection to draft, published, archived or rejected; manual archive and purge; delete). */
const BULK_BUTTONS: Array<{ id: string; label: string; action: BulkAction; status?: ManualStatus; past: string }> = [
  { id: 'publish', label: 'Publish', action: 'set-status', status: 'published', past: 'published' },
  { id: 'draft', label: 'Draft', action: 'set-status', status: 'draft', past: 'moved to draft' },
  { id: 'archive', label: 'Archive', action: 'archive', past: 'archived' },
  { id: 'reject', label: 'Reject', action: 'set-status', status: 'rejected', past: 'rejected' },
  { id: 'purge', label: 'Purge', action: 'purge', past: 'purged' },
];

const SEARCH_DELAY_MS = 300;

type Confirm = { kind: 'delete' | 'purge'; rows: ArticleRow[] } | null;

function StatsStrip({ counts }: { counts: Record<ArticleStatus, number> | undefined }) {
  const listed = counts ? counts.draft + counts.published + counts.archived + counts.rejected : null;
  return (
    <Container>
      <KeyValuePairs
        columns={6}
        items={[
          { label: 'Total articles', value: <Box variant="awsui-value-large" data-testid="articles-count-total">{listed === null ? '—' : formatCount(listed)}</Box> },
          ...ARTICLE_STATUSES.map((status) => ({
            label: STATUS_LABELS[status],
            value: (
              <Box variant="awsui-value-large" data-testid={`articles-count-${status}`}>
                {counts ? formatCount(counts[status]) : '—'}
              </Box>
            ),
          })),
        ]}
      />
      <Box variant="small" color="text-body-secondary">
        Counts exclude duplicates. Total articles leaves out purged hash-only records.
      </Box>
    </Container>
  );
}

/** Manage Articles: stats strip, server-side search, filters, sort and pages, bulk bar, table, detail dialog. */
export function ArticleList() {
  const navigate = useNavigate();
  const flash = useFlash();
  const role = useConsoleRole();
  const canWrite = role === 'admin';
  const [filteringText, setFilteringText] = useState('');
  const [query, setQuery] = useState<ArticleListQuery>({ search: '', status: '', category: '', sort: 'latest', page: 1, pageSize: DEFAULT_ADMIN_PAGE_SIZE });
  const [selected, setSelected] = useState<ArticleRow[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [featuring, setFeaturing] = useState<Set<string>>(new Set());
  const list = useArticleList(query);
  const bulk = useBulkAction();
  const remove = useDeleteArticle();
  const featured = useFeatured();

  // The server searches; a changed search text goes back to page 1 (spec section 5).
  useEffect(() => {
    const timer = setTimeout(() => setQuery((current) => (current.search === filteringText ? current : { ...current, search: filteringText, page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filteringText]);

  // A new page or filter starts with nothing selected: the bulk bar acts on what is on screen.
  useEffect(() => setSelected([]), [query]);

  const change = (patch: Partial<ArticleListQuery>) => setQuery((current) => ({ ...current, ...patch, page: patch.page ?? 1 }));

  const report = (result: BulkResult, past: string, failure: { header: string; content: string }) => {
    if (result.succeeded.length) flash.notify({ type: 'success', header: `${countOf(result.succeeded.length, 'article')} ${past}` });
    if (result.failed.length) {
      flash.notify({
        type: 'error',
        header: failure.header,
        content: `${failure.content}: ${result.failed.map((failed) => `${failed.reason}`).filter((reason, index, all) => all.indexOf(reason) === index).join('; ')} (${countOf(result.failed.length, 'article')})`,
      });
    }
  };

  const runBulk = async (button: (typeof BULK_BUTTONS)[number], rows: ArticleRow[]) => {
    if (rows.length === 0) return;
    try {
      const result = await bulk.mutateAsync({ ids: rows.map((row) => row.id), action: button.action, status: button.status });
      report(result, button.past, { header: 'Update Failed', content: 'Could not update article status' });
      setSelected([]);
    } catch {
      flash.notify({ type: 'error', header: 'Update Failed', content: 'Could not update article status' });
    }
  };

  const runConfirmed = async () => {
    if (!confirm) return;
    const { kind, rows } = confirm;
    try {
      if (kind === 'purge') {
        const result = await bulk.mutateAsync({ ids: rows.map((row) => row.id), action: 'purge' });
        report(result, 'purged', { header: 'Purge Failed', content: rows.length === 1 ? 'Could not purge the article' : 'Could not purge the articles' });
      } else if (rows.length === 1) {
        await remove.mutateAsync(rows[0]!.id);
        flash.notify({ type: 'success', header: 'Article deleted' });
      } else {
        const result = await bulk.mutateAsync({ ids: rows.map((row) => row.id), action: 'delete' });
        report(result, 'deleted', { header: 'Delete Failed', content: 'Could not delete the articles' });
      }
      setSelected([]);
    } catch {
      const header = kind === 'purge' ? 'Purge Failed' : 'Delete Failed';
      flash.notify({ type: 'error', header, content: kind === 'purge' ? 'Could not purge the article' : rows.length === 1 ? 'Could not delete the article' : 'Could not delete the articles' });
    }
    setConfirm(null);
  };

  const toggleFeatured = async (row: ArticleRow, isFeatured: boolean) => {
    setFeaturing((current) => new Set(current).add(row.id));
    try {
      await featured.mutateAsync({ id: row.id, featured: isFeatured });
      flash.notify({ type: 'success', header: isFeatured ? 'Article featured' : 'Article no longer featured', content: row.title });
    } catch {
      flash.notify({ type: 'error', header: 'Update Failed', content: 'Could not update the featured flag' });
    } finally {
      setFeaturing((current) => {
        const next = new Set(current);
        next.delete(row.id);
        return next;
      });
    }
  };

  const columns = useMemo(
    () =>
      articleColumns({
        canWrite,
        featuring,
        onOpen: (row) => setOpenId(row.id),
        onEdit: (row) => navigate(`${ARTICLES_PATH}/${row.id}/edit`),
        onDelete: (row) => setConfirm({ kind: 'delete', rows: [row] }),
        onFeature: (row, value) => void toggleFeatured(row, value),
      }),
    // toggleFeatured reads only setters and mutations that are stable.
    [canWrite, featuring, navigate],
  );

  const data = list.data;
  const busy = bulk.isPending || remove.isPending;
  const noSelection = selected.length === 0;

  return (
    <ContentLayout header={<Header variant="h1" description="Search, filter and change articles. Every change is audited.">Article Management</Header>}>
      <SpaceBetween size="l">
        <StatsStrip counts={data?.counts} />
        <Table
          variant="full-page"
          items={data?.items ?? []}
          columnDefinitions={columns}
          trackBy="id"
          selectionType={canWrite ? 'multi' : undefined}
          selectedItems={selected}
          onSelectionChange={(event) => setSelected([...event.detail.selectedItems])}
          ariaLabels={{
            selectionGroupLabel: 'Article selection',
            allItemsSelectionLabel: () => 'Select all articles on this page',
            itemSelectionLabel: (_state, row) => `Select ${row.title || row.id}`,
          }}
          loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
          loadingText="Loading articles"
          stickyHeader
          // Title and Actions stay in view: at 1366 px nobody scrolls sideways to reach a row's actions.
          stickyColumns={{ first: 1, last: 1 }}
          resizableColumns
          wrapLines={false}
          header={
            <Header
              variant="h2"
              counter={data ? (selected.length ? `(${formatCount(selected.length)}/${formatCount(data.total)})` : `(${formatCount(data.total)})`) : undefined}
              description={canWrite ? 'Select articles to change them in bulk.' : 'Moderators can read articles; changes need an admin.'}
              actions={
                canWrite && (
                  <SpaceBetween direction="horizontal" size="xs">
                    {BULK_BUTTONS.map((button) => (
                      <Button
                        key={button.id}
                        disabled={noSelection || busy}
                        onClick={() => (button.action === 'purge' ? setConfirm({ kind: 'purge', rows: selected }) : void runBulk(button, selected))}
                      >
                        {button.label}
                      </Button>
                    ))}
                    <Button disabled={noSelection || busy} onClick={() => setConfirm({ kind: 'delete', rows: selected })}>
                      Delete
                    </Button>
                  </SpaceBetween>
                )
              }
            >
              Articles
            </Header>
          }
          filter={
            <SpaceBetween direction="horizontal" size="xs" alignItems="center">
              <TextFilter
                filteringText={filteringText}
                filteringPlaceholder="Search title, summary or source"
                filteringAriaLabel="Search articles"
                countText={data ? `${formatCount(data.total)} ${data.total === 1 ? 'match' : 'matches'}` : undefined}
                onChange={(event) => setFilteringText(event.detail.filteringText)}
              />
              <Select
                selectedOption={statusOptions.find((option) => option.value === query.status) ?? statusOptions[0]!}
                options={statusOptions}
                onChange={(event) => change({ status: event.detail.selectedOption.value as ArticleStatus | '' })}
                ariaLabel="Filter by status"
              />
              <Select
                selectedOption={categoryOptions.find((option) => option.value === query.category) ?? categoryOptions[0]!}
                options={categoryOptions}
                onChange={(event) => change({ category: event.detail.selectedOption.value as CategorySlug | '' })}
                ariaLabel="Filter by category"
              />
              <Select
                selectedOption={sortOptions.find((option) => option.value === query.sort) ?? sortOptions[0]!}
                options={sortOptions}
                onChange={(event) => change({ sort: event.detail.selectedOption.value as AdminSort })}
                ariaLabel="Sort articles"
              />
              <Select
                selectedOption={pageSizeOptions.find((option) => option.value === String(query.pageSize)) ?? pageSizeOptions[0]!}
                options={pageSizeOptions}
                onChange={(event) => change({ pageSize: Number(event.detail.selectedOption.value) })}
                ariaLabel="Articles per page"
              />
            </SpaceBetween>
          }
          pagination={
            <NumberedPagination page={query.page} pages={data?.pages} onChange={(page) => change({ page })} />
          }
          empty={
            list.isError ? (
              <Box textAlign="center" color="inherit" padding="m">
                <Alert type="error" header="Could not load articles" action={<Button onClick={() => void list.refetch()}>Retry</Button>}>
                  {list.error instanceof Error ? list.error.message : 'Failed to load articles'}
                </Alert>
              </Box>
            ) : (
              <Box textAlign="center" color="inherit" padding="m">
                <b>No articles</b>
                <Box variant="p" color="inherit">
                  {query.search || query.status || query.category ? 'No article matches these filters.' : 'No articles yet: the next ingest adds them.'}
                </Box>
              </Box>
            )
          }
        />
      </SpaceBetween>
      <ArticleDetailModal
        id={openId}
        canEdit={canWrite}
        onClose={() => setOpenId(null)}
        onEdit={(id) => {
          setOpenId(null);
          navigate(`${ARTICLES_PATH}/${id}/edit`);
        }}
      />
      <Modal
        visible={confirm !== null}
        onDismiss={() => setConfirm(null)}
        header={confirm?.kind === 'purge' ? 'Purge articles' : confirm && confirm.rows.length > 1 ? 'Delete articles' : 'Delete article'}
        closeAriaLabel="Close dialog"
        footer={<DialogFooter onCancel={() => setConfirm(null)} busy={busy} onConfirm={() => void runConfirmed()} label={confirm?.kind === 'purge' ? 'Purge' : 'Delete'} />}
      >
        {confirm && (confirm.kind === 'purge' ? purgeQuestion(confirm.rows.length) : deleteQuestion(confirm.rows.length))}
      </Modal>
    </ContentLayout>
  );
}
