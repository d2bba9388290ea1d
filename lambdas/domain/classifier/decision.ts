import type { ReviewPriority } from '../article-status.ts';
import type { Classification } from './classify.ts';

/** Every threshold of the publish decision, in one place. */
export const DECISION_THRESHOLDS = {
  /** Publish without review at this relevance and confidence (the older app's publish-ready minConfidence 65). */
  autoPublishRelevance: 60,
  autoPublishConfidence: 0.65,
  /** Reject without review below the public minimum relevance. */
  autoRejectBelowRelevance: 30,
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
  if (result.relevanceScore < t.autoRejectBelowRelevance) {
    return { outcome: 'reject', reason: result.blocklistFlags.length ? `off-topic: ${result.blocklistFlags.join(', ')}` : 'low relevance' };
  }
  if (result.relevanceScore >= t.autoPublishRelevance && result.mlConfidenceScore >= t.autoPublishConfidence && !result.blocklistFlags.length) {
    return { outcome: 'publish' };
  }
  const priority = result.relevanceScore >= t.highPriorityRelevance ? 'HIGH' : result.relevanceScore >= t.mediumPriorityRelevance ? 'MEDIUM' : 'LOW';
  return { outcome: 'review', priority };
}
