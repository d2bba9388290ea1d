/**
 * The public reads of the reader site as TanStack Query hooks: one cache, so a list or an article read
 * once is shown at once when asked again, and no component guards against stale answers itself.
 */
import { useQuery } from '@tanstack/react-query';
import type { MarketFocus } from '#domain/reader/public-articles.ts';
import { fetchArticle, fetchArticles, fetchCategories, fetchTrendingKeywords, type ArticleQuery } from './articles.ts';

export const articleKeys = {
  /** Every page of the public list: what the new-articles banner's Refresh asks for again. */
  lists: ['articles', 'list'] as const,
  list: (query: ArticleQuery) => ['articles', 'list', query] as const,
  newest: (limit: number) => ['articles', 'newest', limit] as const,
  detail: (id: string) => ['articles', 'detail', id] as const,
  categories: (market: MarketFocus | undefined) => ['categories', market ?? null] as const,
  trendingKeywords: (limit: number) => ['trending-keywords', limit] as const,
  widgets: ['widgets'] as const,
};

/** Reader spec section 9: the list is fresh for 30 s and refreshed every 180 s while the tab is visible. */
export const LIST_STALE_MS = 30_000;
export const LIST_REFRESH_MS = 180_000;

export const articleListQuery = (query: ArticleQuery) => ({
  queryKey: articleKeys.list(query),
  queryFn: () => fetchArticles(query),
  staleTime: LIST_STALE_MS,
});

/**
 * One article with its full text: the story page's only query (the page writer fills it on the server
 * with this key, so the page hydrates from the cache), the dialog's and a card's Show Details.
 */
export const articleDetailQuery = (id: string) => ({
  queryKey: articleKeys.detail(id),
  queryFn: () => fetchArticle(id),
  retry: false,
});

/** The article with its full text; a failure is shown, not retried. */
export function useArticleDetail(id: string, enabled = true) {
  return useQuery({ ...articleDetailQuery(id), enabled });
}

export function useCategories(market: MarketFocus | undefined, enabled = true) {
  return useQuery({ queryKey: articleKeys.categories(market), queryFn: () => fetchCategories(market), enabled, retry: false });
}

/** The search box's Trending Now: asked for when the dropdown first opens, kept for the visit. */
export function useTrendingKeywords(limit: number, enabled: boolean) {
  return useQuery({ queryKey: articleKeys.trendingKeywords(limit), queryFn: () => fetchTrendingKeywords(limit), enabled, staleTime: Infinity, retry: false });
}
