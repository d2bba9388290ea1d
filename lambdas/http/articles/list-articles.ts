import * as z from 'zod';
import { CATEGORY_SLUGS, normaliseCategory } from '#domain/categories.ts';
import { ARTICLE_SORTS, DATE_RANGES, DEFAULT_PAGE_SIZE, MARKET_FOCUSES, MAX_PAGE_SIZE, QUALITY_FILTERS } from '#domain/public-articles.ts';
import { queryPublicArticles } from '#store/article-search.ts';
import { limitParam, route } from '#shared/http.ts';
import { enforceRateLimit } from '#shared/rate-limit.ts';
import { SEARCH_LIMIT } from '#domain/tracking.ts';

/** Deep pages of a ranked list are never read; the cap keeps offsets cheap and bounded. */
const MAX_PAGE = 500;

const query = z.object({
  q: z.string().max(200, 'Search text is at most 200 characters').optional(),
  // Legacy slugs (campaigns, trends...) are still linked from old pages: map them, refuse unknown words.
  category: z
    .string()
    .transform((value) => normaliseCategory(value))
    .pipe(z.enum(CATEGORY_SLUGS))
    .optional(),
  sort: z.enum(ARTICLE_SORTS).optional(),
  quality: z.enum(QUALITY_FILTERS).default('all'),
  market: z.enum(MARKET_FOCUSES).default('all'),
  featured: z.enum(['true', 'false']).default('false').transform((value) => value === 'true'),
  days: z.coerce.number().pipe(z.union(DATE_RANGES.map((days) => z.literal(days)))).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: limitParam(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
});

/** The public list and search: filters, sorts and page numbers with the exact total (reader spec section 7). */
export const listArticles = route({ query }, async ({ query, event }) => {
  if (query.q?.trim()) await enforceRateLimit('search', SEARCH_LIMIT, event);
  const { items, total } = await queryPublicArticles({
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
  return { items, total, page: query.page, pageSize: query.limit, pages: Math.ceil(total / query.limit) };
});
