import { features, words } from '../common/text.ts';
import { seededRandom } from '../common/seeded-random.ts';
import { BLOCKLIST, matchesOf, PRIMARY_KEYWORDS, SECONDARY_KEYWORDS } from './keywords.ts';
import { lexiconFeatures } from './lexicon.ts';

/**
 * The pieces of the headline model: hashed text features, softmax regression trained by SGD, Platt
 * scaling and compact weights. Written here (about 150 lines, unit-tested) because the JS libraries for
 * linear models either want dense matrices (ml-logistic-regression: 2,000 x 16,384 floats) or are
 * unmaintained; hashing keeps the model file a fixed, small size whatever the vocabulary.
 */

/** A sparse feature vector: bucket -> value, L2-normalised. */
export type SparseVector = Map<number, number>;

export interface FeatureOptions {
  /** log2 of the number of hash buckets. */
  bits: number;
  /** Character n-gram sizes taken inside each word (with word boundaries marked). */
  charSizes: readonly number[];
  /** Weight of the summary's features against the title's (1). */
  summaryWeight: number;
  /** Character n-grams of the summary too (a feed's description can run to hundreds of words). */
  summaryCharacters: boolean;
  /** Weight of the domain lexicon's group features (lexicon.ts); absent or 0 in models trained before it. */
  lexiconWeight?: number;
}

/** How much of a summary the model reads. */
export const SUMMARY_WORDS = 50;

/**
 * lexiconWeight 2: chosen on the story split's validation rows (headline alone, category heads on train rows
 * only): relevant auto-published at the chosen thresholds 0.645 -> 0.672, category 0.699 -> 0.710, area
 * under the relevance curve 0.951 -> 0.953; 3 and 4 published a little more and categorised worse.
 */
export const DEFAULT_FEATURES: FeatureOptions = { bits: 14, charSizes: [3, 4, 5], summaryWeight: 0.5, summaryCharacters: true, lexiconWeight: 2 };

const FNV_OFFSET = 0x811c9dc5;

/** FNV-1a state after text[start, end), continuing from `state`: lets n-grams be hashed without making strings. */
function hashFrom(state: number, text: string, start: number, end: number): number {
  let value = state;
  for (let index = start; index < end; index += 1) {
    value ^= text.charCodeAt(index);
    value = Math.imul(value, 0x01000193);
  }
  return value;
}

/** FNV-1a, 32 bits: fast, stable across runs and platforms. */
export const hash = (text: string): number => hashFrom(FNV_OFFSET, text, 0, text.length) >>> 0;

/** Hashed features of one text: words and word pairs, then character n-grams inside each word ("<word>"). */
function textFeatures(text: string, prefix: string, sizes: readonly number[], emit: (hashed: number) => void) {
  for (const feature of features(text)) emit(hash(`${prefix}w:${feature}`));
  const gramState = hashFrom(FNV_OFFSET, `${prefix}c:`, 0, prefix.length + 2);
  for (const word of words(text)) {
    const marked = `<${word}>`;
    for (const size of sizes) for (let start = 0; start + size <= marked.length; start += 1) emit(hashFrom(gramState, marked, start, start + size) >>> 0);
  }
}

/**
 * The part of a summary the model reads. The corpus's summaries are the opening 25-45 words: a longer feed
 * description is read as far as that. An item without a description is stored with its title as summary
 * (normaliseItem): that is no summary.
 */
export function summaryOpening(title: string, summary: string): string {
  return summary.trim() === title.trim() ? '' : summary.split(/\s+/, SUMMARY_WORDS).join(' ');
}

/**
 * Features of a headline: word unigrams and bigrams and character n-grams of the title and (weighted
 * down) the summary, plus the keyword lists as features (each phrase found, and how many of each list),
 * so the model learns how much a keyword is worth instead of a fixed override deciding.
 */
