import { Suspense, useState, type ReactNode } from 'react';
import { relativeTime } from '#domain/content/badges.ts';
import { countOf } from '#domain/common/plural.ts';
import { PERFORMANCE_RANGES, useActivity, useContentPerformance, type PerformanceRange } from '../api/personal.ts';

const ACTION_LABELS: Record<string, string> = {
  bookmark: 'Saved an article',
  unbookmark: 'Removed a bookmark',
  like: 'Liked an article',
  unlike: 'Removed a like',
};

/** The signed-in reader's side widgets (reader spec section 2): their activity, content performance and revenue (handed in). */
export default function SignedInWidgets({ revenueWidget }: { revenueWidget: ReactNode }) {
  const activity = useActivity();
  const [range, setRange] = useState<PerformanceRange>('7d');
  const performance = useContentPerformance(range);
  return (
    <>
      <section className="widget" aria-labelledby="widget-user-activity">
        <h2 id="widget-user-activity">Your Activity</h2>
        {activity.isPending && <p aria-busy="true">Loading...</p>}
        {activity.isError && <p className="widget-error">Unable to load data</p>}
        {activity.data && (
          <>
            <p className="small muted">
              {activity.data.articlesRead} read · {activity.data.readingMinutes} min · {activity.data.engagementScore}% finished (last {activity.data.windowDays} days)
            </p>
            {activity.data.recent.length === 0 ? (
              <p className="small">Nothing yet: save, like or read an article.</p>
            ) : (
              <ul className="widget-list">
                {activity.data.recent.slice(0, 5).map((entry) => (
                  <li key={`${entry.createdAt}-${entry.actionType}`}>
                    {ACTION_LABELS[entry.actionType] ?? entry.actionType}
                    <span className="muted">{relativeTime(entry.createdAt)}</span>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
      <section className="widget" aria-labelledby="widget-performance">
        <header>
          <h2 id="widget-performance">Content Performance</h2>
          <select aria-label="Range" value={range} onChange={(event) => setRange(event.target.value as PerformanceRange)}>
            {PERFORMANCE_RANGES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </header>
        {performance.isPending && <p aria-busy="true">Loading...</p>}
        {performance.isError && <p className="widget-error">Unable to load data</p>}
        {performance.data && (
          <>
            <dl className="tiles">
              <div>
                <dt>Published</dt>
                <dd><strong>{performance.data.published}</strong></dd>
              </div>
              <div>
                <dt>Views</dt>
                <dd><strong>{performance.data.views}</strong></dd>
              </div>
              <div>
                <dt>Shares</dt>
                <dd><strong>{performance.data.shares}</strong></dd>
              </div>
              <div>
                <dt>Views per article</dt>
                <dd><strong>{performance.data.averageViews}</strong></dd>
              </div>
            </dl>
            {performance.data.top && <p className="small">Most read: {performance.data.top.title} ({countOf(performance.data.top.viewsCount, 'view')})</p>}
          </>
        )}
      </section>
      <Suspense fallback={null}>{revenueWidget}</Suspense>
    </>
  );
}
