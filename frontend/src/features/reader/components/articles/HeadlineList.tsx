import { useNow } from '#web/shared/ui/hydration.ts';
import { relativeTime } from '#domain/content/badges.ts';
import type { Article } from '../../api/articles.ts';

/** The compact view: one line per story (title, source, time); a read story is dimmed and says "Read". */
export function HeadlineList({ items, read, onOpen }: { items: readonly Article[]; read: ReadonlySet<string>; onOpen: (article: Article) => void }) {
  const now = useNow();
  return (
    <ol className="headlines" aria-label="Headlines">
      {items.map((article) => {
        const isRead = read.has(article.id);
        return (
          <li key={article.id} className={isRead ? 'headline read' : 'headline'}>
            <button type="button" className="title-button headline-title" title={article.title} onClick={() => onOpen(article)}>
              {article.title}
            </button>
            <span className="headline-meta">
              {isRead && (
                <span className="read-mark">
                  <span aria-hidden="true">✓</span>
                  <span className="read-word"> Read</span>
                </span>
              )}
              <span className="headline-source">{article.sourceName}</span>
              <time dateTime={article.publishedAt}>{relativeTime(article.publishedAt, now)}</time>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
