import * as z from '#domain/common/validation.ts';
import { DEFAULT_TRENDING_LIMIT, isTrendableTerm, mergeTrending, normaliseSearchTerm, searchesByTopic, topicKey, TRENDING_MIN_SEARCHERS, TRENDING_WINDOW_DAYS, type KeywordCount } from '#domain/content/trending.ts';
import { getPublicArticleItem } from '#store/article-tallies.ts';
import { SHARE_PLATFORMS } from '#store/engagement.ts';
import { recentKeywords } from '#store/keywords.ts';
import { countFirstViewToday, countShare, firstEventToday, offerTrendingSearch, recordClientError } from '../../services/reader-tracking.ts';
import { badRequest, notFound } from '#core/errors.ts';
import type { HttpEvent } from '#platform/auth.ts';
import { limitParam, Reply, route } from '#platform/router.ts';
import { TRACKING_LIMITS } from '#domain/analytics/tracking.ts';
import { countArticleView, countSearch } from '#platform/daily-counters.ts';
import { clientKey, enforceRateLimit, visitorKey } from '#platform/rate-limit.ts';

const params = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/**
 * Whether this is the first such event today from this reader (so one client cannot move a count).
 * The rate-limit store's one-hit window per (what, who, UTC day) is the record; it expires by TTL. Views
 * and shares are counted per visitor (address + browser), searches towards Trending per address, so
 * changing the User-Agent does not make one script several searchers. Every event also spends the
 * address's tracking budget (429 past it).
 */
async function firstToday(what: string, event: HttpEvent, userId: string | undefined, who: 'visitor' | 'address'): Promise<boolean> {
  await enforceRateLimit('tracking', TRACKING_LIMITS.events, event);
  const key = who === 'visitor' ? visitorKey(event, userId) : clientKey(event, userId);
  return firstEventToday(what, key);
}

/** A view of a public article (anonymous allowed): counted once per client per article per day, atomically. */
export const trackView = route({ params }, async ({ params, event, caller }) => {
  const article = await getPublicArticleItem(params.id);
  if (!article) throw notFound('Article not found');
  await enforceRateLimit('tracking', TRACKING_LIMITS.events, event);
  // The day's record and the count in one write: a retry after a failure counts it once, never twice or not at all.
  const counted = await countFirstViewToday(params.id, visitorKey(event, caller?.userId));
  if (counted) countArticleView(article);
  return new Reply(202, { ok: true, counted });
});

/** A share of a public article to a platform (anonymous allowed): counted once per client per article per day. */
export const trackShare = route({ params, body: z.object({ platform: z.enum(SHARE_PLATFORMS) }) }, async ({ params, body, event, caller }) => {
  if (!(await getPublicArticleItem(params.id))) throw notFound('Article not found');
  const counted = await firstToday(`share:${params.id}`, event, caller?.userId, 'visitor');
  if (counted) await countShare(params.id, body.platform);
  return new Reply(202, { ok: true, counted });
});

/**
 * A search someone ran: counted once per client per term per day, and offered to the search-based
 * trending keywords only when the term is trendable (no markup, addresses or blocklisted phrases).
 */
export const trackSearch = route({ body: z.object({ term: z.string().check(z.maxLength(200)) }) }, async ({ body, event, caller }) => {
  const term = normaliseSearchTerm(body.term);
  if (!term) throw badRequest('Search terms are 2 to 60 characters', { fieldErrors: { term: ['Search terms are 2 to 60 characters'] } });
  const counted = await firstToday(`search:${term}`, event, caller?.userId, 'address');
  if (counted) {
    countSearch(term);
    await offerTrendingSearch(term);
  }
  return new Reply(202, { ok: true, counted });
});

/** Content-based and search-based keywords of the last 7 days, merged as the spec merges them. */
export async function mergedTrendingKeywords(limit: number): Promise<KeywordCount[]> {
  const since = new Date(Date.now() - TRENDING_WINDOW_DAYS * 86_400_000);
  // Searches show once enough different readers made them; terms stored before the filter are checked again.
  // Every search-based keyword is read (the query reads them all anyway) so each topic's figure is complete.
  const [contentAll, searched] = await Promise.all([recentKeywords('content-based', since, limit * 2), recentKeywords('search-based', since, Number.POSITIVE_INFINITY)]);
  const content = contentAll.filter((item) => !item.hiddenAt);
  const searches = searched.filter((item) => !item.hiddenAt && (item.searchCount ?? 0) >= TRENDING_MIN_SEARCHERS && isTrendableTerm(item.keyword));
  // Every topic shows the searches readers made of it (any spelling), whichever list brought it in.
  const searchCounts = searchesByTopic(searched.map((item) => ({ keyword: item.keyword, searchCount: item.searchCount ?? 0 })));
  const toCount = (item: { keyword: string; source: string }) => ({ keyword: item.keyword, searchCount: searchCounts.get(topicKey(item.keyword)) ?? 0, source: item.source });
  return mergeTrending(content.map(toCount), searches.map(toCount), limit);
}

export const trendingKeywords = route({ query: z.object({ limit: limitParam(30, DEFAULT_TRENDING_LIMIT) }) }, async ({ query }) => ({
  items: await mergedTrendingKeywords(query.limit),
}));

/**
 * An error a reader's browser caught (reader spec section 8): stored as an analytics event of type
 * exception, fatal only at the critical level. No stack: it would carry the reader's page state.
 */
export const trackClientError = route({
  body: z.object({
    errorId: z.string().check(z.minLength(1), z.maxLength(64)),
    level: z.enum(['component', 'page', 'critical', 'admin']),
    name: z.string().check(z.maxLength(100)),
    message: z.string().check(z.maxLength(1000)),
    page: z.string().check(z.maxLength(500)),
  }),
}, async ({ body, event }) => {
  await enforceRateLimit('client-errors', TRACKING_LIMITS.clientErrors, event);
  await recordClientError(body);
  return new Reply(202, { ok: true });
});
