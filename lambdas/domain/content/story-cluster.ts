import storyIdf from '../../../data/story-idf.json' with { type: 'json' };
import { words } from '../common/text.ts';

/**
 * Since #38 the ingest joins reports by the same-event rule (topics/same-event.ts), which reads this file's
 * profile and cosine as its text-similarity part and adds entities, kinds of event and windows per kind;
 * `sameStory` and `matchingStory` below are the rule before it, which `npm run eval` still prints beside it.
 *
 * Story clustering: is a new item the same event as an earlier one from another publisher? TF-IDF cosine
 * over the stored text (title and summary opening; IDF from the real-headline corpus, numbers weighted up
 * because "45 %" or "₹100 crore" names an event better than "creators" does), plus a small bonus for
 * shared proper names and figures, within two days of each other. The weights are chosen by
 * `npm run same-story-tune` on the tuning part of 747 real pairs (same-event pairs against same-subject,
 * different-event pairs; split by event), reported on the held-out part: the best tuning F1 among weights
 * that join at most 1 in 2,000 cross-outlet pairs of unrelated on-beat headlines spread over the ingest's
 * seven days (a false join hides a story's card). Tried there and left at 0 by the tuning: a same-day
 * bonus, and penalties when both sides name people, quote figures or give a year and none agree. The
 * disagreement is 3-4 times as common in different-event pairs (names 31 % against 9 %, figures 21 % against
 * 6 %, years 4 pairs against 0), but most of those already score below the threshold, and a penalty lost
 * more same-event joins (rounded or converted figures, other people quoted) than it stopped false ones.
 * Narrowing the window from 7 days to 2 let the threshold fall from 0.40 to 0.32: held-out F1 0.681 ->
 * 0.795 (P 0.891 -> 0.889, R 0.551 -> 0.719). Reading only the title and the summary's opening (50 words:
 * tuning F1 0.743, against 0.735 for the whole text, 0.732 for 60 words; the threshold stays 0.32; held
 * out 0.795 -> 0.793, P 0.867, R 0.730), so a long feed description reads as the corpus measures. Not kept:
 * comparing words in their plain form (a light stemmer: held-out F1 0.805, but it joins same-subject
 * reports of different events, e.g. a caption-tool launch and a roundup of editing tools, 0.22 -> 0.54);
 * a penalty when both name a state or a country and none agree (tuned to 0, as the other penalties).
 */
export const SAME_STORY_AT = 0.32;
/** Same events travel within days (80 of 88 dated same-event pairs within 2, 4 of 69 different-event ones); items further apart are never one story. */
export const STORY_WINDOW_DAYS = 2;
export const NUMBER_WEIGHT = 2;
/** A word in more than this share of corpus documents is too common to name an event. */
const COMMON_NAME_SHARE = 0.02;

/** The rule's weights, in one place so `npm run same-story-tune` can try others on the tuning pairs. */
export interface StoryWeights {
  threshold: number;
  nameBonus: number;
  sharedFigureBonus: number;
  /** Added when both stories are dated within a day of each other (same-event reports mostly are). */
  sameDayBonus: number;
  /** Items dated further apart than this are never one story. */
  windowDays: number;
  /** Subtracted when both name rare people or things and share none of them. */
  namesDisagreePenalty: number;
  /** Subtracted when both quote figures (amounts, shares, counts) and share none. */
  figuresDisagreePenalty: number;
  /** Both give a year (or a quarter) and none agrees: a different year's report, a different quarter's results. */
  yearsDisagreePenalty: number;
  /** Both name a state or country and none agrees: a different state's law, another country's rules. */
  placesDisagreePenalty: number;
}

export const STORY_WEIGHTS: StoryWeights = {
  threshold: SAME_STORY_AT,
  nameBonus: 0.1,
  sharedFigureBonus: 0.05,
  sameDayBonus: 0,
  windowDays: STORY_WINDOW_DAYS,
  namesDisagreePenalty: 0,
  figuresDisagreePenalty: 0,
  yearsDisagreePenalty: 0,
  placesDisagreePenalty: 0,
};

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
  /** Years and quarters named ("year:2024", "quarter:q3"). */
  periods: Set<string>;
  /** States and countries named ("state:illinois", "country:uk"). */
  places: Set<string>;
  publishedAt: number | null;
}

/** The words story clustering compares (and story-idf.json counts): stop words out. */
export const storyTerms = (text: string) => words(text).filter((word) => !STOP_WORDS.has(word));
const terms = storyTerms;
const frequency = (word: string) => idfTable.frequencies[word] ?? 0;
/** A word's inverse document frequency in the headline corpus (rare words weigh more). */
export const idf = (word: string) => Math.log((idfTable.documents + 1) / (frequency(word) + 1)) + 1;

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

const QUARTERS: Record<string, string> = { first: 'q1', second: 'q2', third: 'q3', fourth: 'q4' };

