import { CATEGORY_NAMES, isCategorySlug } from '#domain/categories.ts';
import { qualityLevel } from '#domain/quality.ts';
import type { Article } from '../api/articles.ts';
import { relativeTime } from './relativeTime.ts';

export function ArticleCard({ article }: { article: Article }) {
  const category = isCategorySlug(article.category) ? CATEGORY_NAMES[article.category] : article.category;
  return (
    <article className="card" aria-labelledby={`title-${article.id}`}>
      <div className="card-meta">
        <span className="badge">{category}</span>
        {article.isFeatured && <span className="badge featured">Featured</span>}
        {article.qualityScore !== null && <span className="badge quality">{qualityLevel(article.qualityScore)}</span>}
      </div>
      <h2 id={`title-${article.id}`}>{article.title}</h2>
      <p className="summary">{article.summary}</p>
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
