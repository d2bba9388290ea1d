import type { DeviceClass } from './page-view-input.ts';

/** The analytics counters of one India day: counter name (without shard) to value. */
export interface DailyCounters {
  [name: string]: number;
}

const DIRECT_REFERRER = '(direct)';

/** Counter names of the daily analytics counters (the store adds the day and a shard). */
export const DAILY = {
  pageViews: 'pv',
  path: (path: string) => `pv.path#${path}`,
  referrer: (domain: string | null) => `pv.ref#${domain ?? DIRECT_REFERRER}`,
  device: (device: DeviceClass) => `pv.device#${device}`,
  articleViews: 'article.views',
  articleView: (id: string) => `article.view#${id}`,
  categoryViews: (category: string) => `article.category#${category}`,
  likes: 'likes',
  like: (id: string) => `like#${id}`,
  bookmarks: 'bookmarks',
  bookmark: (id: string) => `bookmark#${id}`,
  searches: 'searches',
  search: (term: string) => `search#${term}`,
  subscriptionsConfirmed: 'subscriptions.confirmed',
} as const;
