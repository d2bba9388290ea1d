import { lazy, Suspense, useState } from 'react';
import { ArticleCard } from './ArticleCard.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { useArticles } from './useArticles.ts';

const ArticleDialog = lazy(() => import('./ArticleDialog.tsx'));

/** The paginated grid with its loading, empty and error states, and the article dialog. */
export function ArticleGrid({ category, pageSize }: { category?: string; pageSize: number }) {
  const { items, loading, error, hasMore, loadMore, retry } = useArticles(category, pageSize);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <>
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
        {items.map((article) => (
          <ErrorBoundary key={article.id} level="component" title="Article Loading Error" fallbackMessage="An error occurred while loading this article.">
            <ArticleCard article={article} onOpen={setOpenId} />
          </ErrorBoundary>
        ))}
        {loading && Array.from({ length: 6 }, (_, index) => <div key={index} className="card skeleton" aria-hidden="true" />)}
      </div>
      {hasMore && !loading && (
        <button type="button" className="more" onClick={loadMore}>
          Load more articles
        </button>
      )}
      {openId && (
        <Suspense fallback={null}>
          <ArticleDialog id={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} />
        </Suspense>
      )}
    </>
  );
}
