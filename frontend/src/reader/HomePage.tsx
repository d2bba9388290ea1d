import { ArticleGrid } from './ArticleGrid.tsx';

/** Reader spec section 9: the home list shows 15 at a time. */
const HOME_PAGE_SIZE = 15;

export function HomePage() {
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
        <ArticleGrid pageSize={HOME_PAGE_SIZE} />
      </section>
    </main>
  );
}
