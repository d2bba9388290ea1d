import { createHash } from 'node:crypto';
import { STOP_WORDS } from '../content/story-cluster.ts';
import { words } from '../common/text.ts';
import { fromCorpus, type CorpusHeadline } from './corpus.ts';
import type { HeadlineExample } from './train.ts';
import { splitOf, type Split } from './evaluate.ts';
import { tradeNeighbourWeights } from './negatives.ts';

/**
 * The corpus's evaluation splits. The outlet split (a hash of the domain) keeps an outlet on one side, but
 * one event reported by several outlets (syndicated or rewritten copies) still lands on both: the story
 * split keeps every row of one story on one side, and the time split tests on the newest months, as
 * production meets them. The final set, the newest stories, is outside every split: nothing is trained,
 * calibrated or thresholded on it (see the corpus README for when it was last looked at).
 */

/** Stories whose newest dated report is on or after this day form the final set. */
export const FINAL_FROM = '2025-04-01';
/** The time split: test on stories from here up to FINAL_FROM, validate on the months before. */
export const TIME_TEST_FROM = '2024-01-01';
export const TIME_VALIDATION_FROM = '2023-06-01';
/** Two titles sharing this share of their words (Jaccard) are copies of one story. */
export const SAME_TITLE_AT = 0.6;

export type Side = Split | 'final';
/** A side under the source-and-time split may also be `excluded`: a row or pair of an outlet a later side holds, read by nothing. */
export type SourceTimeSide = Side | 'excluded';
export type Scheme = 'outlet' | 'story' | 'time' | 'sourceTime';
export const SCHEMES: readonly Scheme[] = ['outlet', 'story', 'time', 'sourceTime'];
/** How eval names each scheme's column. */
export const SCHEME_NAMES: Record<Scheme, string> = { outlet: 'outlet split', story: 'story split', time: 'time split', sourceTime: 'source-and-time split' };
/** One outlet under its spellings ("www.afaqs.com", "Afaqs.com"). */
export const outletKey = (outlet: string) => outlet.replace(/^www\./, '').toLowerCase();
/** The split the shipped model (npm run train) learns and is thresholded on: the honest one, so eval's story column is the shipped model. */
export const SHIPPED_SCHEME: Scheme = 'story';

/** One side of a same-story.jsonl pair (only what the grouping reads). */
export interface PairSide {
  url: string;
  title: string | null;
  summary: string | null;
  outlet: string;
  publishedAt?: string | null;
}

/**
 * The headline an article's address spells ("/youtube-to-give-45-of-ad-revenue-to-shorts-creators-122547.html"
 * -> "youtube to give 45 of ad revenue to shorts creators"): the longest hyphenated segment of the path, with a
 * file ending, long numeric ids and short letter-digit hashes ("a88") left out; null under three words. The
 * headline corpus takes a title so where the page showed none (`titleFromSlug`), and the ingest always has a
 * headline: a pair side without one is read as the ingest would meet it.
 */
export function slugTitle(url: string): string | null {
  let pathname: string;
  try {
    pathname = new URL(url).pathname;
  } catch {
    return null;
  }
  const decode = (segment: string) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  };
  const segments = pathname
    .split('/')
    .map((segment) => decode(segment).replace(/\.(html?|php|aspx?|cms|ece)$/i, ''))
    .filter((segment) => /[-_]/.test(segment));
  const longest = segments.sort((x, y) => y.split(/[-_]+/).length - x.split(/[-_]+/).length)[0];
  if (!longest) return null;
  const id = (token: string) => /^\d{5,}$/.test(token) || (/\d/.test(token) && /[a-z]/i.test(token) && !/^(q[1-4]|fy\d\d|\d+(k|m|b|bn|cr|st|nd|rd|th|s|x|%))$/i.test(token));
  const tokens = longest.split(/[-_]+/).filter((token) => token && !id(token));
  return tokens.length >= 3 ? tokens.join(' ') : null;
}

