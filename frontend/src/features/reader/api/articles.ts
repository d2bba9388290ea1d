import type { ArticleSort, MarketFocus, PublicArticle, QualityFilter } from '#domain/reader/public-articles.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { apiGet, apiPost, quietly } from '../../../app/api/client.ts';

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
  return apiGet<ArticleList>('/articles', {
    q: query.search?.trim() || undefined,
    category: query.category,
    sort: query.sort,
    quality: query.quality,
    market: query.market,
    featured: query.featured ? 'true' : undefined,
    days: query.days || undefined,
    page: query.page,
    limit: query.limit,
  });
}

export type ArticleDetail = ApiAnswer<'GET /articles/{id}'>;

export function fetchArticle(id: string): Promise<ArticleDetail> {
  return apiGet<ArticleDetail>(`/articles/${encodeURIComponent(id)}`);
}

export type CategorySummary = ApiAnswer<'GET /categories'>['items'][number];

export function fetchCategories(market?: MarketFocus): Promise<ApiAnswer<'GET /categories'>> {
  return apiGet<ApiAnswer<'GET /categories'>>('/categories', { market });
}

export type TrendingKeyword = ApiAnswer<'GET /trending-keywords'>['items'][number];

export function fetchTrendingKeywords(limit = 5): Promise<ApiAnswer<'GET /trending-keywords'>> {
  return apiGet<ApiAnswer<'GET /trending-keywords'>>('/trending-keywords', { limit });
}

export function fetchWidgets(): Promise<ApiAnswer<'GET /widgets'>> {
  return apiGet<ApiAnswer<'GET /widgets'>>('/widgets');
}

export const trackSearch = (term: string) => quietly(apiPost('/search-keywords', { term }));
export const trackView = (id: string) => quietly(apiPost(`/articles/${encodeURIComponent(id)}/views`, {}));
export const trackShare = (id: string, platform: string) => quietly(apiPost(`/articles/${encodeURIComponent(id)}/shares`, { platform }));
