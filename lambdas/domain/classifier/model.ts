import { headlineTokens, naiveBayesLogits, naiveBayesMargin, type NaiveBayesModel } from './naive-bayes.ts';
import { DEFAULT_FEATURES, featurise, scores, sigmoid, softmax, unpack, type FeatureOptions, type PackedWeights } from './linear.ts';

/** The creator categories the model chooses between (general is the product's "not about creators"). */
export const MODEL_CATEGORIES = ['creator-economy', 'brand-partnerships', 'platform-updates', 'industry-insights', 'regulations-ethics', 'tools-technology'] as const;
export type ModelCategory = (typeof MODEL_CATEGORIES)[number];

/** Training labels: a category, off-topic (or general: not about creators), or low-quality (on topic, badly written). */
export const OFF_TOPIC = 'off-topic';
export const LOW_QUALITY = 'low-quality';

/**
 * The headline model: two linear heads over the same hashed features, each blended with naive Bayes over
 * the text's words. The relevance head says whether a story is about creators (calibrated by Platt scaling
 * on the validation split); the category head, trained on on-beat stories only, says which category.
 * Off-topic is its own answer, never a category by elimination.
 */
export interface HeadlineModel {
  kind: 'hashed-linear-v1';
  features: FeatureOptions;
  /** Relevance head: [off-beat, on-beat]; calibrated p(on-beat) = sigmoid(a * (on - off + naive Bayes's blended log-odds) + b). */
  relevance: PackedWeights;
  calibration: { a: number; b: number };
  categories: readonly string[];
  category: PackedWeights;
  /** Naive Bayes over the words, blended into each head (absent from models trained before it). */
  relevanceWords?: NaiveBayesModel;
  categoryWords?: NaiveBayesModel;
  /** Decision thresholds chosen on the validation split, as decide() takes them. */
  thresholds: { autoPublishRelevance: number; autoPublishConfidence: number; autoRejectBelowRelevance: number };
  trainedOn: number;
}

export interface HeadlineScores {
  /** Calibrated probability that the story is about creators. */
  onBeat: number;
  /** Probability of each creator category, given that it is on-beat. */
  categories: Record<string, number>;
}

const unpacked = new WeakMap<HeadlineModel, { relevance: Float32Array[]; category: Float32Array[] }>();

/** Weights are unpacked once per model object (a few milliseconds), then every prediction is a sparse dot product. */
function weightsOf(model: HeadlineModel) {
  let weights = unpacked.get(model);
  if (!weights) {
    weights = { relevance: unpack(model.relevance), category: unpack(model.category) };
    unpacked.set(model, weights);
  }
  return weights;
}

export function isHeadlineModel(value: unknown): value is HeadlineModel {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'hashed-linear-v1';
}

export function predictHeadline(model: HeadlineModel, title: string, summary: string): HeadlineScores {
  const weights = weightsOf(model);
  const vector = featurise(title, summary, model.features ?? DEFAULT_FEATURES);
  const [off, on] = scores(weights.relevance, vector) as [number, number];
  const tokens = headlineTokens(title, summary);
  const margin = on - off + (model.relevanceWords ? naiveBayesMargin(model.relevanceWords, tokens) : 0);
  const onBeat = sigmoid(model.calibration.a * margin + model.calibration.b);
  const linear = scores(weights.category, vector);
  const wordsModel = model.categoryWords;
  const wordLogits = wordsModel ? naiveBayesLogits(wordsModel, tokens) : [];
  const probabilities = softmax(linear.map((logit, index) => logit + (wordsModel ? wordsModel.blend * (wordLogits[index] as number) : 0)));
  return { onBeat, categories: Object.fromEntries(model.categories.map((slug, index) => [slug, probabilities[index] as number])) };
}
