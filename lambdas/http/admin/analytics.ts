import * as z from '#domain/common/validation.ts';
import { analyticsCsv } from '#domain/analytics/csv.ts';
import { buildAnalytics, type Analytics } from '#domain/analytics/report.ts';
import { ANALYTICS_PERIODS, analyticsWindow, DEFAULT_ANALYTICS_DAYS, type AnalyticsPeriod } from '#domain/analytics/window.ts';
import { getArticles } from '#store/article-lists.ts';
import { listPaidDonationsBetween } from '#store/donations.ts';
import { sharesSince } from '#store/engagement.ts';
import { readDailyCounters } from '#store/daily-counters.ts';
import { subscriptionsStartedBetween } from '#store/subscribers.ts';
import { route, TextReply } from '#platform/router.ts';

/**
 * Analytics (admin spec Analytics): daily counters of both periods (one Query per India
 * day), shares since the previous period's start (one Query on the time index), paid donations (one Query
 * on the paid index), subscriber sign-ups (one Query on the joined index) and the top articles' titles.
 */
const analyticsQuery = z.object({
  days: z.pipe(z._default(z.string(), String(DEFAULT_ANALYTICS_DAYS)).check(z.refine((value) => ANALYTICS_PERIODS.map(String).includes(value), { message: `days must be one of ${ANALYTICS_PERIODS.join(', ')}` })), z.transform((value) => Number(value) as AnalyticsPeriod)),
});

async function analyticsOf(days: AnalyticsPeriod, now = new Date()): Promise<Analytics> {
  const window = analyticsWindow(days, now);
  const [counters, shares, donations, subscriptionsStarted] = await Promise.all([
    readDailyCounters([...window.previousDays, ...window.days]),
    sharesSince(new Date(window.previousFrom)),
    listPaidDonationsBetween(window.previousFrom, window.to),
    subscriptionsStartedBetween(window.previousFrom, window.to),
  ]);
  const base = {
    window,
    counters,
    shares: shares.map((share) => ({ articleId: share.articleId, platform: share.platform, sharedAt: share.sharedAt })),
    donations: donations.flatMap((donation) => (donation.paidAt ? [{ amount: donation.amount, currency: donation.currency, paidAt: donation.paidAt }] : [])),
    subscriptionsStarted,
  };
  // Titles only for the top list: first the figures, then one BatchGet of at most 5 articles.
  const top = buildAnalytics({ ...base, articles: [] }).content.topArticles.map((article) => article.id);
  const articles = top.length ? await getArticles(top) : [];
  return buildAnalytics({ ...base, articles: articles.map((article) => ({ id: article.id, title: article.title, category: article.category })) });
}

export const analytics = route({ query: analyticsQuery }, async ({ query }) => analyticsOf(query.days));

/** One row per India day of the period (RFC 4180), as an attachment. */
export const analyticsReport = route({ query: analyticsQuery }, async ({ query }) => {
  const data = await analyticsOf(query.days);
  const today = data.daily.at(-1)?.date ?? 'today';
  return new TextReply(analyticsCsv(data.daily), 'text/csv; charset=utf-8', {
    'content-disposition': `attachment; filename="analytics-${query.days}d-${today}.csv"`,
    'cache-control': 'no-store',
  });
});

export const analyticsRoutes = {
  'GET /admin/analytics': analytics,
  'GET /admin/analytics/report': analyticsReport,
};
