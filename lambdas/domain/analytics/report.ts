/**
 * The Analytics screen's figures (admin spec Analytics, section 9: top list 5): cards with their change
 * against the previous period, the day rows, top lists and the conversion rate, from the daily counters.
 */
import { indiaDayOf } from '../common/india-time.ts';
import { DAILY, type DailyCounters } from './daily-counters.ts';
import type { DeviceClass } from './page-view-input.ts';
import type { AnalyticsWindow } from './window.ts';

/** Spec section 9: the top list shows 5 articles. Other top lists (paths, referrers, terms) show 10. */
export const TOP_ARTICLES = 5;
export const TOP_OTHERS = 10;

/** Percent change against the previous period, one decimal; null when the previous period had nothing. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Conversions per page view (0-1, four decimals); null without page views. */
export function conversionRate(conversions: number, pageViews: number): number | null {
  if (pageViews <= 0) return null;
  return Math.round((conversions / pageViews) * 10_000) / 10_000;
}

/** The `limit` largest entries, ties by name, as rows. */
export function topEntries(counts: Record<string, number>, limit: number): Array<{ key: string; count: number }> {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limit)
    .map(([key, count]) => ({ key, count }));
}

export interface ShareEvent {
  articleId: string;
  platform: string;
  sharedAt: string;
}
export interface DonationEvent {
  amount: number;
  currency?: string | undefined;
  paidAt: string;
}
export interface ArticleInfo {
  id: string;
  title: string;
  category?: string | undefined;
}

export interface AnalyticsInput {
  window: AnalyticsWindow;
  /** Daily counters of every day of both periods (missing days: none). */
  counters: Record<string, DailyCounters>;
  /** Shares, donations and subscriber sign-ups from the previous period's start on. */
  shares: ShareEvent[];
  donations: DonationEvent[];
  subscriptionsStarted: string[];
  articles: ArticleInfo[];
}

export interface DailyRow {
  date: string;
  pageViews: number;
  articleViews: number;
  likes: number;
  shares: number;
  bookmarks: number;
  searches: number;
  subscriptionsStarted: number;
  subscriptionsConfirmed: number;
  donations: number;
  /** Paid INR donations, paise. */
  donationAmountPaise: number;
}

export interface Card {
  value: number;
  previous: number;
  /** Percent vs the previous period; null when it had none. */
  change: number | null;
}

export interface Analytics {
  days: number;
  from: string;
  to: string;
  cards: { pageViews: Card; articleViews: Card; engagements: Card; conversions: Card };
  daily: DailyRow[];
  traffic: { topPaths: Array<{ path: string; views: number }>; referrers: Array<{ domain: string; views: number }>; devices: Record<DeviceClass, number> };
  content: {
    topArticles: Array<{ id: string; title: string; category: string | null; views: number; likes: number; shares: number; bookmarks: number }>;
    byCategory: Array<{ category: string; views: number }>;
  };
  engagement: {
    totals: { likes: number; shares: number; bookmarks: number; searches: number };
    sharesByPlatform: Array<{ platform: string; shares: number }>;
    topSearchTerms: Array<{ term: string; searches: number }>;
  };
  conversion: {
    totals: { subscriptionsStarted: number; subscriptionsConfirmed: number; donations: number; donationAmountPaise: number; conversions: number };
    /** Conversions (confirmed subscriptions + paid donations) per page view; null without page views. */
    conversionRate: number | null;
  };
}

/** Sums of counters whose name starts with a prefix, keyed by the rest, over some days. */
function byPrefix(counters: Record<string, DailyCounters>, days: readonly string[], prefix: string): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const day of days) {
    for (const [name, value] of Object.entries(counters[day] ?? {})) {
      if (name.startsWith(prefix)) sums[name.slice(prefix.length)] = (sums[name.slice(prefix.length)] ?? 0) + value;
    }
  }
  return sums;
}

function dailyRows(input: AnalyticsInput, days: readonly string[]): DailyRow[] {
  const rows = new Map(days.map((date) => {
    const c = input.counters[date] ?? {};
    const row: DailyRow = {
      date,
      pageViews: c[DAILY.pageViews] ?? 0,
      articleViews: c[DAILY.articleViews] ?? 0,
      likes: c[DAILY.likes] ?? 0,
      shares: 0,
      bookmarks: c[DAILY.bookmarks] ?? 0,
      searches: c[DAILY.searches] ?? 0,
      subscriptionsStarted: 0,
      subscriptionsConfirmed: c[DAILY.subscriptionsConfirmed] ?? 0,
      donations: 0,
      donationAmountPaise: 0,
    };
    return [date, row];
  }));
  for (const share of input.shares) {
    const row = rows.get(indiaDayOf(share.sharedAt));
    if (row) row.shares += 1;
  }
  for (const at of input.subscriptionsStarted) {
    const row = rows.get(indiaDayOf(at));
    if (row) row.subscriptionsStarted += 1;
  }
  for (const donation of input.donations) {
    const row = rows.get(indiaDayOf(donation.paidAt));
    if (!row) continue;
    row.donations += 1;
    if ((donation.currency ?? 'INR') === 'INR') row.donationAmountPaise += donation.amount;
  }
  return [...rows.values()];
}

