import { Link } from 'react-router-dom';
import { CATEGORY_DESCRIPTIONS, PUBLIC_CATEGORY_SLUGS, CATEGORY_NAMES } from '#domain/content/categories.ts';
import { countOf } from '#domain/common/plural.ts';
import { useCategories } from '../api/articleQueries.ts';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

/** /categories: every public category with its article count, linked from the header and old pages. */
export default function CategoriesPage() {
  const categories = useCategories('all');
  const items = categories.data?.items;
  const failed = categories.isError;
  useDocumentTitle('Categories');
  const counts = new Map(items?.map((item) => [item.slug, item.articleCount]));
  return (
    <main className="page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> &gt; <span aria-current="page">Categories</span>
      </nav>
      <h1>Categories</h1>
      {failed && <p role="alert">Failed to fetch articles</p>}
      <ul className="category-list">
        {PUBLIC_CATEGORY_SLUGS.map((slug) => (
          <li key={slug} className="card">
            <h2>
              <Link to={`/categories/${slug}`}>{CATEGORY_NAMES[slug]}</Link>
            </h2>
            <p className="summary">{CATEGORY_DESCRIPTIONS[slug]}</p>
            {items && <span className="badge count">{countOf(counts.get(slug) ?? 0, 'article')}</span>}
          </li>
        ))}
      </ul>
    </main>
  );
}
