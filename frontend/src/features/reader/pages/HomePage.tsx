import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { useArticleDetail } from '../api/articleQueries.ts';
import { useOpenStory } from '../components/articles/storyNavigation.ts';
import { HOME_PAGE_SIZE } from '#domain/reader/public-articles.ts';
import { countOf, nounFor } from '#domain/common/plural.ts';
import { ArticleGrid } from '../components/articles/ArticleGrid.tsx';
import { FILTER_PANEL_ID, FilterBar, filtersShownAtFirst } from '../components/FilterBar.tsx';
import { useFilters } from '../components/filters.ts';
import { FloatingActionBar } from '../components/FloatingActionBar.tsx';
import { SearchBox } from '../components/SearchBox.tsx';
import { SideWidgets } from '../components/SideWidgets.tsx';
import { useNewArticles } from '../api/useNewArticles.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { useWidgets } from '../api/useWidgets.ts';
import { documentTitle, useWholeDocumentTitle } from '#web/shared/ui/useDocumentTitle.ts';
import { listTitle } from '#domain/reader/page-head.ts';

/** Reader spec section 9: the guest feed shows the newest 20. */
const FEED_PAGE_SIZE = 20;

const PersonalFeed = lazy(() => import('../components/PersonalFeed.tsx'));

type Tab = 'feed' | 'all';

/**
 * /?article=<id>, the link older feeds, sitemaps and shares carry, becomes the story's own address (its
 * dialog over this list, the link's entry replaced) once its headline is known; a story the API cannot
 * find goes to /story/<id>, which says so.
 */
function useLegacyArticleLink(params: URLSearchParams) {
  const linked = params.get('article');
  const location = useLocation();
  const openStory = useOpenStory();
  const detail = useArticleDetail(linked ?? '', Boolean(linked));
  const title = detail.data?.title ?? (detail.isError ? '' : null);
  useEffect(() => {
    if (!linked || title === null) return;
    const rest = new URLSearchParams(params);
    rest.delete('article');
    openStory({ id: linked, title }, { direct: true, background: { ...location, search: rest.size ? `?${rest.toString()}` : '' } });
  }, [linked, title, params, location, openStory]);
}

