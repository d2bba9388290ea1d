import { normaliseItem } from '../content/normalise.ts';
import { sameStory as sameStoryRule, storyEvidence, storyProfile, STORY_WEIGHTS, type StoryEvidence, type StoryWeights } from '../content/story-cluster.ts';
import { EVENT_WEIGHTS, eventEvidence, eventProfile, judgeEvidence, type EventEvidence, type EventJudgement, type EventWeights } from '../topics/same-event.ts';
import { classify } from './classify.ts';
import { decide, decidedCategory, DECISION_THRESHOLDS, type DecisionThresholds } from './decision.ts';
import type { HeadlineModel } from './model.ts';

/**
 * One headline through exactly what the ingest runs on a feed item: normalise (as a feed item of that
 * source), classify, decide. For `npm run classify`, the evaluation and anyone checking by hand.
 */
export interface HeadlineInput {
  title: string;
  summary?: string | null;
  /** The publisher's domain, e.g. "afaqs.com". */
  source?: string | null;
  /** The article's address, when known: a .in host or an India section in it is an India cue. */
  url?: string | null;
}

export interface HeadlineVerdict {
  decision: 'publish' | 'review' | 'reject';
  category: string;
  relevance: number;
  confidence: number;
  indiaRelevance: number;
  reason?: string;
}

const domainOf = (input: HeadlineInput) => (input.source ?? '').replace(/^www\./, '').trim() || 'example.invalid';

/** The headline as the ingest stores a feed item with that title and description. */
function normalised(input: HeadlineInput) {
  const domain = domainOf(input);
  return normaliseItem({ title: input.title, link: `https://${domain}/story`, content: input.summary ?? undefined }, { sourceName: domain, sourceDomain: domain });
}

/** `thresholds`: the shipped ones by default; a model trained for evaluation brings those it chose on its own validation rows. */
export function judgeHeadline(model: HeadlineModel, input: HeadlineInput, isIndianSource: (domain: string) => boolean, thresholds: DecisionThresholds = DECISION_THRESHOLDS): HeadlineVerdict | null {
  const domain = domainOf(input);
  const item = normalised(input);
  if (!item) return null;
  const result = classify(model, { title: item.title, summary: item.summary, indianSource: isIndianSource(domain), url: input.url ?? null });
  const decision = decide(result, thresholds);
  return {
    decision: decision.outcome,
    category: decidedCategory(result, decision),
    relevance: result.relevanceScore,
    confidence: result.mlConfidenceScore,
    indiaRelevance: result.indiaRelevance,
    ...(decision.outcome === 'reject' ? { reason: decision.reason } : {}),
  };
}

/** Whether two stories are the same event, by the ingest's story-clustering rule on the stored title and summary. */
export function sameStory(a: HeadlineInput & { publishedAt?: string | null }, b: HeadlineInput & { publishedAt?: string | null }, weights: StoryWeights = STORY_WEIGHTS): { same: boolean; score: number } | null {
  const [first, second] = [normalised(a), normalised(b)];
  if (!first || !second) return null;
  return sameStoryRule({ ...first, publishedAt: a.publishedAt ?? null }, { ...second, publishedAt: b.publishedAt ?? null }, weights);
}

/** What the same-story score reads of two stories stored as the ingest stores them (for tuning its weights). */
export function sameStoryEvidence(a: HeadlineInput & { publishedAt?: string | null }, b: HeadlineInput & { publishedAt?: string | null }): StoryEvidence | null {
  const [first, second] = [normalised(a), normalised(b)];
  if (!first || !second) return null;
  return storyEvidence(storyProfile({ ...first, publishedAt: a.publishedAt ?? null }), storyProfile({ ...second, publishedAt: b.publishedAt ?? null }));
}

/** The same-event rule's evidence on two stories stored as the ingest stores them (for tuning and evaluating it). */
export function sameEventEvidence(a: HeadlineInput & { publishedAt?: string | null }, b: HeadlineInput & { publishedAt?: string | null }): EventEvidence | null {
  const [first, second] = [normalised(a), normalised(b)];
  if (!first || !second) return null;
  return eventEvidence(eventProfile({ ...first, publishedAt: a.publishedAt ?? null }), eventProfile({ ...second, publishedAt: b.publishedAt ?? null }));
}

/**
 * Whether two stories report one event, by the ingest's same-event rule (topics/same-event.ts) on the stored
 * title and summary, and why: null when the ingest would drop one of them.
 */
export function sameEventOf(a: HeadlineInput & { publishedAt?: string | null }, b: HeadlineInput & { publishedAt?: string | null }, weights: EventWeights = EVENT_WEIGHTS): EventJudgement | null {
  const evidence = sameEventEvidence(a, b);
  return evidence ? judgeEvidence(evidence, weights) : null;
}
