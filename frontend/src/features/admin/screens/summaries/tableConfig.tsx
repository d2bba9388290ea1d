import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { TableProps } from '@cloudscape-design/components/table';
import { CATEGORY_NAMES } from '#domain/content/categories.ts';
import { formatDateTime } from '../../shell/format.ts';
import { ArticleStatusBadge } from '../articles/tableConfig.tsx';
import { PROBLEM_LABELS, type SummaryProblem, type SummaryRow } from './api.ts';

const PROBLEM_COLOR: Record<SummaryProblem, 'red' | 'blue' | 'grey'> = { missing: 'red', 'same-as-title': 'blue', 'too-short': 'grey', markup: 'red' };

/** The Summary Manager's columns. */
export function summaryColumns(handlers: { onRegenerate(row: SummaryRow): void; busy: ReadonlySet<string> }): TableProps.ColumnDefinition<SummaryRow>[] {
  return [
    { id: 'title', header: 'Title', isRowHeader: true, width: 320, cell: (row) => row.title },
    {
      id: 'problems',
      header: 'Problem',
      cell: (row) => (
        <SpaceBetween direction="horizontal" size="xxs">
          {row.problems.map((problem) => (
            <Badge key={problem} color={PROBLEM_COLOR[problem]}>
              {PROBLEM_LABELS[problem]}
            </Badge>
          ))}
        </SpaceBetween>
      ),
    },
    {
      id: 'summary',
      header: 'Current summary',
      width: 360,
      cell: (row) => (row.summary ? <Box variant="small">{row.summary.length > 160 ? `${row.summary.slice(0, 160)}…` : row.summary}</Box> : <Box color="text-status-inactive">(none)</Box>),
    },
    { id: 'status', header: 'Status', cell: (row) => <ArticleStatusBadge status={row.status} /> },
    { id: 'category', header: 'Category', cell: (row) => CATEGORY_NAMES[row.category] ?? row.category },
    { id: 'source', header: 'Source', cell: (row) => row.sourceName },
    { id: 'created', header: 'Created', cell: (row) => formatDateTime(row.createdAt) },
    {
      id: 'actions',
      header: 'Actions',
      cell: (row) => (
        <Button variant="inline-link" loading={handlers.busy.has(row.id)} ariaLabel={`Regenerate the summary of ${row.title}`} onClick={() => handlers.onRegenerate(row)}>
          Regenerate
        </Button>
      ),
    },
  ];
}
