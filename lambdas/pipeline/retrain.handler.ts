import { fromText } from '#domain/classifier/corpus.ts';
import { evaluate, isAtLeastAsGood } from '#domain/classifier/evaluate.ts';
import { buildModel, type HeadlineExample } from '#domain/classifier/train.ts';
import { allReviewLabels, latestModelVersionNumber, saveModelVersion, storedModel, versionKey } from '#store/models.ts';
import * as z from '#domain/common/validation.ts';
import { currentModel } from '../services/classification.ts';
import { executionFields, recordRun } from './runs.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';
import { runtimeJson } from '#adapters/runtime-files.ts';
import { CLASSIFIER_FILES } from '#stack/stack-description.ts';

const input = z.object(executionFields);

type LabelledText = { label: string; text: string };

/** The shipped rows: the hand-written set and held-out set, and the corpus's train and validation splits. */
function shippedRows() {
  const corpus = runtimeJson<{ train: HeadlineExample[]; validation: HeadlineExample[] }>(CLASSIFIER_FILES.corpus);
  return {
    training: runtimeJson<LabelledText[]>(CLASSIFIER_FILES.training),
    corpus,
    // What the model is scored on before adoption: the hand-written held-out set and the corpus's validation split.
    gate: [...runtimeJson<LabelledText[]>(CLASSIFIER_FILES.heldout).map(fromText), ...corpus.validation],
  };
}

/**
 * Every row the retrain learns from: the hand-written set, the corpus's train rows and each moderator
 * decision in the review queue as a labelled row (an approval in the category the moderator confirmed or
 * corrected, an off-topic rejection as off-topic, a low-quality one as on topic with no category).
 */
export async function retrainingRows(): Promise<{ examples: HeadlineExample[]; reviewLabels: number }> {
  const labels = await allReviewLabels();
  const { training, corpus } = shippedRows();
  return { examples: [...training.map(fromText), ...corpus.train, ...labels.map(fromText)], reviewLabels: labels.length };
}

/**
 * Trains a candidate on the shipped rows (hand-written set + the corpus's train split) plus every moderator
 * decision (a low-quality rejection teaches "on topic" only, an off-topic one "off-topic"), calibrated and
 * thresholded on the validation split, and makes it the active model only if it scores at least as well as
 * the current one. Either way the candidate is kept, with its scores and thresholds, so the console can show
 * why it was or was not used.
 */
async function handleEvent(event: unknown): Promise<unknown> {
  const request = input.parse(event);
  const { examples, reviewLabels } = await retrainingRows();
  const { corpus, gate } = shippedRows();
  const candidate = await buildModel(examples, corpus.validation);
  const current = await currentModel();
  const candidateScores = evaluate(candidate, gate);
  const currentScores = evaluate(current.model, gate);
  const adopted = isAtLeastAsGood(candidateScores, currentScores);
  const version = versionKey((await latestModelVersionNumber()) + 1);
  await saveModelVersion({
    version,
    status: adopted ? 'active' : 'rejected',
    model: storedModel(JSON.stringify(candidate)),
    metrics: { candidate: candidateScores, thresholds: candidate.thresholds, current: { version: current.version, ...currentScores } },
    trainedOn: examples.length,
  });
  const stats = { version, adopted, trainedOn: examples.length, reviewLabels, candidate: candidateScores, thresholds: candidate.thresholds, current: currentScores };
  await recordRun('retrain', request, stats);
  return stats;
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('retrain', handleEvent);
