import { z } from 'zod';
import { DEFAULT_TRENDING_LIMIT, mergeTrending, normaliseSearchTerm, TRENDING_WINDOW_DAYS, type KeywordCount } from '#domain/trending.ts';
import { getPublicArticleItem, incrementArticleCounter } from '#store/articles.ts';
import { SHARE_PLATFORMS } from '#store/entities.ts';
import { recordShare } from '#store/engagement.ts';
import { bumpKeyword, recentKeywords } from '#store/keywords.ts';
import { recordAnalyticsEvent } from '#store/operations.ts';
import { recordArticleViewOfDay, recordSearchOfDay } from '#store/page-views.ts';
import { badRequest, notFound } from '#shared/errors.ts';
import { limitParam, Reply, route } from '#shared/http.ts';

const params = z.object({ id: z.string().min(1).max(100) });

/** A view of a public article (anonymous allowed): the article's count goes up atomically. */
export const trackView = route({ params }, async ({ params }) => {
  const article = await getPublicArticleItem(params.id);
  if (!article) throw notFound('Article not found');
  await Promise.all([incrementArticleCounter(params.id, 'viewsCount'), recordArticleViewOfDay(article)]);
  return new Reply(202, { ok: true });
});

/** A share of a public article to a platform (anonymous allowed; a signed-in sharer is never sent by the site). */
export const trackShare = route({ params, body: z.object({ platform: z.enum(SHARE_PLATFORMS) }) }, async ({ params, body }) => {
  if (!(await getPublicArticleItem(params.id))) throw notFound('Article not found');
  await Promise.all([recordShare({ articleId: params.id, platform: body.platform }), incrementArticleCounter(params.id, 'sharesCount')]);
  return new Reply(202, { ok: true });
});

/** A search someone ran, counted for the search-based trending keywords. */
export const trackSearch = route({ body: z.object({ term: z.string().max(200) }) }, async ({ body }) => {
  const term = normaliseSearchTerm(body.term);
  if (!term) throw badRequest('Search terms are 2 to 60 characters', { fieldErrors: { term: ['Search terms are 2 to 60 characters'] } });
  await Promise.all([bumpKeyword('search-based', term), recordSearchOfDay(term)]);
  return new Reply(202, { ok: true });
});

/** Content-based and search-based keywords of the last 7 days, merged as the spec merges them. */
export async function mergedTrendingKeywords(limit: number): Promise<KeywordCount[]> {
  const since = new Date(Date.now() - TRENDING_WINDOW_DAYS * 86_400_000);
  const [content, searches] = await Promise.all([recentKeywords('content-based', since, limit), recentKeywords('search-based', since, limit)]);
  const toCount = (item: { keyword: string; searchCount?: number | undefined; source: string }) => ({ keyword: item.keyword, searchCount: item.searchCount ?? 0, source: item.source });
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
    errorId: z.string().min(1).max(64),
    level: z.enum(['component', 'page', 'critical', 'admin']),
    name: z.string().max(100),
    message: z.string().max(1000),
    page: z.string().max(500),
  }),
}, async ({ body }) => {
  await recordAnalyticsEvent({ eventName: 'exception', eventData: { ...body, fatal: body.level === 'critical' } });
  return new Reply(202, { ok: true });
});