export function featurise(title: string, summary: string, options: FeatureOptions = DEFAULT_FEATURES): SparseVector {
  const size = 2 ** options.bits;
  const vector: SparseVector = new Map();
  const addHashed = (hashed: number, value: number) => {
    const bucket = hashed % size;
    vector.set(bucket, (vector.get(bucket) ?? 0) + value);
  };
  const add = (name: string, value: number) => addHashed(hash(name), value);
  textFeatures(title, '', options.charSizes, (hashed) => addHashed(hashed, 1));
  const opening = summaryOpening(title, summary);
  if (opening && options.summaryWeight > 0) textFeatures(opening, 's', options.summaryCharacters ? options.charSizes : [], (hashed) => addHashed(hashed, options.summaryWeight));
  const both = `${title} ${summary}`;
  const lists = { primary: PRIMARY_KEYWORDS, secondary: SECONDARY_KEYWORDS, block: BLOCKLIST } as const;
  for (const [list, phrases] of Object.entries(lists)) {
    const found = matchesOf(phrases, both);
    for (const phrase of found) add(`k:${list}:${phrase}`, 2);
    add(`k:${list}:count:${Math.min(found.length, 3)}`, 3);
  }
  const lexiconWeight = options.lexiconWeight ?? 0;
  if (lexiconWeight > 0) {
    for (const [name, value] of lexiconFeatures(title)) add(name, lexiconWeight * value);
    if (opening) for (const [name, value] of lexiconFeatures(opening)) add(`s${name}`, lexiconWeight * options.summaryWeight * value);
  }
  add('bias', 1);
  const norm = Math.sqrt([...vector.values()].reduce((sum, value) => sum + value * value, 0));
  for (const [bucket, value] of vector) vector.set(bucket, value / norm);
  return vector;
}

export interface TrainingRow {
  vector: SparseVector;
  /** Index of the class. */
  target: number;
  weight?: number;
}

export interface SgdOptions {
  epochs: number;
  learningRate: number;
  /** L2 penalty per example. */
  l2: number;
  seed: number;
  /** Weight each class by the inverse of its share, so a thin class is not drowned by the big ones. */
  balanced: boolean;
}

export const DEFAULT_SGD: SgdOptions = { epochs: 30, learningRate: 0.5, l2: 1e-5, seed: 14, balanced: true };

export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let index = out.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [out[index], out[other]] = [out[other] as T, out[index] as T];
  }
  return out;
}

/** Raw class scores (logits) of one vector. */
export function scores(weights: readonly Float32Array[], vector: SparseVector): number[] {
  return weights.map((row) => {
    let sum = 0;
    for (const [bucket, value] of vector) sum += (row[bucket] ?? 0) * value;
    return sum;
  });
}

export function softmax(logits: readonly number[]): number[] {
  const max = Math.max(...logits);
  const exp = logits.map((logit) => Math.exp(logit - max));
  const total = exp.reduce((a, b) => a + b, 0);
  return exp.map((value) => value / total);
}

/**
 * Multinomial logistic regression by plain SGD on the cross-entropy (a learning rate decaying as
 * 1/sqrt(step), L2 shrink of the weights each example touches).
 */
export async function trainSoftmax(rows: readonly TrainingRow[], classes: number, dimension: number, options: SgdOptions = DEFAULT_SGD): Promise<Float32Array[]> {
  const weights = Array.from({ length: classes }, () => new Float32Array(dimension));
  const counts = new Array<number>(classes).fill(0);
  for (const row of rows) counts[row.target] = (counts[row.target] ?? 0) + 1;
  const balance = counts.map((count) => (!options.balanced ? 1 : count ? rows.length / (classes * count) : 0));
  // Parallel typed arrays: iterating a Map in the inner loop is ten times slower.
  const dense = rows.map((row) => ({ buckets: Int32Array.from(row.vector.keys()), values: Float64Array.from(row.vector.values()), target: row.target, weight: (row.weight ?? 1) * (balance[row.target] ?? 1) }));
  const random = seededRandom(options.seed);
  const logits = new Array<number>(classes).fill(0);
  let step = 0;
  for (let epoch = 0; epoch < options.epochs; epoch += 1) {
    // Training takes seconds: give the event loop a turn each epoch (a stop request, other work in the process).
    await new Promise((resolve) => setImmediate(resolve));
    for (const row of shuffled(dense, random)) {
      step += 1;
      const rate = options.learningRate / Math.sqrt(1 + step / rows.length);
      for (let label = 0; label < classes; label += 1) {
        const vector = weights[label] as Float32Array;
        let sum = 0;
        for (let index = 0; index < row.buckets.length; index += 1) sum += (vector[row.buckets[index] as number] as number) * (row.values[index] as number);
        logits[label] = sum;
      }
      const probabilities = softmax(logits);
      for (let label = 0; label < classes; label += 1) {
        const gradient = ((probabilities[label] as number) - (label === row.target ? 1 : 0)) * row.weight;
        const vector = weights[label] as Float32Array;
        const shrink = 1 - rate * options.l2;
        for (let index = 0; index < row.buckets.length; index += 1) {
          const bucket = row.buckets[index] as number;
          vector[bucket] = (vector[bucket] as number) * shrink - rate * gradient * (row.values[index] as number);
        }
      }
    }
  }
  return weights;
}

