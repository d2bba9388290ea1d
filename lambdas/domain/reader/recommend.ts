/**
 * "For You": content-based recommendations learned from what a reader liked, saved and read. Each article
 * is a TF-IDF vector over its title (counted twice), summary, tags and category; the reader's interest is
 * the weighted sum of the vectors of the articles they acted on; a candidate scores by cosine similarity to
 * that interest, with a little weight for freshness so a week-old perfect match does not bury today's news.
 */
import { words } from '../common/text.ts';

export interface RecommendableArticle {
  id: string;
  title: string;
  summary?: string | undefined;
  tags?: readonly string[] | undefined;
  category: string;
  /** ISO time the story was published. */
  publishedAt: string;
}

export type InteractionKind = 'like' | 'bookmark' | 'complete' | 'read';

export interface Interaction {
  article: RecommendableArticle;
  kind: InteractionKind;
}

/** How much each act says about a reader's interest. */
export const INTERACTION_WEIGHTS: Record<InteractionKind, number> = { like: 3, bookmark: 3, complete: 2, read: 1 };
export const RECOMMENDATIONS_KEPT = 20;
const SIMILARITY_WEIGHT = 0.85;
const FRESHNESS_HALF_LIFE_DAYS = 3;

type Vector = Map<string, number>;

function terms(article: RecommendableArticle): string[] {
  const title = words(article.title).filter((word) => word.length > 2);
  return [
    ...title,
    ...title,
    ...words(article.summary ?? '').filter((word) => word.length > 2),
    ...(article.tags ?? []).map((tag) => `tag:${tag.toLowerCase()}`),
    // The category is the strongest single signal a reader gives: it counts like several words.
    ...Array.from({ length: 4 }, () => `category:${article.category}`),
  ];
}

function normalise(vector: Vector): Vector {
  let norm = 0;
  for (const value of vector.values()) norm += value * value;
  norm = Math.sqrt(norm);
  if (norm > 0) for (const [term, value] of vector) vector.set(term, value / norm);
  return vector;
}

function cosine(a: Vector, b: Vector): number {
  const [small, large] = a.size < b.size ? [a, b] : [b, a];
  let sum = 0;
  for (const [term, value] of small) sum += value * (large.get(term) ?? 0);
  return sum;
}

export interface ScoredArticle {
  articleId: string;
  /** 0-100. */
  score: number;
}

/**
 * The best `limit` candidates for a reader, best first; articles the reader already acted on are left out.
 * Without any interaction there is nothing to learn from: the answer is empty (the feed falls back to the
 * reader's categories, then to the latest).
 */
export function recommend(interactions: readonly Interaction[], candidates: readonly RecommendableArticle[], now = new Date(), limit = RECOMMENDATIONS_KEPT): ScoredArticle[] {
  if (!interactions.length || !candidates.length) return [];
  const documents = new Map<string, string[]>();
  for (const article of [...candidates, ...interactions.map((interaction) => interaction.article)]) {
    if (!documents.has(article.id)) documents.set(article.id, terms(article));
  }
  const documentFrequency = new Map<string, number>();
  for (const list of documents.values()) for (const term of new Set(list)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const total = documents.size;
  const vectorOf = (id: string): Vector => {
    const vector: Vector = new Map();
    for (const term of documents.get(id) ?? []) vector.set(term, (vector.get(term) ?? 0) + 1);
    for (const [term, count] of vector) vector.set(term, count * (Math.log((total + 1) / ((documentFrequency.get(term) ?? 0) + 1)) + 1));
    return normalise(vector);
  };

  const interest: Vector = new Map();
  for (const { article, kind } of interactions) {
    for (const [term, value] of vectorOf(article.id)) interest.set(term, (interest.get(term) ?? 0) + value * INTERACTION_WEIGHTS[kind]);
  }
  normalise(interest);

  const seen = new Set(interactions.map((interaction) => interaction.article.id));
  const scored: ScoredArticle[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate.id)) continue;
    const ageDays = Math.max(0, (now.getTime() - Date.parse(candidate.publishedAt)) / 86_400_000);
    const freshness = Number.isFinite(ageDays) ? 0.5 ** (ageDays / FRESHNESS_HALF_LIFE_DAYS) : 0;
    const score = SIMILARITY_WEIGHT * cosine(interest, vectorOf(candidate.id)) + (1 - SIMILARITY_WEIGHT) * freshness;
    scored.push({ articleId: candidate.id, score: Math.round(score * 10_000) / 100 });
  }
  return scored.sort((a, b) => b.score - a.score || (a.articleId < b.articleId ? 1 : -1)).slice(0, limit);
}
