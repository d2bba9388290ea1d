import { classify } from '#domain/classifier/classify.ts';
import { decide, decidedCategory, type Decision, type DecisionThresholds } from '#domain/classifier/decision.ts';
import { isHeadlineModel, type HeadlineModel } from '#domain/classifier/model.ts';
import { OUTSIDE_REVIEW_QUEUE, reviewSortKey } from '#domain/content/article-status.ts';
import type { CategorySlug } from '#domain/content/categories.ts';
import { fallbackImage } from '#domain/content/normalise.ts';
import { decisionThresholds } from '#domain/operations/settings.ts';
import { runtimeJson } from '#adapters/runtime-files.ts';
import type { ArticleItem } from '#store/articles.ts';
import { activeModelVersion, modelJsonOf } from '#store/models.ts';
import { currentSettings } from '#store/settings.ts';
import { CLASSIFIER_FILES } from '#stack/stack-description.ts';

const MODEL_CACHE_MS = 5 * 60_000;
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

/** What a decision needs besides the article: the model and the console's thresholds, read once per batch. */
export interface Classifier {
  model: HeadlineModel;
  version: string;
  thresholds: DecisionThresholds;
}

export async function currentClassifier(): Promise<Classifier> {
  const [{ model, version }, settings] = await Promise.all([currentModel(), currentSettings()]);
  return { model, version, thresholds: decisionThresholds(settings) };
}

/** The article fields a decision sets: its status, category, scores and where the console lists it. */
export type Decided = {
  outcome: Decision['outcome'];
  status: 'published' | 'draft' | 'rejected';
  category: CategorySlug;
  set: Partial<ArticleItem>;
};

/**
 * Scores one story and turns the decision into the article's fields (thresholds: the console's settings,
 * defaults in domain/classifier/decision.ts). The one rule behind a story classified as it is fetched and a
 * draft the backlog run classifies later.
 */
export function decideArticle(classifier: Classifier, article: { title: string; summary?: string | undefined; imageUrl?: string | undefined; sourceUrl?: string | undefined }, indianSource: boolean, at: string): Decided {
  const result = classify(classifier.model, { title: article.title, summary: article.summary ?? '', indianSource, url: article.sourceUrl ?? null });
  const decision = decide(result, classifier.thresholds);
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
  if (decision.outcome === 'publish') {
    return { outcome: 'publish', status: 'published', category, set: { ...scores, adminStatus: 'auto_approved', reviewSort: OUTSIDE_REVIEW_QUEUE, publishedAt: at } };
  }
  if (decision.outcome === 'review') {
    return {
      outcome: 'review',
      status: 'draft',
      category,
      set: { ...scores, adminStatus: 'pending_review', reviewPriority: decision.priority, reviewSort: reviewSortKey(decision.priority, result.relevanceScore, result.mlConfidenceScore) },
    };
  }
  return { outcome: 'reject', status: 'rejected', category, set: { ...scores, adminStatus: 'auto_rejected', reviewSort: OUTSIDE_REVIEW_QUEUE, rejectionReason: decision.reason } };
}
