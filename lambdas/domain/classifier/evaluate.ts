import { createHash } from 'node:crypto';
import { classify, OFF_TOPIC } from './classify.ts';
import { INDIA_RELEVANT_AT } from '../content/badges.ts';
import type { CorpusHeadline } from './corpus.ts';
import { judgeHeadline, type HeadlineVerdict } from './headline.ts';
import type { HeadlineModel } from './model.ts';
import { DECISION_THRESHOLDS, type DecisionThresholds } from './decision.ts';
import { isOnBeatLabel, type HeadlineExample } from './train.ts';
import { seededRandom } from '../common/seeded-random.ts';

/** The label the model gives (for evaluation): off-topic, or its category. */
export function predictedLabel(model: HeadlineModel, example: { title: string; summary: string }): string {
  const result = classify(model, { title: example.title, summary: example.summary, indianSource: false });
  return result.category === 'general' ? OFF_TOPIC : result.category;
}

export interface Evaluation {
  /** Of the texts the model calls creator-related, the share that are. */
  precision: number;
  /** Of the creator-related texts, the share the model finds. */
  recall: number;
  /** Share of creator-related texts given the right category. */
  categoryAccuracy: number;
  /** Share of texts with exactly the right label. */
  accuracy: number;
  size: number;
}

export function evaluate(model: HeadlineModel, examples: readonly HeadlineExample[]): Evaluation {
  let truePositive = 0;
  let falsePositive = 0;
  let falseNegative = 0;
  let rightCategory = 0;
  let creatorTotal = 0;
  let exact = 0;
  for (const example of examples) {
    const { label } = example;
    const predicted = predictedLabel(model, example);
    if (predicted === label) exact += 1;
    const actualCreator = isOnBeatLabel(label);
    const predictedCreator = isOnBeatLabel(predicted);
    if (actualCreator && predictedCreator) truePositive += 1;
    if (!actualCreator && predictedCreator) falsePositive += 1;
    if (actualCreator && !predictedCreator) falseNegative += 1;
    if (actualCreator) {
      creatorTotal += 1;
      if (predicted === label) rightCategory += 1;
    }
  }
  const ratio = (a: number, b: number) => (b === 0 ? 0 : Math.round((a / b) * 1000) / 1000);
  return {
    precision: ratio(truePositive, truePositive + falsePositive),
    recall: ratio(truePositive, truePositive + falseNegative),
    categoryAccuracy: ratio(rightCategory, creatorTotal),
    accuracy: ratio(exact, examples.length),
    size: examples.length,
  };
}

/** A candidate replaces the current model only if it is at least as good on every measure that gates publishing. */
export function isAtLeastAsGood(candidate: Evaluation, current: Evaluation): boolean {
  return candidate.precision >= current.precision && candidate.recall >= current.recall && candidate.categoryAccuracy >= current.categoryAccuracy;
}

export type Split = 'train' | 'validation' | 'test';

/** Which side an outlet is on: 60 / 20 / 20 by a hash of its domain, the same on every run. */
export function splitOf(outlet: string): Split {
  const bucket = createHash('sha256').update(outlet.replace(/^www\./, '').toLowerCase()).digest().readUInt32BE(0) % 10;
  return bucket < 6 ? 'train' : bucket < 8 ? 'validation' : 'test';
}

/** 95 % Wilson score interval of a proportion. */
export function wilson(successes: number, total: number): { value: number; low: number; high: number } {
  if (!total) return { value: Number.NaN, low: Number.NaN, high: Number.NaN };
  const z = 1.96;
  const p = successes / total;
  const centre = (p + (z * z) / (2 * total)) / (1 + (z * z) / total);
  const half = (z * Math.sqrt((p * (1 - p)) / total + (z * z) / (4 * total * total))) / (1 + (z * z) / total);
  return { value: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * Corpus rows through exactly what the ingest runs (normalise, classify, decide), with their verdicts.
 * `withAddress`: the ingest knows each item's address (a feed item as it is stored); a headline alone does not.
 */
export function judgeCorpus(model: HeadlineModel, rows: readonly CorpusHeadline[], isIndianSource: (domain: string) => boolean, thresholds?: DecisionThresholds, withAddress = false) {
  return rows
    .map((row) => ({ row, verdict: judgeHeadline(model, { title: row.title, summary: row.summary, source: row.outlet, url: withAddress ? row.url : null }, isIndianSource, thresholds) }))
    .filter((entry): entry is { row: CorpusHeadline; verdict: HeadlineVerdict } => entry.verdict !== null);
}

/** Counts behind every figure of the corpus evaluation's table (successes / totals, for intervals). */
export function corpusFigures(judged: ReturnType<typeof judgeCorpus>) {
  const onBeat = judged.filter(({ row }) => row.label === 'on-beat');
  const published = judged.filter(({ verdict }) => verdict.decision === 'publish');
  const indiaTruth = onBeat.filter(({ row }) => row.india);
  const indiaPredicted = onBeat.filter(({ verdict }) => verdict.indiaRelevance >= INDIA_RELEVANT_AT);
  const count = (successes: number, total: number) => ({ successes, total, value: total ? successes / total : Number.NaN });
  return {
    publishPrecision: count(published.filter(({ row }) => row.label === 'on-beat').length, published.length),
    relevantNotRejected: count(onBeat.filter(({ verdict }) => verdict.decision !== 'reject').length, onBeat.length),
    relevantPublished: count(onBeat.filter(({ verdict }) => verdict.decision === 'publish').length, onBeat.length),
    categoryAccuracy: count(onBeat.filter(({ row, verdict }) => row.category === verdict.category).length, onBeat.length),
    indiaRecall: count(indiaTruth.filter(({ verdict }) => verdict.indiaRelevance >= INDIA_RELEVANT_AT).length, indiaTruth.length),
    indiaPrecision: count(indiaPredicted.filter(({ row }) => row.india).length, indiaPredicted.length),
  };
}

/** The decision thresholds a model chose on its own validation rows, with the shipped review priorities. */
export const thresholdsOf = (model: HeadlineModel): DecisionThresholds => ({ ...DECISION_THRESHOLDS, ...model.thresholds });

/** F1 of yes/no answers with a 95 % percentile bootstrap interval (seeded resamples of the cases). */
export function f1WithInterval(cases: ReadonlyArray<{ truth: boolean; said: boolean }>, resamples = 1000): { value: number; low: number; high: number; total: number } {
  const f1 = (sample: ReadonlyArray<{ truth: boolean; said: boolean }>) => {
    let [both, said, truth] = [0, 0, 0];
    for (const entry of sample) {
      if (entry.truth && entry.said) both += 1;
      if (entry.said) said += 1;
      if (entry.truth) truth += 1;
    }
    return said + truth ? (2 * both) / (said + truth) : 0;
  };
  if (!cases.length) return { value: Number.NaN, low: Number.NaN, high: Number.NaN, total: 0 };
  const random = seededRandom(95);
  const values = Array.from({ length: resamples }, () => f1(Array.from({ length: cases.length }, () => cases[Math.floor(random() * cases.length)]!))).sort((a, b) => a - b);
  return { value: f1(cases), low: values[Math.floor(0.025 * resamples)]!, high: values[Math.ceil(0.975 * resamples) - 1]!, total: cases.length };
}

/** India F1's cases: on-beat rows, India-specific or not, and whether the verdict calls them India-relevant. */
export const indiaCases = (judged: ReturnType<typeof judgeCorpus>) =>
  judged.filter(({ row }) => row.label === 'on-beat').map(({ row, verdict }) => ({ truth: row.india, said: verdict.indiaRelevance >= INDIA_RELEVANT_AT }));
