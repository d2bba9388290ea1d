import { lazy, Suspense, useState } from 'react';
import type { ArticleQuery } from '../../api/articles.ts';
import { ArticleCard } from './ArticleCard.tsx';
import { ErrorBoundary } from '../ErrorBoundary.tsx';
import { Pagination } from '../Pagination.tsx';
import { useArticles } from './useArticles.ts';

const ArticleDialog = lazy(() => import('./ArticleDialog.tsx'));

/** A page of the list with its count, loading, empty and error states, page links and the article dialog. */
export function ArticleGrid({ query, onPage }: { query: ArticleQuery; onPage: (page: number) => void }) {
  const { items, total, pages, loading, error, retry } = useArticles(query);
  const [openId, setOpenId] = useState<string | null>(null);
  const page = query.page ?? 1;
  return (
    <>
      <p className="result-count" aria-live="polite">
        {!loading && !error && (
          <span className="badge count" data-testid="result-count">
            {total} {total === 1 ? 'article' : 'articles'}
          </span>
        )}
      </p>
      {error && (
        <div role="alert" className="notice error">
          <strong>Error</strong> {error}{' '}
          <button type="button" onClick={retry}>
            Try Again
          </button>
        </div>
      )}
      {!error && !loading && items.length === 0 && (
        <div className="notice empty">
          <strong>No articles found</strong>
          <p>Try adjusting your search terms or clearing the filters.</p>
        </div>
      )}
      <div className="grid" aria-busy={loading}>
        {loading
          ? Array.from({ length: 6 }, (_, index) => <div key={index} className="card skeleton" aria-hidden="true" />)
          : items.map((article) => (
              <ErrorBoundary key={article.id} level="component" title="Article Loading Error" fallbackMessage="An error occurred while loading this article.">
                <ArticleCard article={article} onOpen={setOpenId} />
              </ErrorBoundary>
            ))}
      </div>
      <Pagination page={page} pages={pages} onPage={(next) => {
        onPage(next);
        window.scrollTo({ top: 0 });
      }} />
      {openId && (
        <Suspense fallback={null}>
          <ArticleDialog id={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </>
  );
}
