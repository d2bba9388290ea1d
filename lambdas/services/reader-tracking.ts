import { isTrendableTerm } from '#domain/content/trending.ts';
import { addFirstToTally, countArticleEvent } from '#store/article-tallies.ts';
import { recordShare, type SHARE_PLATFORMS } from '#store/engagement.ts';
import { bumpKeyword } from '#store/keywords.ts';
import { recordAnalyticsEvent } from '#store/analytics-events.ts';
import { consumeRateLimit } from '#store/rate-limits.ts';

/**
 * The counts a reader's browser reports (views, shares, searches, client errors), each bounded per client so
 * one client cannot move a ranking (docs/decisions/hot-path-counters.md). http/articles/tracking.ts
 * validates, spends the address's tracking budget, derives the client's key and answers.
 */

/**
 * Whether this is the first such event today from this client: the rate-limit store's one-hit window per
 * (what, who, UTC day) is the record, and it expires by TTL.
 */
export async function firstEventToday(what: string, clientKey: string): Promise<boolean> {
  const decision = await consumeRateLimit(`once:${what}`, clientKey, { limit: 1, windowSeconds: 86_400 });
  return decision.allowed;
}

/** One more view on the article's tally, if it is this client's first view of it today (atomically with that record). */
export const countFirstViewToday = (articleId: string, clientKey: string): Promise<boolean> => addFirstToTally(articleId, 'views', `view:${articleId}`, clientKey);

/** A share kept (for the console's share figures) and one more share on the article's tally. */
export async function countShare(articleId: string, platform: (typeof SHARE_PLATFORMS)[number]): Promise<void> {
  await Promise.all([recordShare({ articleId, platform }), countArticleEvent(articleId, 'shares')]);
}

/** A search offered to the search-based trending keywords, when the term is trendable (no markup, addresses or blocklisted phrases). */
export async function offerTrendingSearch(term: string): Promise<void> {
  if (isTrendableTerm(term)) await bumpKeyword('search-based', term);
}

/** An error a reader's browser caught: an analytics event of type exception, fatal only at the critical level. */
export async function recordClientError(report: { errorId: string; level: string; name: string; message: string; page: string }): Promise<void> {
  await recordAnalyticsEvent({ eventName: 'exception', eventData: { ...report, fatal: report.level === 'critical' } });
}
