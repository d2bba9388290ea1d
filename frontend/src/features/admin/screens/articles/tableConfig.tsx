import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Link from '@cloudscape-design/components/link';
import StatusIndicator, { type StatusIndicatorProps } from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import Toggle from '@cloudscape-design/components/toggle';
import { ADMIN_PAGE_SIZES, ADMIN_SORTS, type AdminSort } from '#domain/content/article-admin.ts';
import { ARTICLE_STATUSES, type ArticleStatus } from '#domain/content/article-status.ts';
import { CATEGORY_NAMES, CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { formatCount, formatDateTime, formatPercent } from '../../shell/format.ts';
import type { ArticleRow } from './api.ts';

const FEATURED_BY_LABELS = { editor: 'Editor', pipeline: 'Auto' } as const;

export const STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Draft',
  published: 'Published',
  archived: 'Archived',
  rejected: 'Rejected',
  purged: 'Purged',
};

const STATUS_INDICATOR: Record<ArticleStatus, StatusIndicatorProps.Type> = {
  draft: 'pending',
  published: 'success',
  archived: 'stopped',
  rejected: 'error',
  purged: 'stopped',
};

export const SORT_LABELS: Record<AdminSort, string> = { latest: 'Latest', trending: 'Trending', oldest: 'Oldest' };

export const statusOptions = [{ value: '', label: 'All statuses' }, ...ARTICLE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))];
export const categoryOptions = [{ value: '', label: 'All categories' }, ...CATEGORY_SLUGS.map((slug) => ({ value: slug, label: CATEGORY_NAMES[slug] }))];
export const sortOptions = ADMIN_SORTS.map((sort) => ({ value: sort, label: `Sort: ${SORT_LABELS[sort]}` }));
export const pageSizeOptions = ADMIN_PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }));

export function ArticleStatusBadge({ status }: { status: ArticleStatus }) {
  return <StatusIndicator type={STATUS_INDICATOR[status]}>{STATUS_LABELS[status]}</StatusIndicator>;
}

export interface RowHandlers {
  canWrite: boolean;
  onOpen(row: ArticleRow): void;
  onEdit(row: ArticleRow): void;
  onDelete(row: ArticleRow): void;
  onFeature(row: ArticleRow, featured: boolean): void;
  /** Rows whose featured flag is being saved. */
  featuring: ReadonlySet<string>;
}

/** The list's columns (Cloudscape demo shape: the table config in its own file). */
export function articleColumns(handlers: RowHandlers): TableProps.ColumnDefinition<ArticleRow>[] {
  return [
    {
      id: 'title',
      header: 'Title',
      isRowHeader: true,
      width: 300,
      cell: (row) => (
        <Link
          href={`#article-${row.id}`}
          onFollow={(event) => {
            event.preventDefault();
            handlers.onOpen(row);
          }}
        >
          {row.title || '(purged: hash-only record)'}
        </Link>
      ),
    },
    { id: 'status', header: 'Status', minWidth: 140, cell: (row) => <ArticleStatusBadge status={row.status} /> },
    { id: 'category', header: 'Category', cell: (row) => CATEGORY_NAMES[row.category] ?? row.category },
    { id: 'source', header: 'Source', cell: (row) => row.sourceName || '—' },
    {
      id: 'featured',
      header: 'Featured',
      cell: (row) => (
        <Toggle
          checked={row.isFeatured}
          disabled={!handlers.canWrite || row.status === 'purged' || handlers.featuring.has(row.id)}
          ariaLabel={`Featured: ${row.title || row.id}`}
          onChange={(event) => handlers.onFeature(row, event.detail.checked)}
        >
          {/* Who featured it: an editor's choice stays; the pipeline's changes with each refresh. */}
          {row.featuredBy ? FEATURED_BY_LABELS[row.featuredBy] : ''}
        </Toggle>
      ),
    },
    { id: 'views', header: 'Views', cell: (row) => <Box textAlign="right">{formatCount(row.viewsCount)}</Box> },
    { id: 'relevance', header: 'Relevance', cell: (row) => <Box textAlign="right">{row.relevanceScore}</Box> },
    { id: 'confidence', header: 'ML confidence', cell: (row) => <Box textAlign="right">{formatPercent(row.mlConfidenceScore)}</Box> },
    { id: 'created', header: 'Created', cell: (row) => formatDateTime(row.createdAt) },
    { id: 'published', header: 'Published', cell: (row) => formatDateTime(row.publishedAt) },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <ButtonDropdown
          variant="inline-icon"
          ariaLabel={`Actions for ${row.title || row.id}`}
          expandToViewport
          items={[
            { id: 'view', text: 'View details' },
            { id: 'edit', text: 'Edit', disabled: !handlers.canWrite || row.status === 'purged' },
            { id: 'delete', text: 'Delete', disabled: !handlers.canWrite },
          ]}
          onItemClick={(event) => {
            if (event.detail.id === 'view') handlers.onOpen(row);
            if (event.detail.id === 'edit') handlers.onEdit(row);
            if (event.detail.id === 'delete') handlers.onDelete(row);
          }}
        />
      ),
    },
  ];
}
