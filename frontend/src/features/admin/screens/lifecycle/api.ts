import { adminGet, adminPost } from '../../shell/api.ts';
import type { LifecycleAnalytics } from '../dashboard/api.ts';

export interface LifecycleRun {
  executionId: string;
  trigger: string;
  status: string;
  startedAt: string;
  endedAt: string | null;
  stats: { archivedCount?: number; purgedCount?: number; storageSavedMb?: number; totalProcessed?: number } | null;
}

export type LifecyclePageData = LifecycleAnalytics & { runs: LifecycleRun[] };

/** A row of Article Management's list (GET /admin/articles). */
export interface ArticleRow {
  id: string;
  title: string;
  status: string;
  adminStatus: string;
  category: string;
  sourceName: string;
  createdAt: string;
  publishedAt?: string;
}

export const fetchLifecycle = () => adminGet<LifecyclePageData>('/admin/lifecycle');
export const fetchArticlesInStatus = (status: 'rejected' | 'archived', page: number) =>
  adminGet<{ items: ArticleRow[]; total: number; page: number; pages: number }>('/admin/articles', { status, sort: 'oldest', page, pageSize: 100 });
export const runArticleAction = (ids: string[], action: 'archive' | 'purge') =>
  adminPost<{ succeeded: string[]; failed: Array<{ id: string; reason: string }> }>('/admin/article-actions', { ids, action });
export const cleanupAutoRejected = () => adminPost<{ updated: number }>('/admin/lifecycle/cleanup-auto-rejected');