/**
 * A pair side as the same-story rules read it: the printed headline, else (`slug`) the address's
 * (`slugTitle`), else the summary standing in as the title.
 */
export function pairStoryText(side: PairSide, slug = true): { title: string; summary: string | null; publishedAt: string | null } {
  const title = side.title ?? (slug ? slugTitle(side.url ?? '') : null);
  return { title: title ?? side.summary ?? '', summary: title ? side.summary : null, publishedAt: side.publishedAt ?? null };
}

export interface StoryPair {
  a: PairSide;
  b: PairSide;
  same: boolean;
  event?: string;
}

/** An address without scheme, www, query, fragment or trailing slash: one article under its variants. */
export const canonicalUrl = (url: string) =>
  url
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .replace(/\/amp$/, '');

/** The row's day: its printed date, else a year and month in its address ("/2023/09/"), else null. */
export function dateOf(row: { publishedAt?: string | null; url: string }): { day: string; from: 'printed' | 'url' } | null {
  if (row.publishedAt && /^\d{4}-\d\d/.test(row.publishedAt)) return { day: row.publishedAt.slice(0, 10), from: 'printed' };
  const hint = /\/((?:19|20)\d\d)[/-](0[1-9]|1[0-2])[/-]/.exec(row.url);
  return hint ? { day: `${hint[1]}-${hint[2]}-01`, from: 'url' } : null;
}

class UnionFind {
  private readonly parent: number[] = [];
  add(): number {
    this.parent.push(this.parent.length);
    return this.parent.length - 1;
  }
  find(node: number): number {
    let root = node;
    while (this.parent[root] !== root) root = this.parent[root] as number;
    while (this.parent[node] !== root) [node, this.parent[node]] = [this.parent[node] as number, root];
    return root;
  }
  union(a: number, b: number) {
    const [rootA, rootB] = [this.find(a), this.find(b)];
    if (rootA !== rootB) this.parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
  }
}

const titleWords = (title: string) => new Set(words(title).filter((word) => !STOP_WORDS.has(word)));

/** Word overlap of two titles (Jaccard); 0 below three shared words, so short generic titles stay apart. */
function titleOverlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const word of a) if (b.has(word)) shared += 1;
  return shared < 3 ? 0 : shared / (a.size + b.size - shared);
}

/**
 * Each row's story: rows are joined when they share a canonical address, a normalised title, a summary of
 * eight words or more, titles with SAME_TITLE_AT of their words (three at least) in common, or when the pairs file says
 * their articles report one event (same-event pairs, and pairs naming the same event). Returns a story
 * number per row (the smallest row index of its story).
 */
export function storyGroups(rows: readonly CorpusHeadline[], pairs: readonly StoryPair[] = []): number[] {
  const sets = new UnionFind();
  rows.forEach(() => sets.add());
  const byKey = new Map<string, number>();
  const join = (key: string, node: number) => {
    const earlier = byKey.get(key);
    if (earlier === undefined) byKey.set(key, node);
    else sets.union(earlier, node);
  };
  const titles = rows.map((row) => titleWords(row.title));
  rows.forEach((row, index) => {
    join(`url:${canonicalUrl(row.url)}`, index);
    join(`title:${[...titles[index]!].join(' ')}`, index);
    const summary = words(row.summary ?? '');
    if (summary.length >= 8) join(`summary:${summary.join(' ')}`, index);
  });
  // Near-identical titles: only rows sharing a word can be near, so compare through an index of words.
  const rowsWith = new Map<string, number[]>();
  titles.forEach((set, index) => set.forEach((word) => rowsWith.set(word, [...(rowsWith.get(word) ?? []), index])));
  titles.forEach((set, index) => {
    const candidates = new Set<number>();
    for (const word of set) for (const other of rowsWith.get(word) ?? []) if (other > index) candidates.add(other);
    for (const other of candidates) if (titleOverlap(set, titles[other]!) >= SAME_TITLE_AT) sets.union(index, other);
  });
  for (const pair of pairs) {
    if (!pair.same) continue;
    const [a, b] = [sets.add(), sets.add()];
    join(`url:${canonicalUrl(pair.a.url)}`, a);
    join(`url:${canonicalUrl(pair.b.url)}`, b);
    sets.union(a, b);
    if (pair.event) join(`event:${pair.event}`, a);
  }
  return rows.map((_, index) => sets.find(index));
}

