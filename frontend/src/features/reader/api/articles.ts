import type { ArticleSort, MarketFocus, PublicArticle, QualityFilter } from '#domain/content/public-articles.ts';
import type { Widgets } from '#domain/reader/widgets.ts';
import { apiGet, apiPost, quietly } from '../../../app/api/client.ts';

/** The card fields GET /articles answers with (lambdas/domain/content/public-articles.ts toPublicArticle). */
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

export interface ArticleList {
  items: Article[];
  total: number;
  page: number;
  pages: number;
}

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

export interface ArticleDetail extends Article {
  content: string;
  expandedSummary: string;
  keyPoints: string[];
  related: Article[];
}

export function fetchArticle(id: string): Promise<ArticleDetail> {
  return apiGet<ArticleDetail>(`/articles/${encodeURIComponent(id)}`);
}

export interface CategorySummary {
  slug: string;
  name: string;
  articleCount: number;
  viewsCount: number;
  thisWeek: number;
  weeklyChange: number | null;
  keywords: string[];
}

export function fetchCategories(market?: MarketFocus): Promise<{ items: CategorySummary[] }> {
  return apiGet<{ items: CategorySummary[] }>('/categories', { market });
}

export interface TrendingKeyword {
  keyword: string;
  searchCount: number;
  source: string;
}

export function fetchTrendingKeywords(limit = 5): Promise<{ items: TrendingKeyword[] }> {
  return apiGet<{ items: TrendingKeyword[] }>('/trending-keywords', { limit });
}

export function fetchWidgets(): Promise<Widgets> {
  return apiGet<Widgets>('/widgets');
}

export const trackSearch = (term: string) => quietly(apiPost('/search-keywords', { term }));
export const trackView = (id: string) => quietly(apiPost(`/articles/${encodeURIComponent(id)}/views`, {}));
export const trackShare = (id: string, platform: string) => quietly(apiPost(`/articles/${encodeURIComponent(id)}/shares`, { platform }));
