import { adminCall, type ApiAnswer } from '../../shell/api.ts';

export type LifecyclePageData = ApiAnswer<'GET /admin/lifecycle'>;
export type LifecycleRun = LifecyclePageData['runs'][number];
/** A row of Article Management's list (GET /admin/articles). */
export type ArticleRow = ApiAnswer<'GET /admin/articles'>['items'][number];

export const fetchLifecycle = () => adminCall('GET /admin/lifecycle');
export const fetchArticlesInStatus = (status: 'rejected' | 'archived', page: number) =>
  adminCall('GET /admin/articles', { query: { status, sort: 'oldest', page, pageSize: 100 } });
export const runArticleAction = (ids: string[], action: 'archive' | 'purge') =>
  adminCall('POST /admin/article-actions', { body: { ids, action } });
export const cleanupAutoRejected = () => adminCall('POST /admin/lifecycle/cleanup-auto-rejected');
