import { storyPath } from '#domain/reader/site-pages.ts';
import { isPlainClick } from '#web/shared/ui/links.ts';
import { useNow } from '#web/shared/ui/hydration.ts';
import { memo, useEffect, useRef, useState } from 'react';
import { cardBadges, relativeTime, viewsPerHour, VELOCITY_SHOWN_ABOVE } from '#domain/content/badges.ts';
import { CATEGORY_NAMES, isCategorySlug } from '#domain/content/categories.ts';
import { qualityLevel } from '#domain/content/quality.ts';
import { trackView, type Article } from '../../api/articles.ts';
import { useArticleDetail } from '../../api/articleQueries.ts';
import { useMarkRead } from '../../api/readState.ts';
import { SaveAndLikeButtons } from './SaveAndLikeButtons.tsx';
import { AlsoCoveredBy } from './AlsoCoveredBy.tsx';
import { ArticleImage } from './ArticleImage.tsx';
import { ShareMenu } from './ShareMenu.tsx';
import { TopicLinks } from './TopicLinks.tsx';

export const categoryName = (slug: string) => (isCategorySlug(slug) ? CATEGORY_NAMES[slug] : slug);

/** A card names at most this many of its story's topics. */
const CARD_TOPICS = 3;

/** Reader spec section 4: a card counts a view once, after it has been at least half visible for 2 s. */
const VIEW_DELAY_MS = 2000;
const VIEW_THRESHOLD = 0.5;

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

/** A card's drawn width above phones: half the page below the sidebar's breakpoint, then about 400 px (styles.css .grid). */
const CARD_IMAGE_SIZES = '(max-width: 1000px) 50vw, 400px';
/**
 * A phone's card: the column, the page's 15 px margins off (a 412 px phone at 1.75 device pixels takes the 720 band
 * copy for its 382 px card), its picture a 3:1 band (styles.css, `.card-image` under 640 px).
 */
const CARD_IMAGE_BAND = { media: '(max-width: 640px)', sizes: 'calc(100vw - 30px)' };

/*
 * What a card shows from the browser (the clock, the session) lives in the small components below, each reading
 * it itself: when the hydrated page learns the time and the session, only they render again, not every card
 * (the home page's total blocking time on a slow phone, docs/benchmarks.md).
 */

/** The badges that depend on the story's age (Breaking, New, Trending), with the category's and the read mark. */
function CardBadges({ article, read }: { article: Article; read: boolean }) {
  const badges = cardBadges(article, useNow());
  return (
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
  );
}

/** Publisher, how long ago, reading time and, for a fast-read story, its views per hour. */
function CardByline({ article }: { article: Article }) {
  const now = useNow();
  const velocity = viewsPerHour(article.publishedAt, article.viewsCount, now);
  return (
    <span>
      {article.sourceName} · <time dateTime={article.publishedAt}>{relativeTime(article.publishedAt, now)}</time>
      {article.readTimeMinutes ? ` · ${article.readTimeMinutes} min read` : ''}
      {velocity > VELOCITY_SHOWN_ABOVE ? ` · ${velocity} views/h` : ''}
    </span>
  );
}

/** The publisher's page: following it counts a view, and marks the story read for a signed-in reader. */
function ReadFullArticleLink({ article, read }: { article: Article; read: boolean }) {
  const { mark } = useMarkRead();
  return (
    <a href={article.sourceUrl} target="_blank" rel="noopener noreferrer" onClick={() => {
      trackView(article.id);
      if (!read) mark([article.id]);
    }}>
      Read Full Article<span className="visually-hidden">: {article.title}</span>
    </a>
  );
}

/** A story's card; memoised, so a list answered again with the same stories (a refetch) leaves its cards alone. */
export const ArticleCard = memo(function ArticleCard({ article, onOpen, onRemove, priority = false, read = false }: { article: Article; onOpen: (article: Article) => void; onRemove?: () => void; priority?: boolean; read?: boolean }) {
  const ref = useViewTracking(article.id);
  const [expanded, setExpanded] = useState(false);
  // Show Details asks for the full article the first time; a failure leaves the card's own summary.
  const detail = useArticleDetail(article.id, expanded).data;

  const expand = () => setExpanded((open) => !open);

  return (
    <article ref={ref} className={['card', expanded && 'expanded', read && 'read'].filter(Boolean).join(' ')} aria-labelledby={`title-${article.id}`}>
      <button type="button" className="card-image-button" tabIndex={-1} aria-hidden="true" onClick={() => onOpen(article)}>
        <ArticleImage article={article} sizes={CARD_IMAGE_SIZES} band={CARD_IMAGE_BAND} category={article.category} sourceName={article.sourceName} className="card-image" width={640} height={320} priority={priority} />
      </button>
      <CardBadges article={article} read={read} />
      <h2 id={`title-${article.id}`}>
        {/* The story's own page: followed without JavaScript (and by crawlers); a plain click opens it over the list. */}
        <a className="title-button" href={storyPath(article)} onClick={(event) => {
          if (!isPlainClick(event)) return;
          event.preventDefault();
          onOpen(article);
        }}>
          {article.title}
        </a>
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
      {/* At most three: the card stays a card; the story's page lists them all. */}
      <TopicLinks topics={article.topics} limit={CARD_TOPICS} className="topic-links compact" />
      <AlsoCoveredBy publishers={article.alsoCoveredBy} />
      <div className="card-actions">
        <SaveAndLikeButtons articleId={article.id} />
        <ShareMenu article={article} />
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
        <CardByline article={article} />
        <ReadFullArticleLink article={article} read={read} />
      </div>
    </article>
  );
});
