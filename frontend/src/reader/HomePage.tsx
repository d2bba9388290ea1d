import { ArticleCard } from './ArticleCard.tsx';
import { useArticles } from './useArticles.ts';

export function HomePage() {
  const { items, loading, error, hasMore, loadMore, retry } = useArticles();
  return (
    <main className="page">
      <section className="hero">
        <h1>Creator economy and influencer marketing news, India first</h1>
        <p>Curated from publishers across the industry, scored for relevance, linked to the source.</p>
      </section>
      <section aria-labelledby="latest-heading">
        <h2 id="latest-heading" className="section-title">
          Latest Articles
        </h2>
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
            <ArticleCard key={article.id} article={article} />
          ))}
          {loading && Array.from({ length: 6 }, (_, index) => <div key={index} className="card skeleton" aria-hidden="true" />)}
        </div>
        {hasMore && !loading && (
          <button type="button" className="more" onClick={loadMore}>
            Load more articles
          </button>
        )}
      </section>
    </main>
  );
}
