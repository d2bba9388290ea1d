import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CATEGORY_DESCRIPTIONS, CATEGORY_NAMES, HIDDEN_FROM_PUBLIC, isCategorySlug } from '#domain/categories.ts';
import { fetchCategories } from '../api/articles.ts';
import { ArticleGrid } from './ArticleGrid.tsx';

/** Reader spec section 9: a category page shows 24 at a time. */
const CATEGORY_PAGE_SIZE = 24;

export function CategoryPage() {
  const { slug = '' } = useParams();
  const [count, setCount] = useState<number | null>(null);
  const known = isCategorySlug(slug) && !HIDDEN_FROM_PUBLIC.has(slug);

  useEffect(() => {
    if (!known) return;
    let cancelled = false;
    fetchCategories().then(
      ({ items }) => !cancelled && setCount(items.find((item) => item.slug === slug)?.articleCount ?? 0),
      () => !cancelled && setCount(null),
    );
    return () => {
      cancelled = true;
    };
  }, [slug, known]);

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
        {/* The only figure here is the server's count; the older app's sample view and reader tiles are left out. */}
        {count !== null && <p className="stat" data-testid="category-count">{count} articles</p>}
      </section>
      <ArticleGrid key={slug} category={slug} pageSize={CATEGORY_PAGE_SIZE} />
    </main>
  );
}
