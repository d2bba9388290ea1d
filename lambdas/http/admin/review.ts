import * as z from '#domain/common/validation.ts';
import { OUTSIDE_REVIEW_QUEUE } from '#domain/content/article-status.ts';
import { CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { LOW_QUALITY, OFF_TOPIC } from '#domain/classifier/model.ts';
import { changeArticleStatus, getArticle, type ArticleItem } from '#store/articles.ts';
import { listReviewQueue } from '#store/article-lists.ts';
import { saveReviewLabel } from '#store/models.ts';
import { HttpError, notFound } from '#core/errors.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, limitParam, route } from '#platform/router.ts';
import { signedInCaller } from '#platform/auth.ts';
import { recordAudit } from '#store/audit.ts';
import { COUNTER_SCOPES, readCounters } from '#store/table/counters.ts';
import { reviewQueueScores } from '#store/read-models/console-metrics.ts';

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

async function pendingArticle(id: string): Promise<ArticleItem> {
  const article = await getArticle(id);
  if (!article) throw notFound('Article not found');
  if (article.adminStatus !== 'pending_review') throw new HttpError(409, 'This article is no longer in the review queue');
  return article;
}

/** The text the classifier learns from: the same title + summary it scored. */
const labelText = (article: ArticleItem) => `${article.title}. ${article.summary ?? ''}`;

/**
 * Approve: publish now, in the category the moderator confirms or corrects. The decision is kept as a
 * training label for the next retrain.
 */
export const approveArticle = route({ params, body: z._default(z.object({ category: z.optional(z.enum(CATEGORY_SLUGS)) }), {}) }, async ({ params, body, caller }) => {
  const article = await pendingArticle(params.id);
  const category = body.category ?? article.category;
  const at = new Date().toISOString();
  const changed = await changeArticleStatus(article, {
    status: 'published',
    category,
    at,
    set: { adminStatus: 'approved', reviewSort: OUTSIDE_REVIEW_QUEUE, publishedAt: at },
  });
  if (!changed) throw new HttpError(409, 'This article is no longer in the review queue');
  const who = signedInCaller(caller);
  await saveReviewLabel({ articleId: article.id, label: category, text: labelText(article), decidedBy: who.userId });
  await recordAudit(who, { action: 'review.approve', target: article.id, before: { status: article.status, category: article.category }, after: { status: 'published', category } });
  return { id: article.id, status: 'published', category };
});

/** Why a moderator rejects: off-topic teaches the classifier "off-topic"; low quality teaches it "on topic", no category. */
export const REJECT_REASONS = ['off_topic', 'low_quality'] as const;

/**
 * Reject (admin spec section 4: the reason recorded is "admin review rejection", here with the kind).
 * Both kinds become training labels, apart: an article on topic but badly written must not teach the
 * topic classifier that its subject is off-topic, so it is labelled low-quality (on topic, no category).
 */
export const rejectArticle = route(
  { params, body: z._default(z.object({ reason: z._default(z.enum(REJECT_REASONS), 'off_topic'), note: z.optional(z.string().check(z.trim(), z.maxLength(500))) }), { reason: 'off_topic' }) },
  async ({ params, body, caller }) => {
    const who = signedInCaller(caller);
    const article = await pendingArticle(params.id);
    const rejectionReason = `admin review rejection (${body.reason === 'off_topic' ? 'off-topic' : 'low quality'})`;
    const changed = await changeArticleStatus(article, {
      status: 'rejected',
      set: { adminStatus: 'rejected', reviewSort: OUTSIDE_REVIEW_QUEUE, rejectionReason },
    });
    if (!changed) throw new HttpError(409, 'This article is no longer in the review queue');
    await saveReviewLabel({ articleId: article.id, label: body.reason === 'off_topic' ? OFF_TOPIC : LOW_QUALITY, text: labelText(article), decidedBy: who.userId });
    await recordAudit(who, { action: 'review.reject', target: article.id, before: { status: article.status, adminStatus: article.adminStatus }, after: { status: 'rejected', adminStatus: 'rejected', rejectionReason, note: body.note } });
    return { id: article.id, status: 'rejected', reason: body.reason };
  },
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
