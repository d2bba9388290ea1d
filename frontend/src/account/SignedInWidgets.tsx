import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { relativeTime } from '#domain/reader/badges.ts';
import { countOf } from '#domain/common/plural.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { apiGet } from '../api/client.ts';
import { useActivity } from '../api/me.ts';
import RevenueWidget from '../donate/RevenueWidget.tsx';

const ACTION_LABELS: Record<string, string> = {
  bookmark: 'Saved an article',
  unbookmark: 'Removed a bookmark',
  like: 'Liked an article',
  unlike: 'Removed a like',
};

const RANGES = ['24h', '7d', '30d'] as const;
type Range = (typeof RANGES)[number];

type Performance = ApiAnswer<'GET /content-performance'>;

/** The signed-in reader's side widgets (reader spec section 2): their activity, content performance and revenue. */
export default function SignedInWidgets() {
  const activity = useActivity();
  const [range, setRange] = useState<Range>('7d');
  const performance = useQuery({ queryKey: ['content-performance', range], queryFn: () => apiGet<Performance>('/content-performance', { range }), refetchInterval: 60_000 });
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
          <select aria-label="Range" value={range} onChange={(event) => setRange(event.target.value as Range)}>
            {RANGES.map((value) => (
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
      <RevenueWidget />
    </>
  );
}
