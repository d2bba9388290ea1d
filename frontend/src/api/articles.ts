import { apiGet } from './client.ts';

/** The card fields GET /articles answers with (lambdas/http/articles/list-articles.ts). */
export interface Article {
  id: string;
  title: string;
  summary: string;
  category: string;
  tags: string[];
  sourceUrl: string;
  sourceName: string;
  author: string | null;
  imageUrl: string | null;
  contentType: 'article' | 'video' | 'podcast';
  publishedAt: string;
  viewsCount: number;
  isFeatured: boolean;
  relevanceScore: number;
  qualityScore: number | null;
}

export interface ArticlePage {
  items: Article[];
  cursor: string | null;
}

export function fetchArticles(params: { category?: string; limit?: number; cursor?: string | null }): Promise<ArticlePage> {
  return apiGet<ArticlePage>('/articles', { category: params.category, limit: params.limit, cursor: params.cursor ?? undefined });
}

export interface ArticleDetail extends Article {
  content: string;
  readTimeMinutes: number | null;
  related: Article[];
}

export function fetchArticle(id: string): Promise<ArticleDetail> {
  return apiGet<ArticleDetail>(`/articles/${encodeURIComponent(id)}`);
}

export interface CategoryCount {
  slug: string;
  name: string;
  articleCount: number;
}

export function fetchCategories(): Promise<{ items: CategoryCount[] }> {
  return apiGet<{ items: CategoryCount[] }>('/categories');
}
