import { adminGet, adminPost, type ApiAnswer } from '../../shell/api.ts';

export type LifecyclePageData = ApiAnswer<'GET /admin/lifecycle'>;
export type LifecycleRun = LifecyclePageData['runs'][number];
/** A row of Article Management's list (GET /admin/articles). */
export type ArticleRow = ApiAnswer<'GET /admin/articles'>['items'][number];

export const fetchLifecycle = () => adminGet<LifecyclePageData>('/admin/lifecycle');
export const fetchArticlesInStatus = (status: 'rejected' | 'archived', page: number) =>
  adminGet<ApiAnswer<'GET /admin/articles'>>('/admin/articles', { status, sort: 'oldest', page, pageSize: 100 });
export const runArticleAction = (ids: string[], action: 'archive' | 'purge') =>
  adminPost<ApiAnswer<'POST /admin/article-actions'>>('/admin/article-actions', { ids, action });
export const cleanupAutoRejected = () => adminPost<ApiAnswer<'POST /admin/lifecycle/cleanup-auto-rejected'>>('/admin/lifecycle/cleanup-auto-rejected');
