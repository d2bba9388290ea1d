import { type CategorySlug } from '../content/categories.ts';
import { qualityScore } from '../content/quality.ts';
import { matchesOf, BLOCKLIST, type KeywordMatches } from './keywords.ts';
import { indiaEvidence, indiaRelevance, keywordMatches } from './india-evidence.ts';
import { predictHeadline, type HeadlineModel } from './model.ts';

export { LOW_QUALITY, OFF_TOPIC } from './model.ts';

export interface Classification {
  /** 0-100: the model's calibrated probability that the story is about creators. */
  relevanceScore: number;
  /** Probability the model gives its own answer (its category, or off-topic), 0-1. */
  mlConfidenceScore: number;
  /** The model's probability that the text is about creators, 0-100. */
  mlRelevanceScore: number;
  category: CategorySlug;
  /** The creator category the model finds likeliest, even for a story it doubts is about creators. */
  likeliestCategory: CategorySlug;
  keywordMatches: KeywordMatches;
  blocklistFlags: string[];
  indiaRelevance: number;
  qualityScore: number;
}

/**
 * Scores one article. Relevance is the model's calibrated probability that the story is about creators;
 * the keyword lists and the blocklist are features of the model, reported here for the console but no
 * longer overriding it (as an override, the blocklist held back on-beat stories that mention a "match"). A story the
 * model calls off-topic gets the general category, never a creator category by elimination.
 */
/** `url`: the article's address, when known (an India cue: a .in host or an India section). */
export function classify(model: HeadlineModel, input: { title: string; summary: string; indianSource: boolean; url?: string | null }): Classification {
  const { onBeat, categories } = predictHeadline(model, input.title, input.summary);
  const [bestCategory, categoryProbability] = Object.entries(categories).reduce((best, current) => (current[1] > best[1] ? current : best));
  const onTopic = onBeat >= 0.5;
  const confidence = onTopic ? categoryProbability : 1 - onBeat;
  const relevance = Math.round(100 * onBeat);
  const text = `${input.title} ${input.summary}`;
  const india = indiaEvidence(text, input.url);
  return {
    relevanceScore: relevance,
    mlConfidenceScore: Math.round(confidence * 1000) / 1000,
    mlRelevanceScore: relevance,
    category: onTopic ? (bestCategory as CategorySlug) : 'general',
    likeliestCategory: bestCategory as CategorySlug,
    keywordMatches: keywordMatches(text, india),
    blocklistFlags: matchesOf(BLOCKLIST, text),
    indiaRelevance: indiaRelevance(text, input.indianSource, india).score,
    qualityScore: qualityScore(confidence, relevance),
  };
}
