import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { indiaDateTimeLabel } from '#domain/common/india-time.ts';
import { storyIdOf, storyPath } from '#domain/reader/site-pages.ts';
import { ApiError } from '#web/shared/api/client.ts';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';
import { useArticleDetail } from '../api/articleQueries.ts';
import { useMarkRead } from '../api/readState.ts';
import { AlsoCoveredBy } from '../components/articles/AlsoCoveredBy.tsx';
import { categoryName } from '../components/articles/ArticleCard.tsx';
import { ArticleImage } from '../components/articles/ArticleImage.tsx';
import { ShareMenu } from '../components/articles/ShareMenu.tsx';
import { useCanonicalStoryAddress } from '../components/articles/storyNavigation.ts';
import { SaveAndLikeButtons } from '../components/articles/SaveAndLikeButtons.tsx';
import { TopicLinks } from '../components/articles/TopicLinks.tsx';
import { PublisherActions } from '../components/PublisherActions.tsx';
import { FollowButton } from '../components/FollowButton.tsx';

/**
 * A story's own page at /story/<slug>-<id>: what the dialog shows over a list, as a page (a shared link,
 * a search result, a reload). Its one query is the article's (`articleDetailQuery`), which the server
 * fills when it writes the page; nothing here reads the browser while rendering.
 */
export function StoryPage() {
  const { slugId = '' } = useParams();
  const location = useLocation();
  const id = storyIdOf(slugId);
  const detail = useArticleDetail(id ?? '', Boolean(id));
  const article = detail.data;
  const missing = !id || (detail.error instanceof ApiError && detail.error.status === 404);
  useDocumentTitle(article?.title ?? (missing ? 'Article not found' : detail.isError ? 'Article Loading Error' : undefined));
  useCanonicalStoryAddress(article, location);

  if (missing) {
    return (
      <main className="page not-found">
        <h1>Article not found</h1>
        <p>This story may have been removed, or the link is incomplete.</p>
        <Link to="/">Return to Home</Link>
      </main>
    );
  }
  if (detail.isError) {
    return (
      <main className="page story-page">
        <div role="alert" className="notice">
          <h1>Article Loading Error</h1>
          <p>{detail.error.message || 'An error occurred while loading this article.'}</p>
          <p className="story-error-actions">
            <button type="button" onClick={() => void detail.refetch()}>
              Try Again
            </button>
            <Link to="/">Return to Home</Link>
          </p>
        </div>
      </main>
    );
  }
  if (!article) {
    return (
      <main className="page story-page" aria-busy="true">
        <p>Loading the article...</p>
        <div className="story-skeleton" aria-hidden="true" />
      </main>
    );
  }
  return <Story article={article} />;
}

function Story({ article }: { article: NonNullable<ReturnType<typeof useArticleDetail>['data']> }) {
  const { status } = useAuth();
  const category = categoryName(article.category);

  // A story the signed-in reader opened counts as read, as in the dialog.
  const { mark } = useMarkRead();
  useEffect(() => {
    if (status === 'signed-in') mark([article.id]);
  }, [article.id, status, mark]);

  return (
    <main className="page story-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link to="/">Home</Link> &gt; <Link to={`/categories/${article.category}`}>{category}</Link> &gt;{' '}
        <span aria-current="page" className="breadcrumb-current">
          {article.title}
        </span>
      </nav>
      <div className="story-layout">
        <article className="story" aria-labelledby="story-title">
          <div className="card-meta">
            <Link to={`/categories/${article.category}`} className="badge">
              {category}
            </Link>
            {article.isFeatured && <span className="badge featured">Featured</span>}
            {article.indiaBadge && <span className="badge india">{article.indiaBadge}</span>}
          </div>
          <h1 id="story-title">{article.title}</h1>
          {/* The time in words, not "2h ago": the server writes the page, and it must read the same when hydrated. */}
          <p className="story-byline">
            {article.author && <span>{article.author}, </span>}
            <strong>{article.sourceName}</strong> ·{' '}
            <time dateTime={article.publishedAt}>{indiaDateTimeLabel(article.publishedAt)}</time>
            {article.readTimeMinutes ? ` · ${article.readTimeMinutes} min read` : ''}
          </p>
          <ArticleImage article={article} sizes="(max-width: 760px) 95vw, 720px" category={article.category} sourceName={article.sourceName} className="story-image" width={1200} height={630} priority />
          {article.summary && <p className="story-summary">{article.summary}</p>}
          <div className="story-actions">
            {article.sourceUrl && (
              <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer" className="read-full">
                Read at {article.sourceName}
              </a>
            )}
            <SaveAndLikeButtons articleId={article.id} />
            <FollowButton kind="story" id={article.id} label={article.title} />
            <ShareMenu article={article} />
            <PublisherActions publisher={article.publisher} />
          </div>
          {article.topics.length > 0 && (
            <div className="story-topics">
              <h2>Topics in this story</h2>
              <TopicLinks topics={article.topics} />
            </div>
          )}
          <AlsoCoveredBy publishers={article.alsoCoveredBy} />
          {article.tags.length > 0 && (
            <p className="story-tags">
              <strong>Related Topics:</strong> {article.tags.join(', ')}
            </p>
          )}
        </article>
        {article.related.length > 0 && (
          <aside className="related story-related" aria-labelledby="related-heading">
            <h2 id="related-heading">Related Articles</h2>
            <ul>
              {article.related.map((related) => (
                <li key={related.id}>
                  <Link to={storyPath(related)} className="title-link">
                    {related.title}
                  </Link>
                  <span className="related-meta">
                    {categoryName(related.category)} · {related.sourceName}
                  </span>
                </li>
              ))}
            </ul>
          </aside>
        )}
      </div>
    </main>
  );
}
