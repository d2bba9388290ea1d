import Box from '@cloudscape-design/components/box';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Link from '@cloudscape-design/components/link';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { TableProps } from '@cloudscape-design/components/table';
import { TOPIC_KIND_LABELS, topicPath } from '#domain/topics/topic-links.ts';
import type { TopicListState } from '#domain/topics/topic-overrides.ts';
import { formatCount, formatDateTime } from '../../shell/format.ts';
import type { TopicRow } from './api.ts';

export type TopicAction = 'rename' | 'hide' | 'show' | 'merge' | 'unmerge';

export const STATE_LABELS: Record<TopicListState, string> = { all: 'All topics', renamed: 'Renamed', hidden: 'Hidden', merged: 'Merged' };

function TopicStatus({ row }: { row: TopicRow }) {
  if (row.mergedInto) return <StatusIndicator type="info">Merged into {row.mergedInto.name}</StatusIndicator>;
  if (row.hidden) return <StatusIndicator type="stopped">Hidden</StatusIndicator>;
  return <StatusIndicator type="success">Shown</StatusIndicator>;
}

export function topicColumns(onAction: (action: TopicAction, row: TopicRow) => void): TableProps.ColumnDefinition<TopicRow>[] {
  return [
    {
      id: 'name',
      header: 'Topic',
      isRowHeader: true,
      cell: (row) => (
        <>
          {row.hidden || row.mergedInto ? row.name : <Link href={topicPath(row)} external>{row.name}</Link>}
          {row.renamed ? <Box variant="small" display="block" color="text-body-secondary">Catalogue name: {row.catalogueName}</Box> : null}
        </>
      ),
    },
    { id: 'id', header: 'Id', cell: (row) => <Box variant="code">{row.id}</Box> },
    { id: 'kind', header: 'Kind', cell: (row) => TOPIC_KIND_LABELS[row.kind] },
    { id: 'status', header: 'Status', cell: (row) => <TopicStatus row={row} /> },
    { id: 'stories', header: 'Stories', cell: (row) => formatCount(row.stories) },
    { id: 'followers', header: 'Followers', cell: (row) => formatCount(row.followers) },
    { id: 'changed', header: 'Last changed', cell: (row) => (row.changedAt ? `${formatDateTime(row.changedAt)} by ${row.changedBy ?? 'unknown'}` : '—') },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <ButtonDropdown
          variant="inline-icon"
          ariaLabel={`Actions for ${row.name}`}
          // The table scrolls sideways, which would clip the menu to the row: render it over the page.
          expandToViewport
          items={[
            { id: 'rename', text: 'Rename' },
            row.hidden ? { id: 'show', text: 'Show' } : { id: 'hide', text: 'Hide', disabled: Boolean(row.mergedInto), disabledReason: 'A merged topic sends readers to the other topic: hide that one' },
            row.mergedInto ? { id: 'unmerge', text: 'Undo merge' } : { id: 'merge', text: 'Merge into…' },
          ]}
          onItemClick={({ detail }) => onAction(detail.id as TopicAction, row)}
        />
      ),
    },
  ];
}