/** Years and quarters ("FY24" and "2024" both read as 2024; "Q3" and "third quarter" as q3). */
function periods(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.matchAll(/\b(?:fy\s?)?((?:19|20)\d\d)\b|\bfy\s?(\d\d)\b/gi)) found.add(`year:${match[1] ?? `20${match[2]}`}`);
  for (const match of text.matchAll(/\bq([1-4])\b|\b(first|second|third|fourth)[-\s]quarter\b/gi)) found.add(`quarter:${match[1] ? `q${match[1]}` : (QUARTERS[(match[2] ?? '').toLowerCase()] ?? '')}`);
  return found;
}

/**
 * States and countries a policy or a report belongs to. A US state's law and another's, an Indian state's
 * rule and another's, or one country's rules and another's are different events however alike the words.
 */
export const PLACES = {
  state: [
    'alabama', 'alaska', 'arizona', 'arkansas', 'california', 'colorado', 'connecticut', 'delaware', 'florida', 'georgia', 'hawaii', 'idaho', 'illinois', 'indiana', 'iowa', 'kansas', 'kentucky',
    'louisiana', 'maine', 'maryland', 'massachusetts', 'michigan', 'minnesota', 'mississippi', 'missouri', 'montana', 'nebraska', 'nevada', 'new hampshire', 'new jersey', 'new mexico', 'new york',
    'north carolina', 'north dakota', 'ohio', 'oklahoma', 'oregon', 'pennsylvania', 'rhode island', 'south carolina', 'south dakota', 'tennessee', 'texas', 'utah', 'vermont', 'virginia', 'washington',
    'west virginia', 'wisconsin', 'wyoming',
    'maharashtra', 'karnataka', 'tamil nadu', 'kerala', 'telangana', 'andhra pradesh', 'gujarat', 'rajasthan', 'uttar pradesh', 'west bengal', 'punjab', 'haryana', 'bihar', 'odisha', 'assam', 'goa',
    'madhya pradesh', 'jharkhand', 'uttarakhand', 'himachal pradesh', 'chhattisgarh', 'kashmir', 'delhi',
  ],
  country: [
    'india', 'china', 'pakistan', 'bangladesh', 'indonesia', 'japan', 'korea', 'australia', 'canada', 'brazil', 'mexico', 'france', 'germany', 'italy', 'spain', 'uk', 'britain', 'ireland', 'russia',
    'nigeria', 'kenya', 'ghana', 'uae', 'dubai', 'saudi', 'singapore', 'malaysia', 'philippines', 'vietnam', 'thailand', 'denmark', 'norway', 'sweden', 'netherlands',
  ],
} as const;
const placeForms = Object.entries(PLACES).flatMap(([kind, names]) => names.map((place) => ({ place: `${kind}:${place}`, form: ` ${words(place).join(' ')} ` })));

/** The states and countries a text names (on word boundaries), as "state:illinois", "country:uk". */
function places(text: string): Set<string> {
  const padded = ` ${words(text).join(' ')} `;
  return new Set(placeForms.filter(({ form }) => padded.includes(form)).map(({ place }) => place));
}

/**
 * Both name a thing of one kind ("kind:value": a year, a quarter, a state, a country) and none of that kind
 * agree. Kinds are compared apart: "Q3 2024" and "Q2 2024" disagree on the quarter, a state and its
 * country do not disagree.
 */
function kindsDisagree(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const kindOf = (value: string) => value.slice(0, value.indexOf(':'));
  const ofKind = (set: ReadonlySet<string>, kind: string) => new Set([...set].filter((value) => kindOf(value) === kind));
  return [...new Set([...a].map(kindOf))].some((kind) => disjoint(ofKind(a, kind), ofKind(b, kind)));
}

/**
 * How much of a story clustering reads: the title and the summary's opening (the corpus's summaries are the
 * opening 25-45 words; a feed's description can run to hundreds, and the ingest passes title and summary
 * as one text).
 */
export const STORY_TEXT_WORDS = 50;

/** The text clustering reads of a story: its title and the summary's opening, STORY_TEXT_WORDS words in all. */
export function storyOpening(story: StoryText): string {
  return `${story.title} ${story.summary ?? ''}`.trim().split(/\s+/, STORY_TEXT_WORDS).join(' ');
}

export function storyProfile(story: StoryText): StoryProfile {
  const text = storyOpening(story);
  const weights = new Map<string, number>();
  for (const word of terms(text)) weights.set(word, (weights.get(word) ?? 0) + idf(word) * (/\d/.test(word) ? NUMBER_WEIGHT : 1));
  let squares = 0;
  for (const weight of weights.values()) squares += weight * weight;
  const publishedAt = story.publishedAt ? Date.parse(story.publishedAt) : Number.NaN;
  return { weights, norm: Math.sqrt(squares), names: properNames(text), figures: figures(text), periods: periods(text), places: places(text), publishedAt: Number.isNaN(publishedAt) ? null : publishedAt };
}

