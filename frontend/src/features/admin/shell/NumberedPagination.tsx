import Pagination, { type PaginationProps } from '@cloudscape-design/components/pagination';

/** The words screen readers hear on every console pager. */
export const PAGINATION_LABELS: PaginationProps.Labels = { nextPageLabel: 'Next page', previousPageLabel: 'Previous page', pageLabel: (page) => `Page ${page}` };

/** A pager over numbered pages; disabled until the first answer says how many there are. */
export function NumberedPagination({ page, pages, onChange }: { page: number; pages: number | undefined; onChange: (page: number) => void }) {
  return (
    <Pagination
      currentPageIndex={page}
      pagesCount={pages ?? 1}
      disabled={pages === undefined}
      onChange={(event) => onChange(event.detail.currentPageIndex)}
      ariaLabels={PAGINATION_LABELS}
    />
  );
}