const bucketOf = (key: string) => createHash('sha256').update(key).digest().readUInt32BE(0) % 10;

export interface CorpusSplits {
  /** Per row (same order as the rows), its side under each scheme; final rows are 'final' under all of them. */
  sides: Array<Record<Scheme, SourceTimeSide>>;
  story: number[];
  /** How the time split dated its rows. */
  dating: { printed: number; fromUrl: number; undated: number; undatedStoriesInTrain: number };
}

/**
 * The four splits. A story's date is its newest dated row's; the final set is every story dated on or
 * after FINAL_FROM. Story split: 60 / 20 / 20 by a hash of the story's first address. Time split: test from
 * TIME_TEST_FROM, validation from TIME_VALIDATION_FROM, train before; a story with no dated row trains
 * (it cannot be placed in time, and training on it leaks no tested story). Source-and-time split: the time
 * split's sides, then (as `sourceTimePairSplit` does for pairs) a validation row of an outlet with a test or
 * final row is excluded, and a train row of an outlet with a validation, test or final row too: the test
 * rows are the newest and come from outlets the model never saw, nor its thresholds.
 */
export function corpusSplits(rows: readonly CorpusHeadline[], pairs: readonly StoryPair[] = []): CorpusSplits {
  const story = storyGroups(rows, pairs);
  const newest = new Map<number, string>();
  const firstUrl = new Map<number, string>();
  const dating = { printed: 0, fromUrl: 0, undated: 0, undatedStoriesInTrain: 0 };
  rows.forEach((row, index) => {
    const group = story[index]!;
    if (!firstUrl.has(group)) firstUrl.set(group, canonicalUrl(row.url));
    const date = dateOf(row);
    if (!date) dating.undated += 1;
    else {
      if (date.from === 'printed') dating.printed += 1;
      else dating.fromUrl += 1;
      if (date.day > (newest.get(group) ?? '')) newest.set(group, date.day);
    }
  });
  const undatedStories = new Set(story.filter((group) => !newest.has(group)));
  dating.undatedStoriesInTrain = undatedStories.size;
  const sides = rows.map((row, index): Record<Scheme, SourceTimeSide> => {
    const group = story[index]!;
    const day = newest.get(group);
    if (day && day >= FINAL_FROM) return { outlet: 'final', story: 'final', time: 'final', sourceTime: 'final' };
    const bucket = bucketOf(`story:${firstUrl.get(group)}`);
    const time = !day || day < TIME_VALIDATION_FROM ? 'train' : day < TIME_TEST_FROM ? 'validation' : 'test';
    return { outlet: splitOf(row.outlet), story: bucket < 6 ? 'train' : bucket < 8 ? 'validation' : 'test', time, sourceTime: time };
  });
  const outletsOn = (wanted: readonly SourceTimeSide[]) => new Set(rows.flatMap((row, index) => (wanted.includes(sides[index]!.sourceTime) ? [outletKey(row.outlet)] : [])));
  const heldForTest = outletsOn(['test', 'final']);
  rows.forEach((row, index) => {
    if (sides[index]!.sourceTime === 'validation' && heldForTest.has(outletKey(row.outlet))) sides[index]!.sourceTime = 'excluded';
  });
  const heldForValidation = outletsOn(['validation', 'test', 'final']);
  rows.forEach((row, index) => {
    if (sides[index]!.sourceTime === 'train' && heldForValidation.has(outletKey(row.outlet))) sides[index]!.sourceTime = 'excluded';
  });
  return { sides, story, dating };
}

