import { useEffect, useRef, useState } from 'react';
import { cardBadges, relativeTime, viewsPerHour, VELOCITY_SHOWN_ABOVE } from '#domain/content/badges.ts';
import { CATEGORY_NAMES, isCategorySlug } from '#domain/content/categories.ts';
import { qualityLevel } from '#domain/content/quality.ts';
import { trackShare, trackView, type Article } from '../../api/articles.ts';
import { useArticleDetail } from '../../api/articleQueries.ts';
import { useMarkRead } from '../../api/readState.ts';
import { useSaveAndLike } from './useSaveAndLike.ts';
import { AlsoCoveredBy } from './AlsoCoveredBy.tsx';
import { ArticleImage } from './ArticleImage.tsx';
import { copyLink, SHARE_TARGETS, shareUrl } from './share.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { useDismissableDetails } from '#web/shared/ui/useDismissableDetails.ts';

export const categoryName = (slug: string) => (isCategorySlug(slug) ? CATEGORY_NAMES[slug] : slug);

/** Reader spec section 4: a card counts a view once, after it has been at least half visible for 2 s. */
const VIEW_DELAY_MS = 2000;
const VIEW_THRESHOLD = 0.5;
const COPIED_MS = 2000;

function useViewTracking(id: string) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) {
          timer ??= setTimeout(() => {
            trackView(id);
            observer.disconnect();
          }, VIEW_DELAY_MS);
        } else if (timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      },
      { threshold: VIEW_THRESHOLD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer) clearTimeout(timer);
    };
  }, [id]);
  return ref;
}

export function ArticleCard({ article, onOpen, onRemove, priority = false, read = false }: { article: Article; onOpen: (id: string) => void; onRemove?: () => void; priority?: boolean; read?: boolean }) {
  const toast = useToast();
  const { mark } = useMarkRead();
  const { saved, liked, toggleSave, toggleLike } = useSaveAndLike(article.id);
  const ref = useViewTracking(article.id);
  const [expanded, setExpanded] = useState(false);
  // Show Details asks for the full article the first time; a failure leaves the card's own summary.
  const detail = useArticleDetail(article.id, expanded).data;
  const [copied, setCopied] = useState(false);
  const now = new Date();
  const badges = cardBadges(article, now);
  const velocity = viewsPerHour(article.publishedAt, article.viewsCount, now);

  const expand = () => setExpanded((open) => !open);

  // The Share menu closes on Escape, on a click elsewhere and once a choice is made.
  const shareMenu = useDismissableDetails();

  const copyShareLink = async () => {
    shareMenu.close();
    if (!(await copyLink(() => shareUrl(article.id), toast))) return;
    trackShare(article.id, 'copy');
    setCopied(true);
    setTimeout(() => setCopied(false), COPIED_MS);
  };

  const openShare = async (target: (typeof SHARE_TARGETS)[number]) => {
    shareMenu.close();
    trackShare(article.id, target.platform);
    window.open(target.href(await shareUrl(article.id), article.title), '_blank', 'noopener,noreferrer');
  };

  return (
    <article ref={ref} className={['card', expanded && 'expanded', read && 'read'].filter(Boolean).join(' ')} aria-labelledby={`title-${article.id}`}>
      <button type="button" className="card-image-button" tabIndex={-1} aria-hidden="true" onClick={() => onOpen(article.id)}>
        <ArticleImage src={article.imageUrl} category={article.category} sourceName={article.sourceName} className="card-image" width={640} height={320} priority={priority} />
      </button>
      <div className="card-meta">
        <span className="badge">{categoryName(article.category)}</span>
        {badges.map((badge) => (
          <span key={badge.kind} className={`badge ${badge.kind} ${badge.variant ?? ''}`.trim()}>
            {badge.label}
          </span>
        ))}
        {article.indiaBadge && <span className="badge india">{article.indiaBadge}</span>}
        {read && <span className="badge read-mark">Read</span>}
      </div>
      <h2 id={`title-${article.id}`}>
        <button type="button" className="title-button" onClick={() => onOpen(article.id)}>
          {article.title}
        </button>
      </h2>
      {expanded ? (
        <div className="card-details">
          <p className="summary">{detail ? detail.expandedSummary : article.summary}</p>
          {detail && detail.keyPoints.length > 0 && (
            <>
              <h3>Key points</h3>
              <ul>
                {detail.keyPoints.map((point) => (
                  <li key={point}>{point}</li>
                ))}
              </ul>
            </>
          )}
          {article.qualityScore !== null && (
            <p className="quality-line">
              Quality: <strong>{qualityLevel(article.qualityScore)}</strong> ({Math.round(article.qualityScore)}/100)
            </p>
          )}
          {article.tags.length > 0 && <p className="tags">{article.tags.slice(0, 3).map((tag) => `#${tag}`).join(' ')}</p>}
        </div>
      ) : (
        <p className="summary">{article.summary}</p>
      )}
      <AlsoCoveredBy publishers={article.alsoCoveredBy} />
      <div className="card-actions">
        <button type="button" aria-pressed={saved} className={saved ? 'active' : undefined} onClick={toggleSave}>
          {saved ? 'Saved' : 'Save'}
        </button>
        <button type="button" aria-pressed={liked} className={liked ? 'active' : undefined} onClick={toggleLike}>
          {liked ? 'Liked' : 'Like'}
        </button>
        {/* Opened near the screen's foot (a phone's first card), the list would run below it: bring it into view. */}
        <details ref={shareMenu.ref} className="share-menu" onToggle={(event) => event.currentTarget.open && event.currentTarget.querySelector('ul')?.scrollIntoView({ block: 'nearest' })}>
          <summary>Share</summary>
          <ul>
            {SHARE_TARGETS.map((target) => (
              <li key={target.platform}>
                <button type="button" onClick={() => void openShare(target)}>
                  {target.label}
                </button>
              </li>
            ))}
            <li>
              <button type="button" onClick={() => void copyShareLink()}>
                {copied ? 'Copied!' : 'Copy link'}
              </button>
            </li>
          </ul>
        </details>
        <button type="button" className="details-toggle" aria-expanded={expanded} onClick={expand}>
          {expanded ? 'Show Less' : 'Show Details'}
        </button>
        {onRemove && (
          <button type="button" className="remove" onClick={onRemove}>
            Remove<span className="visually-hidden">: {article.title}</span>
          </button>
        )}
      </div>
      <div className="card-footer">
        <span>
          {article.sourceName} · <time dateTime={article.publishedAt}>{relativeTime(article.publishedAt, now)}</time>
          {article.readTimeMinutes ? ` · ${article.readTimeMinutes} min read` : ''}
          {velocity > VELOCITY_SHOWN_ABOVE ? ` · ${velocity} views/h` : ''}
        </span>
        <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer" onClick={() => {
          trackView(article.id);
          if (!read) mark([article.id]);
        }}>
          Read Full Article<span className="visually-hidden">: {article.title}</span>
        </a>
      </div>
    </article>
  );
}