const sum = (rows: readonly DailyRow[], pick: (row: DailyRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
const engagementsOf = (rows: readonly DailyRow[]) => sum(rows, (row) => row.likes + row.shares + row.bookmarks);
const conversionsOf = (rows: readonly DailyRow[]) => sum(rows, (row) => row.subscriptionsConfirmed + row.donations);
const card = (value: number, previous: number): Card => ({ value, previous, change: percentChange(value, previous) });

/** Every figure of the Analytics screen from the daily counters and the few event lists. */
export function buildAnalytics(input: AnalyticsInput): Analytics {
  const { window } = input;
  const daily = dailyRows(input, window.days);
  const previous = dailyRows(input, window.previousDays);
  const inWindow = (at: string) => at >= window.from && at < window.to;
  const shares = input.shares.filter((share) => inWindow(share.sharedAt));

  const articleViews = byPrefix(input.counters, window.days, DAILY.articleView(''));
  const likes = byPrefix(input.counters, window.days, DAILY.like(''));
  const bookmarks = byPrefix(input.counters, window.days, DAILY.bookmark(''));
  const sharesByArticle: Record<string, number> = {};
  const sharesByPlatform: Record<string, number> = {};
  for (const share of shares) {
    sharesByArticle[share.articleId] = (sharesByArticle[share.articleId] ?? 0) + 1;
    sharesByPlatform[share.platform] = (sharesByPlatform[share.platform] ?? 0) + 1;
  }
  const info = new Map(input.articles.map((article) => [article.id, article]));
  const devices = byPrefix(input.counters, window.days, DAILY.device('' as DeviceClass));
  const totals = {
    pageViews: sum(daily, (row) => row.pageViews),
    conversions: conversionsOf(daily),
  };
  return {
    days: window.days.length,
    from: window.from,
    to: window.to,
    cards: {
      pageViews: card(totals.pageViews, sum(previous, (row) => row.pageViews)),
      articleViews: card(sum(daily, (row) => row.articleViews), sum(previous, (row) => row.articleViews)),
      engagements: card(engagementsOf(daily), engagementsOf(previous)),
      conversions: card(totals.conversions, conversionsOf(previous)),
    },
    daily,
    traffic: {
      topPaths: topEntries(byPrefix(input.counters, window.days, DAILY.path('')), TOP_OTHERS).map(({ key, count }) => ({ path: key, views: count })),
      referrers: topEntries(byPrefix(input.counters, window.days, DAILY.referrer('')), TOP_OTHERS).map(({ key, count }) => ({ domain: key, views: count })),
      devices: { mobile: devices.mobile ?? 0, tablet: devices.tablet ?? 0, desktop: devices.desktop ?? 0 },
    },
    content: {
      topArticles: topEntries(articleViews, TOP_ARTICLES).map(({ key, count }) => ({
        id: key,
        title: info.get(key)?.title ?? '(article no longer available)',
        category: info.get(key)?.category ?? null,
        views: count,
        likes: likes[key] ?? 0,
        shares: sharesByArticle[key] ?? 0,
        bookmarks: bookmarks[key] ?? 0,
      })),
      byCategory: topEntries(byPrefix(input.counters, window.days, DAILY.categoryViews('')), Number.MAX_SAFE_INTEGER).map(({ key, count }) => ({ category: key, views: count })),
    },
    engagement: {
      totals: { likes: sum(daily, (row) => row.likes), shares: sum(daily, (row) => row.shares), bookmarks: sum(daily, (row) => row.bookmarks), searches: sum(daily, (row) => row.searches) },
      sharesByPlatform: topEntries(sharesByPlatform, Number.MAX_SAFE_INTEGER).map(({ key, count }) => ({ platform: key, shares: count })),
      topSearchTerms: topEntries(byPrefix(input.counters, window.days, DAILY.search('')), TOP_OTHERS).map(({ key, count }) => ({ term: key, searches: count })),
    },
    conversion: {
      totals: {
        subscriptionsStarted: sum(daily, (row) => row.subscriptionsStarted),
        subscriptionsConfirmed: sum(daily, (row) => row.subscriptionsConfirmed),
        donations: sum(daily, (row) => row.donations),
        donationAmountPaise: sum(daily, (row) => row.donationAmountPaise),
        conversions: totals.conversions,
      },
      conversionRate: conversionRate(totals.conversions, totals.pageViews),
    },
  };
}
