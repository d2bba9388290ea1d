import type { Caller } from '#domain/common/caller.ts';
import { OUTSIDE_REVIEW_QUEUE } from '#domain/content/article-status.ts';
import type { CategorySlug } from '#domain/content/categories.ts';
import { LOW_QUALITY, OFF_TOPIC } from '#domain/classifier/model.ts';
import { recordAudit } from '#store/audit.ts';
import { changeArticleStatus, getArticle, type ArticleItem } from '#store/articles.ts';
import { saveReviewLabel } from '#store/models.ts';
import { HttpError, notFound } from '#core/errors.ts';

/**
 * A moderator's review decisions: the article leaves the queue (published or rejected), the decision is kept
 * as a training label for the next retrain, and it is audited. http/admin/review.ts validates and answers.
 */

/** Why a moderator rejects: off-topic teaches the classifier "off-topic"; low quality teaches it "on topic", no category. */
export const REJECT_REASONS = ['off_topic', 'low_quality'] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

const gone = () => new HttpError(409, 'This article is no longer in the review queue');

async function pendingArticle(id: string): Promise<ArticleItem> {
  const article = await getArticle(id);
  if (!article) throw notFound('Article not found');
  if (article.adminStatus !== 'pending_review') throw gone();
  return article;
}

/** The text the classifier learns from: the same title + summary it scored. */
const labelText = (article: ArticleItem) => `${article.title}. ${article.summary ?? ''}`;

/** Approve: publish now, in the category the moderator confirms or corrects (`category`, else the article's). */
export async function approveForPublication(who: Caller, id: string, chosen: CategorySlug | undefined) {
  const article = await pendingArticle(id);
  const category = chosen ?? article.category;
  const at = new Date().toISOString();
  const changed = await changeArticleStatus(article, {
    status: 'published',
    category,
    at,
    set: { adminStatus: 'approved', reviewSort: OUTSIDE_REVIEW_QUEUE, publishedAt: at },
  });
  if (!changed) throw gone();
  await saveReviewLabel({ articleId: article.id, label: category, text: labelText(article), decidedBy: who.userId });
  await recordAudit(who, { action: 'review.approve', target: article.id, before: { status: article.status, category: article.category }, after: { status: 'published', category } });
  return { id: article.id, status: 'published', category };
}

/**
 * Reject (admin spec section 4: the reason recorded is "admin review rejection", here with the kind).
 * Both kinds become training labels, apart: an article on topic but badly written must not teach the
 * topic classifier that its subject is off-topic, so it is labelled low-quality (on topic, no category).
 */
export async function rejectFromReview(who: Caller, id: string, reason: RejectReason, note: string | undefined) {
  const article = await pendingArticle(id);
  const rejectionReason = `admin review rejection (${reason === 'off_topic' ? 'off-topic' : 'low quality'})`;
  const changed = await changeArticleStatus(article, {
    status: 'rejected',
    set: { adminStatus: 'rejected', reviewSort: OUTSIDE_REVIEW_QUEUE, rejectionReason },
  });
  if (!changed) throw gone();
  await saveReviewLabel({ articleId: article.id, label: reason === 'off_topic' ? OFF_TOPIC : LOW_QUALITY, text: labelText(article), decidedBy: who.userId });
  await recordAudit(who, { action: 'review.reject', target: article.id, before: { status: article.status, adminStatus: article.adminStatus }, after: { status: 'rejected', adminStatus: 'rejected', rejectionReason, note } });
  return { id: article.id, status: 'rejected', reason };
}
