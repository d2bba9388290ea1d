import { CATEGORY_SLUGS, type CategorySlug } from '../categories.ts';
import { qualityScore } from '../quality.ts';
import { indiaRelevance, keywordMatches, matchesOf, BLOCKLIST, type KeywordMatches } from './keywords.ts';
import { predict, type NaiveBayesModel } from './naive-bayes.ts';

/** The label the model gives to text the product does not cover at all. */
export const OFF_TOPIC = 'off-topic';
/** Categories whose articles are about creators and influencer marketing (general is not). */
const CREATOR_CATEGORIES: readonly CategorySlug[] = CATEGORY_SLUGS.filter((slug) => slug !== 'general');

export interface Classification {
  /** 0-100 */
  relevanceScore: number;
  /** Probability the model gives its own answer, 0-1. */
  mlConfidenceScore: number;
  /** The model's probability that the text is about creators, 0-100. */
  mlRelevanceScore: number;
  category: CategorySlug;
  keywordMatches: KeywordMatches;
  blocklistFlags: string[];
  indiaRelevance: number;
  qualityScore: number;
}

/**
 * Scores one article. Relevance blends the model's probability that the text is about creators (70%)
 * with keyword evidence (30%: a primary keyword counts double a secondary one, five points fill it);
 * blocklisted subjects without any primary keyword cap relevance at 20, so politics and cricket never
 * pass. Quality follows the spec formula from confidence and relevance.
 */
export function classify(model: NaiveBayesModel, input: { title: string; summary: string; indianSource: boolean }): Classification {
  const text = `${input.title}. ${input.title}. ${input.summary}`;
  const posterior = predict(model, text);
  const pCreator = CREATOR_CATEGORIES.reduce((sum, slug) => sum + (posterior[slug] ?? 0), 0);
  const matches = keywordMatches(`${input.title} ${input.summary}`);
  const blocklistFlags = matchesOf(BLOCKLIST, `${input.title} ${input.summary}`);
  const keywordEvidence = Math.min(1, (2 * matches.primary.length + matches.secondary.length) / 5);
  let relevance = Math.round(100 * (0.7 * pCreator + 0.3 * keywordEvidence));
  if (blocklistFlags.length && !matches.primary.length) relevance = Math.min(relevance, 20);

  const categoryScores = CATEGORY_SLUGS.map((slug) => [slug, posterior[slug] ?? 0] as const);
  const [category] = categoryScores.reduce((best, current) => (current[1] > best[1] ? current : best));
  const confidence = Math.max(...Object.values(posterior));
  return {
    relevanceScore: relevance,
    mlConfidenceScore: Math.round(confidence * 1000) / 1000,
    mlRelevanceScore: Math.round(pCreator * 100),
    category,
    keywordMatches: matches,
    blocklistFlags,
    indiaRelevance: indiaRelevance(`${input.title} ${input.summary}`, input.indianSource).score,
    qualityScore: qualityScore(confidence, relevance),
  };
}

/** The label the model would give (for evaluation): off-topic, or the best category. */
export function predictedLabel(model: NaiveBayesModel, text: string): string {
  const posterior = predict(model, text);
  return Object.entries(posterior).reduce((best, current) => (current[1] > best[1] ? current : best))[0];
}