/** The rows of one side of a scheme. */
export function rowsOn<T>(rows: readonly T[], splits: CorpusSplits, scheme: Scheme, side: SourceTimeSide): T[] {
  return rows.filter((_, index) => splits.sides[index]![scheme] === side);
}

/**
 * Each pair's side under each scheme. Outlet: test when either outlet is on the test side, else validation
 * when either is there (as before). Story: pairs are grouped by event (articles joined by same-event pairs)
 * and a pair goes with the first of its two events, 60 / 20 / 20 by hash. Time: by the newer printed date
 * of its two articles, with the classifier's cut-off days; an undated pair is train. Source and time:
 * `sourceTimePairSplit`'s side. A pair from the final months is 'final' under every scheme.
 */
export function pairSplits(pairs: readonly StoryPair[]): Array<Record<Scheme, SourceTimeSide>> {
  const sourceTime = sourceTimePairSplit(pairs).sides;
  const sets = new UnionFind();
  const nodeOf = new Map<string, number>();
  const node = (url: string) => {
    const key = canonicalUrl(url);
    if (!nodeOf.has(key)) nodeOf.set(key, sets.add());
    return nodeOf.get(key)!;
  };
  for (const pair of pairs) if (pair.same) sets.union(node(pair.a.url), node(pair.b.url));
  const eventKey = new Map<number, string>();
  for (const [url, index] of [...nodeOf].sort(([a], [b]) => a.localeCompare(b))) if (!eventKey.has(sets.find(index))) eventKey.set(sets.find(index), url);
  return pairs.map((pair, index) => {
    const day = [pair.a.publishedAt, pair.b.publishedAt].filter((value): value is string => Boolean(value)).sort().at(-1)?.slice(0, 10);
    if (day && day >= FINAL_FROM) return { outlet: 'final', story: 'final', time: 'final', sourceTime: sourceTime[index]! };
    const outletSides = [splitOf(pair.a.outlet), splitOf(pair.b.outlet)];
    const events = [eventKey.get(sets.find(node(pair.a.url)))!, eventKey.get(sets.find(node(pair.b.url)))!].sort();
    const bucket = bucketOf(`event:${events[0]}`);
    return {
      outlet: outletSides.includes('test') ? 'test' : outletSides.includes('validation') ? 'validation' : 'train',
      story: bucket < 6 ? 'train' : bucket < 8 ? 'validation' : 'test',
      time: !day || day < TIME_VALIDATION_FROM ? 'train' : day < TIME_TEST_FROM ? 'validation' : 'test',
      sourceTime: sourceTime[index]!,
    };
  });
}

/** How much a trade-press neighbour counts as a negative in training (tradeNeighbourWeights). */
export const TRADE_NEIGHBOUR_WEIGHT = 2;

/**
 * What a model evaluated on a scheme learns from (train, its trade-press neighbours weighted as explicit
 * negatives) and is calibrated and thresholded on (validation, unweighted): never a final row.
 */
export function learningRows(rows: readonly CorpusHeadline[], splits: CorpusSplits, scheme: Scheme): { train: HeadlineExample[]; validation: HeadlineExample[] } {
  const train = rowsOn(rows, splits, scheme, 'train');
  const weights = tradeNeighbourWeights(train, TRADE_NEIGHBOUR_WEIGHT);
  return {
    train: train.map((row, index) => (weights[index] === 1 ? fromCorpus(row) : { ...fromCorpus(row), weight: weights[index] })),
    validation: rowsOn(rows, splits, scheme, 'validation').map(fromCorpus),
  };
}

/** Counts of one side of the source-and-time split (balanced: as many different-event pairs as same-event ones). */
export interface SourceTimeSplit {
  sides: SourceTimeSide[];
  /** Same-event and different-event pairs kept on each side, and those left out to balance it. */
  counts: Record<Side, { same: number; different: number; unbalanced: number }> & { excluded: number };
}

