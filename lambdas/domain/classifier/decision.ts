import type { ReviewPriority } from '../content/article-status.ts';
import type { Classification } from './classify.ts';
import type { CategorySlug } from '../content/categories.ts';

/**
 * Every threshold of the publish decision, in one place. The first three are the shipped model's, chosen
 * on the corpus's story split validation rows by `npm run train` (auto-publish precision >= 0.97, relevant
 * not rejected >= 0.97, headline alone and with summary); a unit test keeps them equal to model.json's.
 */
export const DECISION_THRESHOLDS = {
  /** Publish without review at this relevance (calibrated probability of on-beat, 0-100) and category confidence. */
  autoPublishRelevance: 87,
  autoPublishConfidence: 0,
  /** Reject without review below this relevance. */
  autoRejectBelowRelevance: 16,
  /** Review priority by relevance. */
  highPriorityRelevance: 70,
  mediumPriorityRelevance: 50,
} as const;

export type Decision =
  | { outcome: 'publish' }
  | { outcome: 'review'; priority: ReviewPriority }
  | { outcome: 'reject'; reason: string };

export type DecisionThresholds = { [K in keyof typeof DECISION_THRESHOLDS]: number };

/** The decision at the given thresholds (the console's settings; the constants above by default). */
export function decide(result: Classification, t: DecisionThresholds = DECISION_THRESHOLDS): Decision {
  // The blocklist only keeps a story from auto-publishing: the model, which learnt from real off-topic news
  // (weather, crime, sport, politics), decides what is rejected, so an on-beat story that mentions the police
  // or a tournament is not thrown away for the word.
  if (result.relevanceScore < t.autoRejectBelowRelevance) {
    return { outcome: 'reject', reason: result.blocklistFlags.length ? `off-topic: ${result.blocklistFlags.join(', ')}` : 'low relevance' };
  }
  if (result.relevanceScore >= t.autoPublishRelevance && result.mlConfidenceScore >= t.autoPublishConfidence && !result.blocklistFlags.length) {
    return { outcome: 'publish' };
  }
  const priority = result.relevanceScore >= t.highPriorityRelevance ? 'HIGH' : result.relevanceScore >= t.mediumPriorityRelevance ? 'MEDIUM' : 'LOW';
  return { outcome: 'review', priority };
}

/**
 * The category stored with a decision. A rejected story is general. A kept one gets the model's likeliest
 * creator category even when the model doubts it (a queued story below 50): the moderator who approves it
 * starts from that suggestion, not from "general".
 */
export function decidedCategory(result: Classification, decision: Decision): CategorySlug {
  return decision.outcome === 'reject' ? 'general' : result.likeliestCategory;
}
