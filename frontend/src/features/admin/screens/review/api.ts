import type { CategorySlug } from '#domain/content/categories.ts';
import { adminGet, adminPost, type ApiAnswer } from '../../shell/api.ts';

export type QueuePage = ApiAnswer<'GET /admin/review'>;
export type QueueItem = QueuePage['items'][number];
export type Priority = QueueItem['priorityLevel'];
export type RejectReason = ApiAnswer<'POST /admin/review/{id}/reject'>['reason'];
export type ReviewStats = ApiAnswer<'GET /admin/review/stats'>;

export const fetchQueue = (cursor?: string) => adminGet<QueuePage>('/admin/review', { limit: 100, cursor });
export const fetchReviewStats = () => adminGet<ReviewStats>('/admin/review/stats');
export const approve = (id: string, category: CategorySlug) => adminPost<ApiAnswer<'POST /admin/review/{id}/approve'>>(`/admin/review/${encodeURIComponent(id)}/approve`, { category });
export const reject = (id: string, reason: RejectReason) => adminPost<ApiAnswer<'POST /admin/review/{id}/reject'>>(`/admin/review/${encodeURIComponent(id)}/reject`, { reason });
