/** The personalised feed's rules (reader spec sections 2, 7 and 9). */
import type { MarketFocus } from './public-articles.ts';

export const FEED_KINDS = ['for-you', 'trending', 'latest', 'saved'] as const;
export type FeedKind = (typeof FEED_KINDS)[number];

export const FEED_PAGE_SIZE = 20;
export const FEED_MIN_RELEVANCE = 50;
export const TRENDING_MIN_RELEVANCE = 55;
export const TRENDING_MIN_VIEWS = 10;

/**
 * For You opens with the stories of what the reader follows (topics, publishers) from the last week, up to half a
 * page, newest first; the rest of the page is what it would be without them (recommendations, else preferred
 * categories, else the latest). Half, so a reader who follows a busy topic still sees what else they would read.
 */
export const FOLLOWED_WINDOW_DAYS = 7;
export const FOLLOWED_SHARE_OF_PAGE = FEED_PAGE_SIZE / 2;

/** The page: followed stories first (at most FOLLOWED_SHARE_OF_PAGE), then the others, each story once. */
export function withFollowedFirst<T extends { id: string }>(followed: readonly T[], others: readonly T[], size = FEED_PAGE_SIZE): T[] {
  const first = followed.slice(0, Math.min(FOLLOWED_SHARE_OF_PAGE, size));
  const taken = new Set(first.map((item) => item.id));
  return [...first, ...others.filter((item) => !taken.has(item.id))].slice(0, size);
}

export const FEED_HEADINGS: Record<FeedKind, string> = {
  'for-you': 'Recommended for You',
  trending: 'Trending Articles',
  latest: 'Latest Articles',
  saved: 'Your Bookmarks',
};

/** Preferred regions as a market filter: one region narrows the feed, both (or none) keep every market. */
export function marketOfRegions(regions: readonly string[]): MarketFocus {
  const indian = regions.includes('indian');
  const global = regions.includes('global');
  return indian === global ? 'all' : indian ? 'indian' : 'global';
}

/** Content performance ranges of the signed-in side widget. */
export const PERFORMANCE_RANGES = { '24h': 1, '7d': 7, '30d': 30 } as const;
export type PerformanceRange = keyof typeof PERFORMANCE_RANGES;
