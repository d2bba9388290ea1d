/** Article status values (admin spec section 4). */
export const ARTICLE_STATUSES = ['draft', 'published', 'archived', 'rejected', 'purged'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

/** Where the classifier (or a moderator) put an article; unclassified until the classifier has run. */
export const ADMIN_STATUSES = ['unclassified', 'pending_review', 'auto_approved', 'auto_rejected', 'approved', 'rejected'] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

export const CONTENT_TYPES = ['article', 'video', 'podcast'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const REVIEW_PRIORITIES = ['HIGH', 'MEDIUM', 'LOW'] as const;
export type ReviewPriority = (typeof REVIEW_PRIORITIES)[number];

/** Relevance of the public list (reader spec section 9). */
export const PUBLIC_MIN_RELEVANCE = 30;

/**
 * The time that orders an article within its status: its original publication once published (the
 * public list is newest first by that), otherwise the moment it entered the status (lifecycle ages
 * rejected and archived articles by it).
 */
export function statusSortTime(
  status: ArticleStatus,
  times: { originalPublishedAt?: string | undefined; publishedAt?: string | undefined; changedAt: string },
): string {
  if (status === 'published') return times.originalPublishedAt ?? times.publishedAt ?? times.changedAt;
  return times.changedAt;
}

/** The review-queue sort key of an article outside the queue: after every queued one. */
export const OUTSIDE_REVIEW_QUEUE = '9#999';

/** Review queue order: HIGH before MEDIUM before LOW, then the most relevant first. */
export function reviewSortKey(priority: ReviewPriority, relevance: number): string {
  const inverted = 999 - Math.max(0, Math.min(999, Math.round(relevance)));
  return `${REVIEW_PRIORITIES.indexOf(priority)}#${String(inverted).padStart(3, '0')}`;
}

/** ML confidence buckets (admin spec section 4): high 80 % or more, medium 50-79 %, low under 50 %; 0 marks a failed classification. */
export const CONFIDENCE_BUCKETS = ['high', 'medium', 'low', 'failed'] as const;
export type ConfidenceBucket = (typeof CONFIDENCE_BUCKETS)[number];

export function confidenceBucket(score: number): ConfidenceBucket {
  if (!(score > 0)) return 'failed';
  if (score >= 0.8) return 'high';
  if (score >= 0.5) return 'medium';
  return 'low';
}