/** The home page; the newsletter card's form and the signed-in revenue widget belong to other features: the app hands them in. */
export function HomePage({ newsletterCard, revenueWidget }: { newsletterCard: ReactNode; revenueWidget: ReactNode }) {
  const [filters, update, clear] = useFilters();
  const [params, setParams] = useSearchParams();
  // The tab is in the address, so a link to /?tab=feed opens it from any page, and a reload keeps it.
  const tab: Tab = params.get('tab') === 'feed' ? 'feed' : 'all';
  const setTab = useCallback((next: Tab) => next !== tab && setParams((current) => {
    const changed = new URLSearchParams(current);
    if (next === 'feed') changed.set('tab', 'feed');
    else changed.delete('tab');
    return changed;
  }, { replace: true }), [setParams, tab]);
  const { status } = useAuth();
  useLegacyArticleLink(params);
  useWholeDocumentTitle(filters.search ? documentTitle(`Search: ${filters.search}`) : tab === 'feed' ? documentTitle('Personalized Feed') : listTitle({ kind: 'home', page: filters.page }));
  const widgets = useWidgets();
  const toast = useToast();
  const fresh = useNewArticles((count) => toast('New Content Available', `${countOf(count, 'new article')} published`));
  const filterBar = useRef<HTMLDivElement>(null);
  // One filter control, the search box's Filters button: it shows and hides the panel (shown at first on a
  // wide screen, a popover asked for on a phone), switching to All Articles, where the panel is.
  // Null until mounted: the stylesheet shows or folds the panel by the screen's width, so a written page's
  // markup (rendered with no screen) is right on both, and the state takes the screen's answer after hydration.
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  useEffect(() => setFiltersOpen((open) => open ?? filtersShownAtFirst()), []);
  const [focusFilters, setFocusFilters] = useState(false);
  const toggleFilters = () => {
    const opening = tab !== 'all' || !filtersOpen;
    setTab('all');
    setFiltersOpen(opening);
    setFocusFilters(opening);
  };
  useEffect(() => {
    if (!focusFilters) return;
    setFocusFilters(false);
    const panel = filterBar.current?.querySelector<HTMLElement>(`#${FILTER_PANEL_ID}`);
    panel?.scrollIntoView({ block: 'nearest' });
    panel?.querySelector<HTMLElement>('select, input, button')?.focus();
  }, [focusFilters]);
  const searchBox = useRef<HTMLDivElement>(null);
  const search = useCallback((term: string) => {
    // The filters' address has no tab: a search lands on All Articles (a second write here would put back the old address).
    update({ search: term, sort: '' });
  }, [update]);
  const pulse = widgets.data?.creatorEconomyPulse;
  const stories = pulse?.find((tile) => tile.id === 'stories')?.value;
  const publishers = pulse?.find((tile) => tile.id === 'publishers')?.value;

  return (
    <main className="page home">
      <section className="hero">
        <h1>Creator economy and influencer marketing news, India first</h1>
        <p>Curated from publishers across the industry, scored for relevance, linked to the source.</p>
        {/* Figures from the table only: the older app's market-size claims are not ours to print. */}
        {widgets.data && (
          <p className="hero-stats" data-testid="hero-stats">
            <strong>{widgets.data.totalArticles}</strong> {nounFor(widgets.data.totalArticles, 'article')} · <strong>{stories ?? 0}</strong> this week from <strong>{publishers ?? 0}</strong> {nounFor(publishers ?? 0, 'publisher')}
          </p>
        )}
      </section>
      <div ref={searchBox}>
        <SearchBox
          value={filters.search}
          category={filters.category}
          days={filters.days}
          onSearch={search}
          onCategory={(category) => update({ category })}
          onDays={(days) => update({ days })}
          onFilters={toggleFilters}
          filtersOpen={tab === 'all' && (filtersOpen ?? true)}
          filtersId={FILTER_PANEL_ID}
        />
      </div>
      {fresh.count > 0 && (
        <div className="new-banner" role="status">
          {countOf(fresh.count, 'new article')} published
          <button type="button" onClick={fresh.refresh}>
            Refresh
          </button>
        </div>
      )}
      <div className="home-layout">
        <div className="home-main">
          <div role="tablist" aria-label="Article lists" className="tabs">
            <button type="button" role="tab" id="tab-feed" aria-selected={tab === 'feed'} aria-controls="panel-feed" onClick={() => setTab('feed')}>
              Personalized Feed
            </button>
            <button type="button" role="tab" id="tab-all" aria-selected={tab === 'all'} aria-controls="panel-all" onClick={() => setTab('all')}>
              All Articles
            </button>
          </div>
          {tab === 'all' ? (
            <section role="tabpanel" id="panel-all" aria-labelledby="tab-all">
              <h2 className={filters.search ? 'section-title search-title' : 'section-title'} title={filters.search || undefined}>
                {filters.search ? `Search results for "${filters.search}"` : 'Latest Articles'}
              </h2>
              <div ref={filterBar}>
                <FilterBar filters={filters} onChange={update} onClear={clear} control={{ open: filtersOpen, setOpen: setFiltersOpen }} />
              </div>
              <ArticleGrid
                query={{ ...filters, limit: HOME_PAGE_SIZE, sort: filters.sort || undefined, category: filters.category || undefined }}
                onPage={(page) => update({ page })}
                readerTools
                activeFilters={
                  filters.market !== 'all' ? (
                    <span className="active-filter">
                      {filters.market === 'indian' ? 'India-focused stories only' : 'Global stories only'}
                      <button type="button" className="link-button" onClick={() => update({ market: 'all' })}>
                        Show all markets
                      </button>
                    </span>
                  ) : null
                }
              />
            </section>
          ) : (
            <section role="tabpanel" id="panel-feed" aria-labelledby="tab-feed">
              {status === 'signed-in' ? (
                <Suspense fallback={<p aria-busy="true">Loading your feed...</p>}>
                  <PersonalFeed />
                </Suspense>
              ) : (
                <>
                  <div className="notice feed-invite">
                    <strong>Your feed, picked for you</strong>
                    <p>
                      <Link to="/auth">Sign in</Link> and For You learns from what you like, save and read; follow categories to hear of new stories.
                    </p>
                  </div>
                  <section className="notice newsletter-card" aria-labelledby="newsletter-card-heading">
                    <h2 id="newsletter-card-heading">Get the Weekly Roundup</h2>
                    <p>The week in creator news, every Monday. <Link to="/newsletter">Choose topics and frequency</Link>.</p>
                    <Suspense fallback={null}>
                      {newsletterCard}
                    </Suspense>
                  </section>
                  <h2 className="section-title">Latest Articles</h2>
                  <ArticleGrid query={{ sort: 'latest', market: 'all', limit: FEED_PAGE_SIZE }} onPage={() => undefined} />
                </>
              )}
            </section>
          )}
        </div>
        <SideWidgets state={widgets} onSearch={search} revenueWidget={revenueWidget} />
      </div>
      <FloatingActionBar onSearch={() => searchBox.current?.querySelector('input')?.focus()} />
    </main>
  );
}
