import * as z from '#domain/common/validation.ts';
import { CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { listReviewQueue } from '#store/article-lists.ts';
import { type ArticleItem } from '#store/articles.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, limitParam, route } from '#platform/router.ts';
import { signedInCaller } from '#platform/auth.ts';
import { COUNTER_SCOPES, readCounters } from '#store/table/counters.ts';
import { reviewQueueScores } from '#store/read-models/console-metrics.ts';
import { approveForPublication, rejectFromReview, REJECT_REASONS } from '../../services/review-decisions.ts';

/** Admin spec: the review queue item. */
function toQueueItem(article: ArticleItem) {
  return {
    id: article.id,
    title: article.title,
    summary: article.summary,
    tags: article.tags ?? [],
    sourceName: article.sourceName,
    sourceUrl: article.sourceUrl,
    category: article.category,
    priorityLevel: article.reviewPriority ?? 'LOW',
    relevanceScore: article.relevanceScore,
    mlConfidenceScore: article.mlConfidenceScore,
    qualityScore: article.qualityScore ?? null,
    keywordMatches: article.keywordMatches ?? null,
    createdAt: article.createdAt,
  };
}

export const reviewQueue = route({ query: z.object({ limit: limitParam(100, 25), cursor: cursorParam }) }, async ({ query }) => {
  const scope = cursorScope('review-queue');
  const page = await listReviewQueue({ limit: query.limit, cursor: await openCursor(scope, query.cursor) });
  return { items: page.items.map(toQueueItem), cursor: await sealCursor(scope, page.cursor) };
});

const params = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });

/** Approve: publish now, in the category the moderator confirms or corrects; kept as a training label. */
export const approveArticle = route({ params, body: z._default(z.object({ category: z.optional(z.enum(CATEGORY_SLUGS)) }), {}) }, async ({ params, body, caller }) =>
  approveForPublication(signedInCaller(caller), params.id, body.category),
);

/** Reject, off-topic or low quality (services/review-decisions.ts says how each teaches the classifier). */
export const rejectArticle = route(
  { params, body: z._default(z.object({ reason: z._default(z.enum(REJECT_REASONS), 'off_topic'), note: z.optional(z.string().check(z.trim(), z.maxLength(500))) }), { reason: 'off_topic' }) },
  async ({ params, body, caller }) => rejectFromReview(signedInCaller(caller), params.id, body.reason, body.note),
);

/** Admin spec section 3, review stats: pending, high priority, published, the queue's average relevance. */
export const reviewStats = route({}, async () => {
  const [queue, counters] = await Promise.all([reviewQueueScores(), readCounters(COUNTER_SCOPES.articles)]);
  const relevance = queue.map((item) => item.relevanceScore ?? 0);
  return {
    pendingReview: queue.length,
    highPriority: queue.filter((item) => item.reviewPriority === 'HIGH').length,
    published: Math.max(0, counters['status#published'] ?? 0),
    avgRelevanceScore: relevance.length ? Math.round(relevance.reduce((a, b) => a + b, 0) / relevance.length) : null,
  };
});

export const reviewRoutes = {
  'GET /admin/review': reviewQueue,
  'GET /admin/review/stats': reviewStats,
  'POST /admin/review/{id}/approve': approveArticle,
  'POST /admin/review/{id}/reject': rejectArticle,
};
