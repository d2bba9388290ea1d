import { lazy, Suspense, type ReactNode } from 'react';
import { relativeTime } from '#domain/content/badges.ts';
import { countOf } from '#domain/common/plural.ts';
import { WIDGET_FAILURE_CAP, type WidgetState } from '../api/useWidgets.ts';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';

// Only signed-in readers see these: their own chunk.
const SignedInWidgets = lazy(() => import('./SignedInWidgets.tsx'));

/** A figure's change against last week; nothing when there is no earlier figure (the widget says so once). */
function formatChange(change: number | null, unit: 'percent' | 'points'): string | null {
  if (change === null) return null;
  const sign = change > 0 ? '+' : '';
  return unit === 'percent' ? `${sign}${change}% vs last week` : `${sign}${change} pts vs last week`;
}

/**
 * A widget's frame: its title, an optional refresh, and the spec's failure texts: without data "Unable
 * to load data" (or the widget's own text), with earlier data its stale notice; Retry attempt n/3, then
 * Service temporarily unavailable.
 */
function Widget({ title, state, refreshable, unavailableText = 'Unable to load data', staleText = 'Using cached platform data', children }: {
  title: string;
  state: WidgetState;
  refreshable?: boolean;
  unavailableText?: string;
  staleText?: string;
  children: ReactNode;
}) {
  const exhausted = state.failures >= WIDGET_FAILURE_CAP;
  const slug = title.toLowerCase().replace(/[^a-z]+/g, '-');
  return (
    <section className="widget" aria-labelledby={`widget-${slug}`}>
      <header>
        <h2 id={`widget-${slug}`}>{title}</h2>
        {refreshable && (
          <button type="button" onClick={state.refresh} disabled={state.loading || exhausted} aria-label={`Refresh ${title}`}>
            ↻
          </button>
        )}
      </header>
      {state.failures > 0 && (
        <div role="alert" className="widget-error">
          {exhausted ? (
            <p>Service temporarily unavailable</p>
          ) : (
            <>
              <p>{state.data ? staleText : unavailableText}</p>
              <button type="button" onClick={state.refresh} disabled={state.loading}>
                Retry attempt {state.failures}/{WIDGET_FAILURE_CAP}
              </button>
            </>
          )}
        </div>
      )}
      {state.data ? children : state.loading ? <p className="muted">Loading...</p> : null}
    </section>
  );
}

interface SourceLink {
  id: string;
  title: string;
  sourceName: string;
  sourceUrl: string;
  publishedAt: string;
}

/** A widget's list of stories linking to their sources, each with a badge, source and age. */
function SourceLinks<T extends SourceLink>({ items, empty, badge, extra }: { items: T[] | undefined; empty: string; badge: (item: T) => ReactNode; extra?: (item: T) => string }) {
  if (!items) return null;
  if (items.length === 0) return <p className="muted">{empty}</p>;
  return (
    <ul className="widget-list">
      {items.map((item) => (
        <li key={item.id}>
          <a href={item.sourceUrl} target="_blank" rel="noopener noreferrer">{item.title}</a>
          <span className="muted">
            {badge(item)} {item.sourceName} · {relativeTime(item.publishedAt)}
            {extra?.(item)}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function SideWidgets({ state, onSearch, revenueWidget }: { state: WidgetState; onSearch: (term: string) => void; revenueWidget: ReactNode }) {
  const data = state.data;
  const { status } = useAuth();
  return (
    <aside className="side-widgets" aria-label="Widgets">
      {status === 'signed-in' && (
        <Suspense fallback={null}>
          <SignedInWidgets revenueWidget={revenueWidget} />
        </Suspense>
      )}
      <Widget title="Creator Economy Pulse" state={state}>
        <dl className="tiles">
          {data?.creatorEconomyPulse.map((tile) => {
            const change = formatChange(tile.change, tile.unit === 'count' ? 'percent' : 'points');
            return (
              <div key={tile.id} title={tile.description}>
                <dt>{tile.label}</dt>
                <dd>
                  <strong>{tile.value === null ? '—' : tile.unit === 'percent' ? `${tile.value}%` : tile.value}</strong>
                  {change && <span className="muted">{change}</span>}
                </dd>
              </div>
            );
          })}
        </dl>
        {data?.creatorEconomyPulse.some((tile) => tile.change === null) && (
          <p className="muted small" data-testid="pulse-no-comparison">
            {data.creatorEconomyPulse.every((tile) => tile.change === null) ? 'No stories from the week before to compare with yet.' : 'Figures without a change have nothing from the week before to compare with.'}
          </p>
        )}
      </Widget>
      <Widget title="Platform Updates" state={state} refreshable>
        <SourceLinks
          items={data?.platformUpdates}
          empty="No platform updates yet."
          badge={(item) => <span className={`badge impact-${item.impact.toLowerCase()}`}>{item.impact}</span>}
        />
      </Widget>
      <Widget title="Market Insights" state={state}>
        <ul className="widget-list">
          {data?.marketInsights.map((row) => (
            <li key={row.id}>
              <strong>{row.metric}</strong>
              <span className="muted">
                {countOf(row.value, 'story', 'stories')} in {row.timeframe}
                {row.change !== null ? ` · ${formatChange(row.change, 'percent')}` : ''}
                {row.averageRelevance !== null ? ` · relevance ${row.averageRelevance}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Widget>
      <Widget title="Trending Creator Topics" state={state} refreshable unavailableText="Unable to load trending topics">
        {data && data.trendingTopics.length === 0 && <p className="muted">No trending topics this week yet.</p>}
        <ul className="widget-list">
          {data?.trendingTopics.map((topic) => (
            <li key={topic.id}>
              <button type="button" className="link-button" onClick={() => onSearch(topic.topic)}>
                {topic.hashtag}
              </button>
              <span className="muted">
                {countOf(topic.articles, 'article')}
                {topic.searchCount > 0 ? ` · ${countOf(topic.searchCount, 'search', 'searches')}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Widget>
      <Widget title="Industry News" state={state} refreshable staleText="Using cached news data (stale)">
        <SourceLinks
          items={data?.industryNews}
          empty="No industry news yet."
          badge={(item) => (item.urgent ? <span className="badge breaking urgent">Urgent</span> : null)}
          extra={(item) => (item.readTimeMinutes ? ` · ${item.readTimeMinutes} min read` : '')}
        />
      </Widget>
      <Widget title="News Digest" state={state}>
        <ol className="widget-list">
          {data?.newsDigest.map((item) => (
            <li key={item.id}>
              {item.breaking && <span className="badge breaking">Breaking</span>}{' '}
              {/* Reader spec section 2: a digest item searches the first 3 words of its title. */}
              <button type="button" className="link-button" onClick={() => onSearch(item.title.split(/\s+/).slice(0, 3).join(' '))}>
                {item.title}
              </button>
              <span className="muted">{item.sourceName}</span>
            </li>
          ))}
        </ol>
      </Widget>
      {data && <p className="muted small">Updated {relativeTime(data.generatedAt)} · {countOf(data.totalArticles, 'article')} counted</p>}
    </aside>
  );
}
