import storyIdf from './story-idf.json' with { type: 'json' };
import { words } from './text.ts';

/**
 * Story clustering: is a new item the same event as an earlier one from another publisher? TF-IDF cosine
 * over title and summary (IDF from the real-headline corpus, numbers weighted up because "45 %" or
 * "₹100 crore" names an event better than "creators" does), plus a small bonus for shared proper names
 * and shared figures, within a time window. Measured on 747 real pairs, about half of them hard negatives
 * (same subject, different event): weights tried on train + validation; the threshold is chosen on
 * validation (`npm run same-story-tune`): the best F1 among thresholds that join at most 1 in 2,000
 * cross-outlet pairs of on-beat headlines. A window holds hundreds of unrelated same-beat stories and a
 * false join hides a story's card, so that rate matters more than the last points of F1 on hard pairs
 * (0.32 gives validation F1 0.773 but joins 0.8 in 1,000 headline pairs). A learned pair model (logistic
 * regression over cosines of title and text, shared rare words, names and figures) was tried and left: on
 * the test split it did worse at its validation threshold (F1 0.59). F1 on test is reported by `npm run eval`.
 */
export const SAME_STORY_AT = 0.4;
/** Same events travel within days; items further apart are never one story. */
export const STORY_WINDOW_DAYS = 7;
const NUMBER_WEIGHT = 2;
const NAME_BONUS = 0.1;
const SHARED_FIGURE_BONUS = 0.05;
/** A word in more than this share of corpus documents is too common to name an event. */
const COMMON_NAME_SHARE = 0.02;

export const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or that the their this to was were will with what who how why new more after over about than but not can his her they he she we our you your said says also which been had up out one all just'.split(' '),
);

interface IdfTable {
  documents: number;
  /** Document frequency of the words seen at least twice in the corpus. */
  frequencies: Record<string, number>;
}
const idfTable = storyIdf as IdfTable;

export interface StoryText {
  title: string;
  summary?: string | null;
  /** ISO time the publisher gives; without it the window is not applied. */
  publishedAt?: string | null;
}

/** What the comparison needs of one story, computed once per item. */
export interface StoryProfile {
  weights: Map<string, number>;
  norm: number;
  names: Set<string>;
  figures: Set<string>;
  publishedAt: number | null;
}

const terms = (text: string) => words(text).filter((word) => !STOP_WORDS.has(word));
const frequency = (word: string) => idfTable.frequencies[word] ?? 0;
const idf = (word: string) => Math.log((idfTable.documents + 1) / (frequency(word) + 1)) + 1;

/** Words of capitalised runs not opening a sentence ("Ranveer Allahbadia", "SEBI"), rare in the corpus. */
function properNames(text: string): Set<string> {
  const runs = text.match(/(?<![.!?]\s|^)\b\p{Lu}[\p{L}]+(?:\s+\p{Lu}[\p{L}]+)*/gu) ?? [];
  return new Set(runs.flatMap(terms).filter((word) => frequency(word) < idfTable.documents * COMMON_NAME_SHARE));
}

/** Figures other than years ("45", "1000", "2.5"): two reports of one event usually quote the same one. */
function figures(text: string): Set<string> {
  const found = (text.match(/\d[\d,.]*/g) ?? []).map((figure) => figure.replace(/[,.]+$/, '').replace(/,/g, ''));
  return new Set(found.filter((figure) => !/^(19|20)\d\d$/.test(figure)));
}

export function storyProfile(story: StoryText): StoryProfile {
  const text = `${story.title} ${story.summary ?? ''}`;
  const weights = new Map<string, number>();
  for (const word of terms(text)) weights.set(word, (weights.get(word) ?? 0) + idf(word) * (/\d/.test(word) ? NUMBER_WEIGHT : 1));
  let squares = 0;
  for (const weight of weights.values()) squares += weight * weight;
  const publishedAt = story.publishedAt ? Date.parse(story.publishedAt) : Number.NaN;
  return { weights, norm: Math.sqrt(squares), names: properNames(text), figures: figures(text), publishedAt: Number.isNaN(publishedAt) ? null : publishedAt };
}

/** Similarity of two stories, 0 to 1; 0 when they are further apart in time than the window. */
export function storyScore(a: StoryProfile, b: StoryProfile): number {
  if (a.publishedAt !== null && b.publishedAt !== null && Math.abs(a.publishedAt - b.publishedAt) > STORY_WINDOW_DAYS * 86_400_000) return 0;
  if (!a.norm || !b.norm) return 0;
  let dot = 0;
  for (const [word, weight] of a.weights) dot += weight * (b.weights.get(word) ?? 0);
  const sharedNames = [...a.names].filter((name) => b.names.has(name)).length;
  const sharedFigure = [...a.figures].some((figure) => b.figures.has(figure));
  // Capped at 1 so that identical texts score 1 whatever names and figures they share.
  return Math.min(1, dot / (a.norm * b.norm) + (NAME_BONUS * Math.min(sharedNames, 3)) / 3 + (sharedFigure ? SHARED_FIGURE_BONUS : 0));
}

export function sameStory(a: StoryText, b: StoryText, threshold = SAME_STORY_AT): { same: boolean; score: number } {
  const score = storyScore(storyProfile(a), storyProfile(b));
  return { same: score >= threshold, score: Math.round(score * 1000) / 1000 };
}

/** The earlier story a new one belongs to: the best match at or above the threshold, else null. */
export function matchingStory<T extends { profile: StoryProfile }>(story: StoryProfile, earlier: readonly T[]): T | null {
  let best: { candidate: T; score: number } | null = null;
  for (const candidate of earlier) {
    const score = storyScore(story, candidate.profile);
    if (score >= SAME_STORY_AT && (!best || score > best.score)) best = { candidate, score };
  }
  return best?.candidate ?? null;
}
