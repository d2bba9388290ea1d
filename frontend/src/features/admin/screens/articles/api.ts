import type { AdminSort, BulkAction, ManualStatus } from '#domain/content/article-admin.ts';
import type { ArticleStatus } from '#domain/content/article-status.ts';
import type { CategorySlug } from '#domain/content/categories.ts';
import { adminCall, type ApiAnswer, type ApiBody } from '../../shell/api.ts';

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

/** The editor's fields as the server takes them (POST /admin/articles' body). */
export type ArticleInput = ApiBody<'POST /admin/articles'>;

export type BulkResult = ApiAnswer<'POST /admin/article-actions'>;

export const fetchArticles = (query: ArticleListQuery) => adminCall('GET /admin/articles', { query });
export const fetchArticle = (id: string) => adminCall('GET /admin/articles/{id}', { params: { id } });
export const createArticle = (input: ArticleInput, idempotencyKey?: string) => adminCall('POST /admin/articles', { body: input, idempotencyKey });
export const updateArticle = (id: string, input: ApiBody<'PUT /admin/articles/{id}'>, idempotencyKey?: string) =>
  adminCall('PUT /admin/articles/{id}', { params: { id }, body: input, idempotencyKey });
export const deleteArticle = (id: string) => adminCall('DELETE /admin/articles/{id}', { params: { id } });
export const setFeatured = (id: string, featured: boolean) => adminCall('PUT /admin/articles/{id}/featured', { params: { id }, body: { featured } });
export const bulkArticles = (ids: string[], action: BulkAction, status?: ManualStatus) => adminCall('POST /admin/article-actions', { body: { ids, action, ...(status ? { status } : {}) } });
/** A moderator's split of a later report from its story, and join of a story to another's first report. */
export const splitFromStory = (id: string) => adminCall('POST /admin/articles/{id}/split', { params: { id } });
export const joinToStory = (id: string, storyId: string) => adminCall('POST /admin/articles/{id}/join', { params: { id }, body: { storyId } });
