import type { ArticleSort, MarketFocus, PublicArticle, QualityFilter } from '#domain/reader/public-articles.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { call, quietly, type ApiBody } from '#web/shared/api/client.ts';

/** The card fields GET /articles answers with (lambdas/domain/reader/public-articles.ts toPublicArticle). */
export type Article = PublicArticle;

export interface ArticleQuery {
  search?: string | undefined;
  category?: string | undefined;
  sort?: ArticleSort | undefined;
  quality?: QualityFilter | undefined;
  market?: MarketFocus | undefined;
  featured?: boolean | undefined;
  days?: number | undefined;
  page?: number | undefined;
  limit?: number | undefined;
}

export type ArticleList = ApiAnswer<'GET /articles'>;

export function fetchArticles(query: ArticleQuery): Promise<ArticleList> {
  return call('GET /articles', { query: {
    q: query.search?.trim() || undefined,
    category: query.category,
    sort: query.sort,
    quality: query.quality,
    market: query.market,
    featured: query.featured ? 'true' : undefined,
    days: query.days || undefined,
    page: query.page,
    limit: query.limit,
  } });
}

export type ArticleDetail = ApiAnswer<'GET /articles/{id}'>;

export function fetchArticle(id: string): Promise<ArticleDetail> {
  return call('GET /articles/{id}', { params: { id } });
}

export type CategorySummary = ApiAnswer<'GET /categories'>['items'][number];

export function fetchCategories(market?: MarketFocus): Promise<ApiAnswer<'GET /categories'>> {
  return call('GET /categories', { query: { market } });
}

export type TrendingKeyword = ApiAnswer<'GET /trending-keywords'>['items'][number];

export function fetchTrendingKeywords(limit = 5): Promise<ApiAnswer<'GET /trending-keywords'>> {
  return call('GET /trending-keywords', { query: { limit } });
}

export function fetchWidgets(): Promise<ApiAnswer<'GET /widgets'>> {
  return call('GET /widgets');
}

export const trackSearch = (term: string) => quietly(call('POST /search-keywords', { body: { term } }));
export const trackView = (id: string) => quietly(call('POST /articles/{id}/views', { params: { id } }));
/** Where an article was shared to, as the server counts it. */
export type SharePlatform = ApiBody<'POST /articles/{id}/shares'>['platform'];
export const trackShare = (id: string, platform: SharePlatform) => quietly(call('POST /articles/{id}/shares', { params: { id }, body: { platform } }));
