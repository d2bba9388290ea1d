import pLimit from 'p-limit';
import { classify } from '#domain/classifier/classify.ts';
import { decide, decidedCategory } from '#domain/classifier/decision.ts';
import { isHeadlineModel, type HeadlineModel } from '#domain/classifier/model.ts';
import { OUTSIDE_REVIEW_QUEUE, reviewSortKey } from '#domain/content/article-status.ts';
import { fallbackImage } from '#domain/content/normalise.ts';
import { changeArticleStatus, listUnclassifiedDrafts } from '#store/articles.ts';
import { getFeedSource } from '#store/feeds.ts';
import { activeModelVersion, modelJsonOf } from '#store/models.ts';
import { currentSettings } from '#store/settings.ts';
import { decisionThresholds } from '#domain/operations/settings.ts';
import { runtimeJson } from '#adapters/runtime-files.ts';
import { CLASSIFIER_FILES } from '#stack/stack-description.ts';

const MODEL_CACHE_MS = 5 * 60_000;
/** Status changes in flight at once. */
const WRITE_CONCURRENCY = 8;
let cached: { model: HeadlineModel; version: string; loadedAt: number } | undefined;

/**
 * The newest active trained model, else the one shipped with the code; cached for a few minutes per
 * container. A stored model of an older kind (the naive Bayes before the linear model) gives way to the shipped one.
 */
export async function currentModel(): Promise<{ model: HeadlineModel; version: string }> {
  if (cached && Date.now() - cached.loadedAt < MODEL_CACHE_MS) return cached;
  const stored = await activeModelVersion();
  const parsed: unknown = stored ? JSON.parse(modelJsonOf(stored.model)) : null;
  cached =
    stored && isHeadlineModel(parsed)
      ? { model: parsed, version: stored.version, loadedAt: Date.now() }
      : { model: runtimeJson<HeadlineModel>(CLASSIFIER_FILES.model), version: 'shipped', loadedAt: Date.now() };
  return cached;
}

export interface ClassifyStats {
  classified: number;
  published: number;
  queued: number;
  rejected: number;
  more: boolean;
  modelVersion: string;
}

/** Scores a batch of unclassified drafts and publishes, queues or rejects each (thresholds: the console's settings, defaults in domain/classifier/decision.ts). */
export async function classifyDrafts(batchSize: number, now = new Date()): Promise<ClassifyStats> {
  const { model, version } = await currentModel();
  const thresholds = decisionThresholds(await currentSettings());
  const drafts = await listUnclassifiedDrafts(batchSize);
  const indianFeeds = new Map<string, boolean>();
  const stats: ClassifyStats = { classified: 0, published: 0, queued: 0, rejected: 0, more: drafts.cursor !== null, modelVersion: version };
  for (const feedId of new Set(drafts.items.map((article) => article.feedId).filter((id): id is string => Boolean(id)))) {
    indianFeeds.set(feedId, (await getFeedSource(feedId))?.isIndian ?? false);
  }
  const limit = pLimit(WRITE_CONCURRENCY);
  const classifyOne = async (article: (typeof drafts.items)[number]) => {
    const result = classify(model, { title: article.title, summary: article.summary ?? '', indianSource: indianFeeds.get(article.feedId ?? '') ?? false });
    const decision = decide(result, thresholds);
    const at = now.toISOString();
    const category = decidedCategory(result, decision);
    const scores = {
      relevanceScore: result.relevanceScore,
      mlConfidenceScore: result.mlConfidenceScore,
      mlRelevanceScore: result.mlRelevanceScore,
      qualityScore: result.qualityScore,
      keywordMatches: result.keywordMatches,
      blocklistFlags: result.blocklistFlags,
      indiaRelevance: result.indiaRelevance,
      // The category fallback image follows the category the classifier chose.
      ...(article.imageUrl === fallbackImage('general') ? { imageUrl: fallbackImage(category) } : {}),
    };
    const change =
      decision.outcome === 'publish'
        ? { status: 'published' as const, set: { ...scores, adminStatus: 'auto_approved' as const, reviewSort: OUTSIDE_REVIEW_QUEUE, publishedAt: at } }
        : decision.outcome === 'review'
          ? { status: 'draft' as const, set: { ...scores, adminStatus: 'pending_review' as const, reviewPriority: decision.priority, reviewSort: reviewSortKey(decision.priority, result.relevanceScore, result.mlConfidenceScore) } }
          : { status: 'rejected' as const, set: { ...scores, adminStatus: 'auto_rejected' as const, reviewSort: OUTSIDE_REVIEW_QUEUE, rejectionReason: decision.reason } };
    if (await changeArticleStatus(article, { ...change, category, at })) {
      stats.classified += 1;
      if (decision.outcome === 'publish') stats.published += 1;
      if (decision.outcome === 'review') stats.queued += 1;
      if (decision.outcome === 'reject') stats.rejected += 1;
    }
  };
  await Promise.all(drafts.items.map((article) => limit(() => classifyOne(article))));
  return stats;
}
