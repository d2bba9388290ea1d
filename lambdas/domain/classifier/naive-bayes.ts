import { features } from '../text.ts';

/**
 * Multinomial naive Bayes over word and word-pair counts, with add-one smoothing. Chosen because it
 * learns well from a few hundred labelled headlines, trains in milliseconds (so retraining from review
 * decisions is cheap), gives class probabilities to use as confidence, and serialises to plain JSON.
 * It is about 40 lines; the npm libraries that offer it either pull in database drivers (natural) or
 * are barely maintained, so it is written here.
 */
export interface NaiveBayesModel {
  kind: 'multinomial-naive-bayes';
  labels: string[];
  /** log P(label) */
  priors: Record<string, number>;
  /** per label: feature -> count */
  counts: Record<string, Record<string, number>>;
  totals: Record<string, number>;
  vocabularySize: number;
}

export interface LabelledText {
  label: string;
  text: string;
}

export function train(examples: readonly LabelledText[]): NaiveBayesModel {
  const labels = [...new Set(examples.map((example) => example.label))].sort();
  const counts: Record<string, Record<string, number>> = Object.fromEntries(labels.map((label) => [label, {}]));
  const totals: Record<string, number> = Object.fromEntries(labels.map((label) => [label, 0]));
  const vocabulary = new Set<string>();
  for (const { label, text } of examples) {
    const bag = counts[label] as Record<string, number>;
    for (const feature of features(text)) {
      bag[feature] = (bag[feature] ?? 0) + 1;
      totals[label] = (totals[label] ?? 0) + 1;
      vocabulary.add(feature);
    }
  }
  const priors = Object.fromEntries(labels.map((label) => [label, Math.log(examples.filter((e) => e.label === label).length / examples.length)]));
  return { kind: 'multinomial-naive-bayes', labels, priors, counts, totals, vocabularySize: vocabulary.size };
}

/** Posterior probability of every label (they sum to 1). */
export function predict(model: NaiveBayesModel, text: string): Record<string, number> {
  const textFeatures = features(text);
  const logScores = model.labels.map((label) => {
    const bag = model.counts[label] ?? {};
    const denominator = (model.totals[label] ?? 0) + model.vocabularySize;
    let score = model.priors[label] ?? -Infinity;
    for (const feature of textFeatures) score += Math.log(((bag[feature] ?? 0) + 1) / denominator);
    return score;
  });
  const max = Math.max(...logScores);
  const exp = logScores.map((score) => Math.exp(score - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return Object.fromEntries(model.labels.map((label, index) => [label, (exp[index] as number) / sum]));
}
