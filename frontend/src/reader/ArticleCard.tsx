import { CATEGORY_NAMES, isCategorySlug } from '#domain/categories.ts';
import { qualityLevel } from '#domain/quality.ts';
import type { Article } from '../api/articles.ts';
import { relativeTime } from '#domain/badges.ts';
import { useToast } from './Toasts.tsx';

export const categoryName = (slug: string) => (isCategorySlug(slug) ? CATEGORY_NAMES[slug] : slug);

export function ArticleCard({ article, onOpen }: { article: Article; onOpen: (id: string) => void }) {
  const toast = useToast();
  return (
    <article className="card" aria-labelledby={`title-${article.id}`}>
      <div className="card-meta">
        <span className="badge">{categoryName(article.category)}</span>
        {article.isFeatured && <span className="badge featured">Featured</span>}
        {article.qualityScore !== null && <span className="badge quality">{qualityLevel(article.qualityScore)}</span>}
      </div>
      <h2 id={`title-${article.id}`}>
        <button type="button" className="title-button" onClick={() => onOpen(article.id)}>
          {article.title}
        </button>
      </h2>
      <p className="summary">{article.summary}</p>
      <div className="card-actions">
        {/* Accounts come with their own issue; until then every reader is a guest (reader spec section 8 texts). */}
        <button type="button" onClick={() => toast('Sign in required', 'Please sign in to bookmark articles')}>
          Save
        </button>
        <button type="button" onClick={() => toast('Login Required', 'Please log in to like articles.')}>
          Like
        </button>
      </div>
      <div className="card-footer">
        <span>
          {article.sourceName} · <time dateTime={article.publishedAt}>{relativeTime(article.publishedAt)}</time>
        </span>
        <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer">
          Read Full Article<span className="visually-hidden">: {article.title}</span>
        </a>
      </div>
    </article>
  );
}
