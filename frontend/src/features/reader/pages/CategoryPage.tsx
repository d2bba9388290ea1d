import { Link, Navigate, useParams } from 'react-router-dom';
import { CATEGORY_DESCRIPTIONS, CATEGORY_NAMES, isCategorySlug, legacyCategory } from '#domain/content/categories.ts';
import { CATEGORY_PAGE_SIZE } from '#domain/reader/public-articles.ts';
import { useCategories } from '../api/articleQueries.ts';
import { ArticleGrid } from '../components/articles/ArticleGrid.tsx';
import { FilterBar } from '../components/FilterBar.tsx';
import { useFilters } from '../components/filters.ts';
import { documentTitle, useWholeDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';
import { listTitle } from '#domain/reader/page-head.ts';

export function CategoryPage() {
  const { slug = '' } = useParams();
  const [filters, update, clear] = useFilters();
  const known = isCategorySlug(slug);
  const summary = useCategories(filters.market, known).data?.items.find((item) => item.slug === slug) ?? null;

  useWholeDocumentTitle(known ? listTitle({ kind: 'category', slug, page: filters.page }) : documentTitle('Category not found'));
  const successor = legacyCategory(slug);
  if (successor) return <Navigate to={`/categories/${successor}`} replace />;
  if (!known) {
    return (
      <main className="page not-found">
        <h1>Category not found</h1>
        <Link to="/">Return to Home</Link>
      </main>
    );
  }
  return (
    <main className="page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> &gt; <span>Categories</span> &gt; <span aria-current="page">{CATEGORY_NAMES[slug]}</span>
      </nav>
      <section className="hero">
        <h1>{CATEGORY_NAMES[slug]}</h1>
        <p>{CATEGORY_DESCRIPTIONS[slug]}</p>
        {summary && summary.keywords.length > 0 && (
          <p className="keywords">
            {summary.keywords.map((keyword) => (
              <span key={keyword} className="badge">
                {keyword}
              </span>
            ))}
          </p>
        )}
        {/* The tiles count the public list; the older app's sample views, readers and trend are not shown. */}
        {summary && (
          <dl className="tiles">
            <div>
              <dt>Articles</dt>
              <dd data-testid="category-count">{summary.articleCount}</dd>
            </div>
            <div>
              <dt>Views</dt>
              <dd>{summary.viewsCount}</dd>
            </div>
            <div>
              <dt>This week</dt>
              <dd>
                {summary.thisWeek}
                {summary.weeklyChange !== null && ` (${summary.weeklyChange > 0 ? '+' : ''}${summary.weeklyChange}%)`}
              </dd>
            </div>
          </dl>
        )}
      </section>
      <FilterBar filters={filters} onChange={update} onClear={clear} showCategory={false} />
      <ArticleGrid
        key={slug}
        query={{ ...filters, category: slug, limit: CATEGORY_PAGE_SIZE, sort: filters.sort || undefined }}
        onPage={(page) => update({ page })}
      />
    </main>
  );
}
