import { useState } from 'react';
import { countOf } from '#domain/common/plural.ts';
import { FEED_HEADINGS, FEED_KINDS, type FeedKind } from '#domain/reader/feed.ts';
import { useFeed } from '../api/personal.ts';
import { CardGrid } from './articles/CardGrid.tsx';
import { ListError } from '#web/shared/ui/ListError.tsx';
import { ReadingActivity } from './ReadingActivity.tsx';

const TAB_LABELS: Record<FeedKind, string> = { 'for-you': 'For You', trending: 'Trending', latest: 'Latest', saved: 'Saved' };
const EMPTY: Record<FeedKind, string> = {
  'for-you': 'Like, save or read a few articles and For You learns what you care about.',
  trending: 'Nothing is trending right now: stories trend once readers pick them up.',
  latest: 'No articles yet.',
  saved: 'No bookmarks yet. Save articles to find them here.',
};

/** The signed-in reader's Personalized Feed tab (reader spec section 2). */
export default function PersonalFeed() {
  const [kind, setKind] = useState<FeedKind>('for-you');
  const feed = useFeed(kind);
  const items = feed.data?.items ?? [];
  return (
    <div className="personal-feed">
      <ReadingActivity />
      <div role="tablist" aria-label="Your feed" className="tabs sub-tabs">
        {FEED_KINDS.map((candidate) => (
          <button key={candidate} type="button" role="tab" id={`feed-tab-${candidate}`} aria-selected={kind === candidate} aria-controls="feed-panel" onClick={() => setKind(candidate)}>
            {TAB_LABELS[candidate]}
          </button>
        ))}
      </div>
      <section role="tabpanel" id="feed-panel" aria-labelledby={`feed-tab-${kind}`}>
        <h2 className="section-title">
          {FEED_HEADINGS[kind]}{' '}
          {!feed.isPending && (
            <span className="badge count" data-testid="feed-count">
              {items.length}
            </span>
          )}
        </h2>
        {kind === 'for-you' && feed.data && 'followed' in feed.data && feed.data.followed > 0 && (
          <p className="hint" data-testid="feed-followed">
            {countOf(feed.data.followed, 'story', 'stories')} first from the topics and publishers you follow.
          </p>
        )}
        {kind === 'for-you' && feed.data?.source === 'preferences' && <p className="hint">From your preferred categories: like or save articles to teach For You more.</p>}
        {feed.isError && <ListError onRetry={() => void feed.refetch()} />}
        {!feed.isPending && !feed.isError && items.length === 0 && (
          <div className="notice empty">
            <p>{EMPTY[kind]}</p>
          </div>
        )}
        <CardGrid items={items} loading={feed.isPending} />
      </section>
    </div>
  );
}
