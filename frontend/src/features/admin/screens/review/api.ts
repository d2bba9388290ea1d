import type { CategorySlug } from '#domain/content/categories.ts';
import { adminGet, adminPost } from '../../shell/api.ts';

export type Priority = 'HIGH' | 'MEDIUM' | 'LOW';
export type RejectReason = 'off_topic' | 'low_quality';

export interface QueueItem {
  id: string;
  title: string;
  summary: string;
  tags: string[];
  sourceName: string;
  sourceUrl: string;
  category: CategorySlug;
  priorityLevel: Priority;
  relevanceScore: number;
  mlConfidenceScore: number;
  qualityScore: number | null;
  keywordMatches: { primary?: string[]; secondary?: string[]; indian?: string[] } | null;
  createdAt: string;
}

export interface ReviewStats {
  pendingReview: number;
  highPriority: number;
  published: number;
  avgRelevanceScore: number | null;
}

export const fetchQueue = (cursor?: string) => adminGet<{ items: QueueItem[]; cursor: string | null }>('/admin/review', { limit: 100, cursor });
export const fetchReviewStats = () => adminGet<ReviewStats>('/admin/review/stats');
export const approve = (id: string, category: CategorySlug) => adminPost<{ id: string }>(`/admin/review/${encodeURIComponent(id)}/approve`, { category });
export const reject = (id: string, reason: RejectReason) => adminPost<{ id: string }>(`/admin/review/${encodeURIComponent(id)}/reject`, { reason });