const disjoint = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size > 0 && b.size > 0 && ![...a].some((value) => b.has(value));

/** What the score reads of a pair of stories, computed once (the tuning tries many weights on it). */
export interface StoryEvidence {
  cosine: number;
  sharedNames: number;
  sharedFigure: boolean;
  /** null unless both are dated. */
  daysApart: number | null;
  namesDisagree: boolean;
  figuresDisagree: boolean;
  periodsDisagree: boolean;
  placesDisagree: boolean;
}

export function storyEvidence(a: StoryProfile, b: StoryProfile): StoryEvidence {
  let dot = 0;
  for (const [word, weight] of a.weights) dot += weight * (b.weights.get(word) ?? 0);
  return {
    cosine: a.norm && b.norm ? dot / (a.norm * b.norm) : 0,
    sharedNames: [...a.names].filter((name) => b.names.has(name)).length,
    sharedFigure: [...a.figures].some((figure) => b.figures.has(figure)),
    daysApart: a.publishedAt !== null && b.publishedAt !== null ? Math.abs(a.publishedAt - b.publishedAt) / 86_400_000 : null,
    namesDisagree: disjoint(a.names, b.names),
    figuresDisagree: disjoint(a.figures, b.figures),
    periodsDisagree: kindsDisagree(a.periods, b.periods),
    placesDisagree: kindsDisagree(a.places, b.places),
  };
}

/** The score of a pair's evidence under the given weights, 0 to 1. */
export function scoreOf(evidence: StoryEvidence, weights: StoryWeights = STORY_WEIGHTS): number {
  if ((evidence.daysApart !== null && evidence.daysApart > weights.windowDays) || !evidence.cosine) return 0;
  let score = evidence.cosine + (weights.nameBonus * Math.min(evidence.sharedNames, 3)) / 3 + (evidence.sharedFigure ? weights.sharedFigureBonus : 0);
  if (evidence.daysApart !== null && evidence.daysApart <= 1) score += weights.sameDayBonus;
  // Two reports that each name people, quote figures or give a year, but none of the same, are usually two events.
  if (evidence.namesDisagree) score -= weights.namesDisagreePenalty;
  if (evidence.figuresDisagree) score -= weights.figuresDisagreePenalty;
  if (evidence.periodsDisagree) score -= weights.yearsDisagreePenalty;
  if (evidence.placesDisagree) score -= weights.placesDisagreePenalty;
  // Capped at 1 so that identical texts score 1 whatever names and figures they share.
  return Math.max(0, Math.min(1, score));
}

/** Similarity of two stories, 0 to 1; 0 when they are further apart in time than the window. */
export function storyScore(a: StoryProfile, b: StoryProfile, weights: StoryWeights = STORY_WEIGHTS): number {
  return scoreOf(storyEvidence(a, b), weights);
}

export function sameStory(a: StoryText, b: StoryText, weights: StoryWeights = STORY_WEIGHTS): { same: boolean; score: number } {
  const score = storyScore(storyProfile(a), storyProfile(b), weights);
  return { same: score >= weights.threshold, score: Math.round(score * 1000) / 1000 };
}

/** The earlier story a new one belongs to: the best match at or above the threshold, else null. */
export function matchingStory<T extends { profile: StoryProfile }>(story: StoryProfile, earlier: readonly T[]): T | null {
  let best: { candidate: T; score: number } | null = null;
  for (const candidate of earlier) {
    const score = storyScore(story, candidate.profile);
    if (score >= STORY_WEIGHTS.threshold && (!best || score > best.score)) best = { candidate, score };
  }
  return best?.candidate ?? null;
}

/** The days of earlier stories the ingest compares a new one against. */
export const FEED_DAYS = 7;

/**
 * The share of unrelated story pairs the rule joins when their publication days fall uniformly over the
 * FEED_DAYS the ingest compares: P(gap <= d) = 1 - (1 - d / FEED_DAYS)^2, so 27 % are within a day (a
 * same-day bonus applies), the rest up to the window score without it, and none beyond the window join.
 * `evidence`: undated evidence of the pairs that could join (the others count only in `total`).
 */
export function unrelatedJoinRate(evidence: readonly StoryEvidence[], total: number, weights: StoryWeights = STORY_WEIGHTS): number {
  const within = (days: number) => 1 - (1 - Math.min(days, FEED_DAYS) / FEED_DAYS) ** 2;
  const joined = (daysApart: number) => evidence.filter((entry) => scoreOf({ ...entry, daysApart }, weights) >= weights.threshold).length / total;
  return within(1) * joined(0) + (within(weights.windowDays) - within(1)) * joined(Math.min(1.5, weights.windowDays));
}
