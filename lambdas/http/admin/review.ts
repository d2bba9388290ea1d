import { z } from 'zod';
import { OUTSIDE_REVIEW_QUEUE } from '#domain/article-status.ts';
import { CATEGORY_SLUGS } from '#domain/categories.ts';
import { OFF_TOPIC } from '#domain/classifier/classify.ts';
import { changeArticleStatus, getArticle, listReviewQueue, type ArticleItem } from '#store/articles.ts';
import { saveReviewLabel } from '#store/models.ts';
import { HttpError, notFound } from '#shared/errors.ts';
import { cursorParam, limitParam, route } from '#shared/http.ts';

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
  const page = await listReviewQueue({ limit: query.limit, cursor: query.cursor });
  return { items: page.items.map(toQueueItem), cursor: page.cursor };
});

const params = z.object({ id: z.string().min(1).max(100) });

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
export const approveArticle = route({ params, body: z.object({ category: z.enum(CATEGORY_SLUGS).optional() }).default({}) }, async ({ params, body, caller }) => {
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
  await saveReviewLabel({ articleId: article.id, label: category, text: labelText(article), decidedBy: caller?.userId });
  return { id: article.id, status: 'published', category };
});

/** Reject (reason fixed as admin review rejection, admin spec section 4); a rejection teaches the model "off-topic". */
export const rejectArticle = route({ params }, async ({ params, caller }) => {
  const article = await pendingArticle(params.id);
  const changed = await changeArticleStatus(article, {
    status: 'rejected',
    set: { adminStatus: 'rejected', reviewSort: OUTSIDE_REVIEW_QUEUE, rejectionReason: 'admin review rejection' },
  });
  if (!changed) throw new HttpError(409, 'This article is no longer in the review queue');
  await saveReviewLabel({ articleId: article.id, label: OFF_TOPIC, text: labelText(article), decidedBy: caller?.userId });
  return { id: article.id, status: 'rejected' };
});
