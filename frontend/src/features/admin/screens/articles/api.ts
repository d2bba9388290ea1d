import type { AdminSort, BulkAction, ManualStatus } from '#domain/content/article-admin.ts';
import type { ArticleStatus } from '#domain/content/article-status.ts';
import type { CategorySlug } from '#domain/content/categories.ts';
import { adminCall, adminDelete, adminGet, adminPost, adminPut, type ApiAnswer } from '../../shell/api.ts';

/** The list page (GET /admin/articles) and one of its rows. */
export type ArticleList = ApiAnswer<'GET /admin/articles'>;
export type ArticleRow = ArticleList['items'][number];

export interface ArticleListQuery {
  search: string;
  status: ArticleStatus | '';
  category: CategorySlug | '';
  sort: AdminSort;
  page: number;
  pageSize: number;
}

/** The whole article (GET /admin/articles/{id}): the detail dialog and the editor. */
export type ArticleDetail = ApiAnswer<'GET /admin/articles/{id}'>;
export type KeywordMatches = NonNullable<ArticleDetail['keywordMatches']>;

/** The editor's fields as the server takes them. */
export interface ArticleInput {
  title: string;
  sourceUrl: string;
  sourceName?: string;
  summary: string;
  content: string;
  category: CategorySlug;
  tags: string[];
  author: string;
  imageUrl: string;
  status: ManualStatus;
}

export type BulkResult = ApiAnswer<'POST /admin/article-actions'>;

export const fetchArticles = (query: ArticleListQuery) => adminGet<ArticleList>('/admin/articles', { ...query });
export const fetchArticle = (id: string) => adminGet<ArticleDetail>(`/admin/articles/${encodeURIComponent(id)}`);
export const createArticle = (input: ArticleInput, idempotencyKey?: string) => adminCall<ApiAnswer<'POST /admin/articles'>>('POST', '/admin/articles', { body: input, idempotencyKey });
export const updateArticle = (id: string, input: Partial<ArticleInput>, idempotencyKey?: string) =>
  adminCall<ApiAnswer<'PUT /admin/articles/{id}'>>('PUT', `/admin/articles/${encodeURIComponent(id)}`, { body: input, idempotencyKey });
export const deleteArticle = (id: string) => adminDelete<ApiAnswer<'DELETE /admin/articles/{id}'>>(`/admin/articles/${encodeURIComponent(id)}`);
export const setFeatured = (id: string, featured: boolean) => adminPut<ApiAnswer<'PUT /admin/articles/{id}/featured'>>(`/admin/articles/${encodeURIComponent(id)}/featured`, { featured });
export const bulkArticles = (ids: string[], action: BulkAction, status?: ManualStatus) => adminPost<BulkResult>('/admin/article-actions', { ids, action, ...(status ? { status } : {}) });
export const fetchSession = () => adminGet<ApiAnswer<'GET /admin/session'>>('/admin/session');