/** Both articles carry a printed publication time, as the ingest's stories always do (the rule's time window can then apply). */
export const datedOnBothSides = (pair: StoryPair) => Boolean(pair.a.publishedAt && pair.b.publishedAt);

/** A pair's day: the newer of its two articles' days (printed, else a year and month in the address). */
export const pairDay = (pair: StoryPair) => [dateOf(pair.a)?.day, dateOf(pair.b)?.day].filter((day): day is string => Boolean(day)).sort().at(-1) ?? null;

/**
 * The same-story pairs split by source AND time, the split that cannot flatter a rule tuned on the rest:
 * - final: pairs dated on or after FINAL_FROM (never read unless `--final`);
 * - test: pairs dated from TIME_TEST_FROM up to FINAL_FROM (the newest before the final set);
 * - validation: pairs dated from TIME_VALIDATION_FROM up to TIME_TEST_FROM that share no outlet with test or final;
 * - train: older or undated pairs that share no outlet with validation, test or final;
 * - excluded: any other pair (an outlet of a newer side), so no outlet of a side is seen by the sides tuned before it.
 * Each side is then balanced: the larger of its same-event and same-subject different-event groups keeps as
 * many pairs as the smaller, chosen by a hash of the pair's addresses (the rest become `excluded` and are
 * counted as `unbalanced`), so a precision measured there is not moved by the corpus's mix.
 */
export function sourceTimePairSplit(pairs: readonly StoryPair[]): SourceTimeSplit {
  const outletsOf = (pair: StoryPair) => [pair.a.outlet, pair.b.outlet].map(outletKey);
  const days = pairs.map(pairDay);
  const sides: SourceTimeSide[] = days.map((day) => (day && day >= FINAL_FROM ? 'final' : day && day >= TIME_TEST_FROM ? 'test' : 'train'));
  const held = new Set(pairs.flatMap((pair, index) => (sides[index] === 'final' || sides[index] === 'test' ? outletsOf(pair) : [])));
  pairs.forEach((pair, index) => {
    if (sides[index] !== 'train') return;
    if (outletsOf(pair).some((outlet) => held.has(outlet))) sides[index] = 'excluded';
    else if ((days[index] ?? '') >= TIME_VALIDATION_FROM) sides[index] = 'validation';
  });
  const validationOutlets = new Set(pairs.flatMap((pair, index) => (sides[index] === 'validation' ? outletsOf(pair) : [])));
  pairs.forEach((pair, index) => {
    if (sides[index] === 'train' && outletsOf(pair).some((outlet) => validationOutlets.has(outlet))) sides[index] = 'excluded';
  });
  const counts = { train: { same: 0, different: 0, unbalanced: 0 }, validation: { same: 0, different: 0, unbalanced: 0 }, test: { same: 0, different: 0, unbalanced: 0 }, final: { same: 0, different: 0, unbalanced: 0 }, excluded: 0 };
  for (const side of ['train', 'validation', 'test', 'final'] as const) {
    const on = pairs.map((pair, index) => ({ pair, index })).filter(({ index }) => sides[index] === side);
    const same = on.filter(({ pair }) => pair.same);
    const different = on.filter(({ pair }) => !pair.same);
    const keep = Math.min(same.length, different.length);
    const larger = same.length > different.length ? same : different;
    const order = [...larger].sort((x, y) => createHash('sha256').update(`${x.pair.a.url}|${x.pair.b.url}`).digest('hex').localeCompare(createHash('sha256').update(`${y.pair.a.url}|${y.pair.b.url}`).digest('hex')));
    for (const { index } of order.slice(keep)) sides[index] = 'excluded';
    counts[side] = { same: keep, different: keep, unbalanced: larger.length - keep };
  }
  counts.excluded = sides.filter((side) => side === 'excluded').length;
  return { sides, counts };
}
