import { createHash } from 'node:crypto';
import { OFF_TOPIC, predictedLabel } from './classify.ts';
import type { LabelledText, NaiveBayesModel } from './naive-bayes.ts';

/** Creator-related labels: what the product publishes (general business news and off-topic are not). */
const isCreatorLabel = (label: string) => label !== OFF_TOPIC && label !== 'general';

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

export function evaluate(model: NaiveBayesModel, examples: readonly LabelledText[]): Evaluation {
  let truePositive = 0;
  let falsePositive = 0;
  let falseNegative = 0;
  let rightCategory = 0;
  let creatorTotal = 0;
  let exact = 0;
  for (const { label, text } of examples) {
    const predicted = predictedLabel(model, text);
    if (predicted === label) exact += 1;
    const actualCreator = isCreatorLabel(label);
    const predictedCreator = isCreatorLabel(predicted);
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
