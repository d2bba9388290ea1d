import type { ArticleQuery } from '../../api/articles.ts';
import { ListError } from '../../../../components/ListError.tsx';
import { Pagination } from '../../../../components/Pagination.tsx';
import { CardGrid } from './CardGrid.tsx';
import { useArticles } from '../../api/useArticles.ts';

/** A page of the list with its count, loading, empty and error states, page links and the article dialog. */
export function ArticleGrid({ query, onPage }: { query: ArticleQuery; onPage: (page: number) => void }) {
  const { items, total, totalIsLowerBound, pages, loading, error, retryable, retry } = useArticles(query);
  const page = query.page ?? 1;
  return (
    <>
      <p className="result-count" aria-live="polite">
        {!loading && !error && (
          <span className="badge count" data-testid="result-count">
            {total}
            {totalIsLowerBound ? '+ articles' : total === 1 ? ' article' : ' articles'}
          </span>
        )}
      </p>
      {error && <ListError onRetry={retryable ? retry : undefined} message={error} />}
      {!error && !loading && items.length === 0 && (
        <div className="notice empty">
          <strong>No articles found</strong>
          <p>Try adjusting your search terms or clearing the filters.</p>
        </div>
      )}
      <CardGrid items={items} loading={loading} />
      <Pagination page={page} pages={pages} onPage={(next) => {
        onPage(next);
        window.scrollTo({ top: 0 });
      }} />
    </>
  );
}