/** Platt scaling: p = sigmoid(a * score + b) fitted by Newton's method on (score, outcome) pairs. */
export function fitPlatt(points: ReadonlyArray<{ score: number; positive: boolean }>): { a: number; b: number } {
  // Platt's smoothed targets keep a separable set from driving a to infinity.
  const positives = points.filter((point) => point.positive).length;
  const high = (positives + 1) / (positives + 2);
  const low = 1 / (points.length - positives + 2);
  const loss = (a: number, b: number) => {
    let total = 0;
    for (const { score, positive } of points) {
      const target = positive ? high : low;
      const margin = a * score + b;
      // Cross-entropy against the smoothed target, written to stay finite for large margins.
      total += Math.max(margin, 0) - margin * target + Math.log1p(Math.exp(-Math.abs(margin)));
    }
    return total;
  };
  let a = 1;
  let b = 0;
  for (let iteration = 0; iteration < 100; iteration += 1) {
    let [ga, gb, haa, hab, hbb] = [0, 0, 1e-9, 0, 1e-9];
    for (const { score, positive } of points) {
      const p = sigmoid(a * score + b);
      const error = p - (positive ? high : low);
      const curvature = p * (1 - p);
      ga += error * score;
      gb += error;
      haa += curvature * score * score;
      hab += curvature * score;
      hbb += curvature;
    }
    const determinant = haa * hbb - hab * hab;
    let da = (hbb * ga - hab * gb) / determinant;
    let db = (haa * gb - hab * ga) / determinant;
    // A full Newton step can overshoot when the scores nearly separate the classes (it diverged to a ~ 1e12 on
    // one split): halve it until the loss does not rise.
    const before = loss(a, b);
    while (loss(a - da, b - db) > before && Math.abs(da) + Math.abs(db) > 1e-12) [da, db] = [da / 2, db / 2];
    a -= da;
    b -= db;
    if (Math.abs(da) + Math.abs(db) < 1e-9) break;
  }
  return { a, b };
}

export const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/** Weights as 8-bit integers with one scale per class, base64: a quarter of float32, no measured loss. */
export interface PackedWeights {
  scales: number[];
  data: string;
}

export function pack(weights: readonly Float32Array[]): PackedWeights {
  const dimension = weights[0]?.length ?? 0;
  const bytes = new Int8Array(weights.length * dimension);
  const scales = weights.map((row, label) => {
    // Quantise with the scale as stored, so unpacking is within half a step.
    const scale = Number((row.reduce((largest, value) => Math.max(largest, Math.abs(value)), 1e-12) / 127).toPrecision(6));
    row.forEach((value, bucket) => (bytes[label * dimension + bucket] = Math.max(-127, Math.min(127, Math.round(value / scale)))));
    return scale;
  });
  return { scales, data: Buffer.from(bytes.buffer).toString('base64') };
}

export function unpack(packed: PackedWeights): Float32Array[] {
  const bytes = new Int8Array(Buffer.from(packed.data, 'base64'));
  const dimension = bytes.length / packed.scales.length;
  return packed.scales.map((scale, label) => Float32Array.from(bytes.subarray(label * dimension, (label + 1) * dimension), (value) => value * scale));
}
