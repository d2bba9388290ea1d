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

/** The relevance of an article not yet scored (admin spec section 3): an editor's own article has it, and is listed. */
export const UNSCORED_RELEVANCE = 30;

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

/**
 * How unsure the model is of an article, 0 (sure) to 1: one minus the chance it is right both that the story
 * is on topic or not (relevance 0-100, sure at 0 and 100, unsure at 50) and, when on topic, of its category
 * (the category head's probability, mlConfidenceScore). A moderator's decision on the most unsure teaches
 * the retrain the most.
 */
export function modelUncertainty(relevance: number, categoryConfidence = 1): number {
  const onTopic = Math.max(0, Math.min(100, relevance)) / 100;
  const relevanceCertainty = Math.abs(2 * onTopic - 1);
  return 1 - relevanceCertainty * (onTopic >= 0.5 ? Math.max(0, Math.min(1, categoryConfidence)) : 1);
}

/** Review queue order: HIGH before MEDIUM before LOW, then the article the model is least sure of first. */
export function reviewSortKey(priority: ReviewPriority, relevance: number, categoryConfidence = 1): string {
  const certainty = Math.round(999 * (1 - modelUncertainty(relevance, categoryConfidence)));
  return `${REVIEW_PRIORITIES.indexOf(priority)}#${String(certainty).padStart(3, '0')}`;
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
