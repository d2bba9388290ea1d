import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import type { ArticleQuery } from '../../api/articles.ts';
import { ListError } from '#web/shared/ui/ListError.tsx';
import { Pagination } from '#web/shared/ui/Pagination.tsx';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { countOf } from '#domain/common/plural.ts';
import { CardGrid } from './CardGrid.tsx';
import { TopicLinks } from './TopicLinks.tsx';
import { ReadStateBar } from './ReadStateBar.tsx';
import { useArticles } from '../../api/useArticles.ts';
import { useHideRead, useListView, useMarkRead, useReadIds } from '../../api/readState.ts';
import { useSignedIn } from '#web/shared/api/meCall.ts';

/** This list's address at another page: the same filters, `page` changed (page 1 without it, the canonical address). */
function pageAddress(pathname: string, params: URLSearchParams, page: number): string {
  const next = new URLSearchParams(params);
  if (page > 1) next.set('page', String(page));
  else next.delete('page');
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/**
 * A page of the list with its count, loading, empty and error states, page links and the article dialog.
 * With `readerTools`, a signed-in reader also gets the view switch (cards or headlines), Hide read and
 * Mark all as read for the page.
 */
export function ArticleGrid({ query, onPage, readerTools = false, activeFilters }: { query: ArticleQuery; onPage: (page: number) => void; readerTools?: boolean; activeFilters?: ReactNode }) {
  const { items, total, totalIsLowerBound, pages, topics, loading, error, retryable, retry } = useArticles(query);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const page = query.page ?? 1;
  const tools = useSignedIn() && readerTools;
  const toast = useToast();
  const read = useReadIds(items.map((article) => article.id));
  const [view, setView] = useListView();
  const [hideRead, setHideRead] = useHideRead();
  const markRead = useMarkRead({
    onSuccess: (answer) => toast('Marked as read', answer.marked ? `${countOf(answer.marked, 'article')} marked as read` : 'All of these were read already'),
    onError: () => toast('Error', 'Failed to mark articles as read'),
  });
  const unread = items.filter((article) => !read.has(article.id));
  const shown = tools && hideRead ? unread : items;
  const hidden = items.length - shown.length;
  return (
    <>
      <p className="result-count" aria-live="polite">
        {!loading && !error && (
          <span className="badge count" data-testid="result-count">
            {total}
            {totalIsLowerBound ? '+ articles' : total === 1 ? ' article' : ' articles'}
          </span>
        )}
        {/* What narrows the count (a default the reader did not choose included), each with its way out. */}
        {activeFilters}
      </p>
      {topics.length > 0 && (
        <nav className="search-topics" aria-label="Topics in your search">
          <span className="search-topics-label">Topics:</span>
          <TopicLinks topics={topics} />
        </nav>
      )}
      {tools && !error && (
        <ReadStateBar
          view={view}
          onView={setView}
          hideRead={hideRead}
          onHideRead={setHideRead}
          unread={loading ? 0 : unread.length}
          onMarkAll={() => markRead.mark(unread.map((article) => article.id))}
          busy={markRead.pending}
        />
      )}
      {error && <ListError onRetry={retryable ? retry : undefined} message={error} />}
      {!error && !loading && items.length === 0 && (
        <div className="notice empty">
          <strong>No articles found</strong>
          <p>Try adjusting your search terms or clearing the filters.</p>
        </div>
      )}
      {!error && !loading && hidden > 0 && (
        <p className="hidden-read" role="status">
          {countOf(hidden, 'read article')} hidden on this page.{' '}
          <button type="button" className="link-button" onClick={() => setHideRead(false)}>
            Show read
          </button>
        </p>
      )}
      <CardGrid items={tools ? shown : items} loading={loading} read={read} view={tools ? view : 'cards'} />
      <Pagination page={page} pages={pages} pageHref={(target) => pageAddress(pathname, params, target)} onPage={(next) => {
        onPage(next);
        window.scrollTo({ top: 0 });
      }} />
    </>
  );
}
