import { Suspense, useState, type ReactNode } from 'react';
import { relativeTime } from '#domain/content/badges.ts';
import { countOf } from '#domain/common/plural.ts';
import { WidgetBody } from '#web/shared/ui/WidgetBody.tsx';
import { isOneOf } from './filters.ts';
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
        <WidgetBody query={activity}>
          {(data) => (
            <>
              <p className="small muted">
                {data.articlesRead} read · {data.readingMinutes} min · {data.engagementScore}% finished (last {data.windowDays} days)
              </p>
              {data.recent.length === 0 ? (
                <p className="small">Nothing yet: save, like or read an article.</p>
              ) : (
                <ul className="widget-list">
                  {data.recent.slice(0, 5).map((entry) => (
                    <li key={`${entry.createdAt}-${entry.actionType}`}>
                      {ACTION_LABELS[entry.actionType] ?? entry.actionType}
                      <span className="muted">{relativeTime(entry.createdAt)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </WidgetBody>
      </section>
      <section className="widget" aria-labelledby="widget-performance">
        <header>
          <h2 id="widget-performance">Content Performance</h2>
          <select
            aria-label="Range"
            value={range}
            onChange={(event) => {
              const chosen = event.target.value;
              if (isOneOf(PERFORMANCE_RANGES, chosen)) setRange(chosen);
            }}
          >
            {PERFORMANCE_RANGES.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </header>
        <WidgetBody query={performance}>
          {(data) => (
            <>
              <dl className="tiles">
                <div>
                  <dt>Published</dt>
                  <dd><strong>{data.published}</strong></dd>
                </div>
                <div>
                  <dt>Views</dt>
                  <dd><strong>{data.views}</strong></dd>
                </div>
                <div>
                  <dt>Shares</dt>
                  <dd><strong>{data.shares}</strong></dd>
                </div>
                <div>
                  <dt>Views per article</dt>
                  <dd><strong>{data.averageViews}</strong></dd>
                </div>
              </dl>
              {data.top && <p className="small">Most read: {data.top.title} ({countOf(data.top.viewsCount, 'view')})</p>}
            </>
          )}
        </WidgetBody>
      </section>
      <Suspense fallback={null}>{revenueWidget}</Suspense>
    </>
  );
}
