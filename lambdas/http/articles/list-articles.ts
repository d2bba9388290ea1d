import * as z from '#domain/common/validation.ts';
import { CATEGORY_SLUGS, normaliseCategory } from '#domain/content/categories.ts';
import { ARTICLE_SORTS, DATE_RANGES, DEFAULT_PAGE_SIZE, MARKET_FOCUSES, MAX_PAGE_SIZE, QUALITY_FILTERS, SEARCH_MAX_CHARS } from '#domain/reader/public-articles.ts';
import { queryPublicArticles } from '../../services/article-search.ts';
import { limitParam, route } from '#platform/router.ts';
import { topicsNamedInSearch, withLiveTopics } from '../../services/topic-catalogue.ts';
import { enforceRateLimit } from '#platform/rate-limit.ts';
import { SEARCH_LIMIT } from '#domain/analytics/tracking.ts';

/** Deep pages of a ranked list are never read; the cap keeps offsets cheap and bounded. */
const MAX_PAGE = 500;

const query = z.object({
  q: z.optional(z.string().check(z.maxLength(SEARCH_MAX_CHARS, `Search text is at most ${SEARCH_MAX_CHARS} characters`))),
  // Legacy slugs (campaigns, trends...) are still linked from old pages: map them, refuse unknown words.
  category: z.optional(z.pipe(z.pipe(z.string(), z.transform((value) => normaliseCategory(value))), z.enum(CATEGORY_SLUGS))),
  sort: z.optional(z.enum(ARTICLE_SORTS)),
  quality: z._default(z.enum(QUALITY_FILTERS), 'all'),
  market: z._default(z.enum(MARKET_FOCUSES), 'all'),
  featured: z.pipe(z._default(z.enum(['true', 'false']), 'false'), z.transform((value) => value === 'true')),
  days: z.optional(z.pipe(z.coerce.number(), z.union(DATE_RANGES.map((days) => z.literal(days))))),
  page: z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(1), z.maximum(MAX_PAGE)), 1),
  limit: limitParam(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
});

/**
 * The public list and search: filters, sorts and page numbers with the total (reader spec section 7). When
 * the page did not need every archived month (services/article-search.ts), the total counts what was read
 * and says so, and one more page is offered, which reads on into the archive. A search also answers the topics
 * it names (their pages are offered beside the results).
 */
export const listArticles = route({ query }, async ({ query, event }) => {
  if (query.q?.trim()) await enforceRateLimit('search', SEARCH_LIMIT, event);
  const { items, total, totalIsLowerBound } = await queryPublicArticles({
    q: query.q,
    category: query.category,
    sort: query.sort,
    quality: query.quality,
    market: query.market,
    featuredOnly: query.featured,
    withinDays: query.days,
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  const pages = Math.ceil(total / query.limit) + (totalIsLowerBound ? 1 : 0);
  const topics = query.q?.trim() ? await topicsNamedInSearch(query.q) : [];
  return { items: await withLiveTopics(items), total, totalIsLowerBound, page: query.page, pageSize: query.limit, pages, topics };
});
