import type { CategorySlug } from '#domain/content/categories.ts';
import { adminCall, type ApiAnswer } from '../../shell/api.ts';

export type QueuePage = ApiAnswer<'GET /admin/review'>;
export type QueueItem = QueuePage['items'][number];
export type Priority = QueueItem['priorityLevel'];
export type RejectReason = ApiAnswer<'POST /admin/review/{id}/reject'>['reason'];
export type ReviewStats = ApiAnswer<'GET /admin/review/stats'>;

export const fetchQueue = (cursor?: string) => adminCall('GET /admin/review', { query: { limit: 100, cursor } });
export const fetchReviewStats = () => adminCall('GET /admin/review/stats');
export const approve = (id: string, category: CategorySlug) => adminCall('POST /admin/review/{id}/approve', { params: { id }, body: { category } });
export const reject = (id: string, reason: RejectReason) => adminCall('POST /admin/review/{id}/reject', { params: { id }, body: { reason } });
