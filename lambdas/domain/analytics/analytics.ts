/**
 * Analytics of the console (issue 11 item 1; admin spec Analytics, section 9: window 30 days, top list 5).
 * Pure: windows of India-time days, changes against the previous period, the conversion rate, day series
 * with missing days as 0, page-view input cleaning (path, referrer domain, device class, bots) and the CSV.
 */
import { DAY_MS, indiaDayOf, indiaDayStart } from '../common/india-time.ts';

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_DAYS: AnalyticsPeriod = 30;
/** Spec section 9: the top list shows 5 articles. Other top lists (paths, referrers, terms) show 10. */
export const TOP_ARTICLES = 5;
export const TOP_OTHERS = 10;
export const PAGE_VIEW_PATH_MAX = 300;

export interface AnalyticsWindow {
  /** India days of the period, oldest first, today last. */
  days: string[];
  /** The previous period of the same length, oldest first. */
  previousDays: string[];
  /** Instants: the period is [from, to), the previous one [previousFrom, from). */
  from: string;
  to: string;
  previousFrom: string;
}

/** The last `days` India days, today included, and the `days` before them. */
export function analyticsWindow(days: number, now: Date): AnalyticsWindow {
  const todayStart = indiaDayStart(now).getTime();
  const from = todayStart - (days - 1) * DAY_MS;
  const previousFrom = from - days * DAY_MS;
  const dayList = (start: number) => Array.from({ length: days }, (_, index) => indiaDayOf(start + index * DAY_MS));
  return {
    days: dayList(from),
    previousDays: dayList(previousFrom),
    from: new Date(from).toISOString(),
    to: new Date(todayStart + DAY_MS).toISOString(),
    previousFrom: new Date(previousFrom).toISOString(),
  };
}

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

/** One value per day of the window, in its order; days without a value are 0. */
export function fillSeries(days: readonly string[], values: ReadonlyMap<string, number> | Record<string, number>): Array<{ date: string; value: number }> {
  const get = (day: string) => (values instanceof Map ? values.get(day) : (values as Record<string, number>)[day]);
  return days.map((date) => ({ date, value: get(date) ?? 0 }));
}

/** The `limit` largest entries, ties by name, as rows. */
export function topEntries(counts: Record<string, number>, limit: number): Array<{ key: string; count: number }> {
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, limit)
    .map(([key, count]) => ({ key, count }));
}

// ---------------------------------------------------------------------------------------------------------
// Page views: what the beacon may tell us, reduced to what we keep.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A path segment that looks like a secret: long letters/digits/_- with at least one digit (article ids, UUIDs, are kept). */
const TOKEN_LIKE = /^(?=.*\d)[A-Za-z0-9_\-.~%]{20,}$/;

/**
 * The path we count: the pathname only (no query, no fragment), an e-mail-looking segment as `:email`, a
 * token-looking one as `:token` (confirmation and unsubscribe links carry them), repeated slashes folded.
 */
export function cleanPath(raw: string): string {
  const pathname = raw.split(/[?#]/, 1)[0] ?? '/';
  const segments = pathname.split('/').map((segment) => {
    let decoded = segment;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      // keep it as sent
    }
    if (decoded.includes('@')) return ':email';
    if (!UUID.test(decoded) && TOKEN_LIKE.test(decoded)) return ':token';
    return segment;
  });
  const path = segments.join('/').replace(/\/{2,}/g, '/');
  return path.startsWith('/') ? path : `/${path}`;
}

/**
 * The domain of an external referrer ("www." dropped), or null for none, an unreadable one or one of our own
 * hosts (navigation inside the site counts as direct).
 */
export function referrerDomain(referrer: string | undefined | null, ownHosts: readonly string[]): string | null {
  if (!referrer) return null;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    host = url.hostname.toLowerCase();
  } catch {
    return null;
  }
  const own = ownHosts.map((value) => value.toLowerCase().replace(/^www\./, ''));
  const bare = host.replace(/^www\./, '');
  if (!bare || own.includes(bare)) return null;
  return bare;
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';
export const DEVICE_CLASSES: readonly DeviceClass[] = ['mobile', 'tablet', 'desktop'];

/**
 * Three classes from the User-Agent. A regex, not a parser: we only need these three, and the one parser
 * in node_modules (bowser) is a transitive dependency of the AWS SDK, not ours. Tablets first: iPad, Android
 * without "Mobile" (Google's convention for tablets), Kindle/Silk and the word "Tablet"; then phones.
 */
export function deviceClass(userAgent: string | undefined | null): DeviceClass {
  const ua = userAgent ?? '';
  if (/ipad|tablet|kindle|silk|playbook|(android(?!.*mobile))/i.test(ua)) return 'tablet';
  if (/mobi|iphone|ipod|android|windows phone|blackberry|opera mini/i.test(ua)) return 'mobile';
  return 'desktop';
}

/**
 * Crawlers and tools are not counted: "bot", "crawler", "spider", "slurp", link-preview fetchers and
 * command-line clients, or no User-Agent at all. A headless browser IS counted (decision): the word
 * "HeadlessChrome" marks automation of a real browser, our own end-to-end tests among it, and crawlers
 * that run one usually hide it; its views are classified like any browser's, by the rest of the UA.
 */
export function isBot(userAgent: string | undefined | null): boolean {
  const ua = (userAgent ?? '').trim();
  if (!ua) return true;
  return /bot\b|bot\/|crawler|crawling|spider|slurp|facebookexternalhit|embedly|preview|curl\/|wget\/|python-requests|httpclient|go-http-client|node-fetch|axios\//i.test(ua);
}

// ---------------------------------------------------------------------------------------------------------
// The console's figures.

export interface DailyCounters {
  /** Counter name (without shard) to value, for one India day. */
  [name: string]: number;
}

/** Counter names of the daily analytics counters (the store adds the day and a shard). */
export const DAILY = {
  pageViews: 'pv',
  path: (path: string) => `pv.path#${path}`,
  referrer: (domain: string | null) => `pv.ref#${domain ?? '(direct)'}`,
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

export const DIRECT_REFERRER = '(direct)';

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

// ---------------------------------------------------------------------------------------------------------
// The CSV report (RFC 4180). No CSV library is installed; quoting a field is five lines.

export const CSV_HEADER = ['date', 'page views', 'article views', 'likes', 'shares', 'bookmarks', 'searches', 'subscriptions started', 'subscriptions confirmed', 'donations', 'donation amount INR'];

/** A field quoted when it holds a comma, quote, CR or LF; quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number>>): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/** Rupees with two decimals from paise ("1234.50"). */
export const rupees = (paise: number): string => (paise / 100).toFixed(2);

export function analyticsCsv(daily: readonly DailyRow[]): string {
  return toCsv([
    CSV_HEADER,
    ...daily.map((row) => [row.date, row.pageViews, row.articleViews, row.likes, row.shares, row.bookmarks, row.searches, row.subscriptionsStarted, row.subscriptionsConfirmed, row.donations, rupees(row.donationAmountPaise)]),
  ]);
}
