import DOMPurify from 'dompurify';
import { useEffect, useRef } from 'react';
import { useArticleDetail } from '../../api/articleQueries.ts';
import { useMarkRead } from '../../api/readState.ts';
import { useSaveAndLike } from './useSaveAndLike.ts';
import { AlsoCoveredBy } from './AlsoCoveredBy.tsx';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { categoryName } from './ArticleCard.tsx';
import { ArticleImage } from './ArticleImage.tsx';
import { ReadingProgressCard } from './ReadingProgress.tsx';
import { ShareMenu } from './ShareMenu.tsx';
import { PublisherActions } from '../PublisherActions.tsx';
import { isTrending, relativeTime } from '#domain/content/badges.ts';
import { storedHtmlText } from '#domain/common/html-text.ts';
import { useDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';

/** The article dialog (its own chunk: it carries the HTML sanitiser), at the story's address. Feed HTML is sanitised again here. */
export default function ArticleDialog({ id, onOpen, onClose }: { id: string; onOpen: (article: { id: string; title: string }) => void; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const detail = useArticleDetail(id);
  const article = detail.data;
  const error = detail.isError ? detail.error.message || 'An error occurred while loading this article.' : null;
  const { status } = useAuth();
  const { saved, liked, toggleSave, toggleLike } = useSaveAndLike(id);
  // The tab names the article while the dialog is open, and the page again once it closes.
  useDocumentTitle(article?.title ?? (detail.isError ? 'Article Loading Error' : undefined));

  useEffect(() => {
    if (!dialog.current?.open) dialog.current?.showModal();
  }, [id]);

  // An article the signed-in reader opened counts as read (its card says so).
  const { mark } = useMarkRead();
  const loaded = article?.id;
  useEffect(() => {
    if (loaded && status === 'signed-in') mark([loaded]);
  }, [loaded, status, mark]);

  return (
    <dialog ref={dialog} className="article-dialog" aria-labelledby="dialog-title" onClose={onClose}>
      <button type="button" className="close" onClick={() => dialog.current?.close()} aria-label="Close">
        ×
      </button>
      {error && (
        <div role="alert">
          <h2 id="dialog-title">Article Loading Error</h2>
          <p>{error}</p>
        </div>
      )}
      {!error && !article && <p aria-busy="true">Loading the article...</p>}
      {article && (
        <div className="dialog-body">
          <div className="dialog-main">
            <div className="card-meta">
              <span className="badge">{categoryName(article.category)}</span>
              {article.isFeatured && <span className="badge featured">Featured</span>}
              {isTrending(article.publishedAt, article.viewsCount) && <span className="badge trending">Trending</span>}
            </div>
            <h2 id="dialog-title">{article.title}</h2>
            <p className="dialog-meta">
              {article.sourceName} · <time dateTime={article.publishedAt}>{relativeTime(article.publishedAt)}</time>
              {article.readTimeMinutes ? ` · ${article.readTimeMinutes} min read` : ''}
            </p>
            <ArticleImage article={article} sizes="(max-width: 760px) 95vw, 640px" category={article.category} sourceName={article.sourceName} className="dialog-image" width={640} height={360} priority />
            {/* An item whose feed gave only a description is stored with it as both summary and content: say it once. */}
            {!storedHtmlText(article.content).startsWith(article.summary.replace(/(?:\.\.\.|…)$/, '').trim()) && <p className="summary">{article.summary}</p>}
            <div className="content" dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(article.content) }} />
            <AlsoCoveredBy publishers={article.alsoCoveredBy} />
            {article.tags.length > 0 && (
              <p>
                <strong>Related Topics:</strong> {article.tags.join(', ')}
              </p>
            )}
            <div className="dialog-actions">
              <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer" className="read-full">
                Read Full Article
              </a>
              <button type="button" aria-pressed={saved} onClick={toggleSave}>
                {saved ? 'Saved' : 'Save'}
              </button>
              <button type="button" aria-pressed={liked} onClick={toggleLike}>
                {liked ? 'Liked' : 'Like'}
              </button>
              <ShareMenu article={article} />
              <PublisherActions publisher={article.publisher} />
            </div>
          </div>
          <aside className="related" aria-labelledby="related-heading">
            <h3 id="related-heading">Related Articles</h3>
            <ul>
              {article.related.map((related) => (
                <li key={related.id}>
                  <button type="button" className="title-button" onClick={() => onOpen(related)}>
                    {related.title}
                  </button>
                  <span className="related-meta">
                    {categoryName(related.category)} · {related.sourceName}
                  </span>
                </li>
              ))}
            </ul>
          </aside>
          {status === 'signed-in' && <ReadingProgressCard key={article.id} articleId={article.id} scroller={dialog} />}
        </div>
      )}
    </dialog>
  );
}
