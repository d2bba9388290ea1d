import heldout from '#domain/classifier/data/heldout.json' with { type: 'json' };
import training from '#domain/classifier/data/training.json' with { type: 'json' };
import corpus from '#domain/classifier/data/corpus/train-validation.json' with { type: 'json' };
import { fromText } from '#domain/classifier/corpus.ts';
import { evaluate, isAtLeastAsGood } from '#domain/classifier/evaluate.ts';
import { buildModel, type HeadlineExample } from '#domain/classifier/train.ts';
import { allReviewLabels, latestModelVersionNumber, saveModelVersion, versionKey } from '#store/models.ts';
import * as z from 'zod';
import { currentModel } from './classify-drafts.ts';
import { executionFields, recordRun } from './runs.ts';
import { withRunMetrics } from '#shared/run-metrics.ts';

const input = z.object(executionFields);

/** What the model is scored on before adoption: the hand-written held-out set and the corpus's validation split. */
const gate: HeadlineExample[] = [...heldout.map(fromText), ...corpus.validation];

/**
 * Trains a candidate on the shipped rows (hand-written set + the corpus's train split) plus every moderator
 * decision (a low-quality rejection teaches "on topic" only, an off-topic one "off-topic"), calibrated and
 * thresholded on the validation split, and makes it the active model only if it scores at least as well as
 * the current one. Either way the candidate is kept, with its scores and thresholds, so the console can show
 * why it was or was not used.
 */
async function handleEvent(event: unknown): Promise<unknown> {
  const request = input.parse(event);
  const labels = await allReviewLabels();
  const examples: HeadlineExample[] = [...training.map(fromText), ...corpus.train, ...labels.map(fromText)];
  const candidate = await buildModel(examples, corpus.validation);
  const current = await currentModel();
  const candidateScores = evaluate(candidate, gate);
  const currentScores = evaluate(current.model, gate);
  const adopted = isAtLeastAsGood(candidateScores, currentScores);
  const version = versionKey((await latestModelVersionNumber()) + 1);
  await saveModelVersion({
    version,
    status: adopted ? 'active' : 'rejected',
    model: JSON.stringify(candidate),
    metrics: { candidate: candidateScores, thresholds: candidate.thresholds, current: { version: current.version, ...currentScores } },
    trainedOn: examples.length,
  });
  const stats = { version, adopted, trainedOn: examples.length, reviewLabels: labels.length, candidate: candidateScores, thresholds: candidate.thresholds, current: currentScores };
  await recordRun('retrain', request, stats);
  return stats;
}

/** The described function's entry: every invocation's duration and outcome are recorded (shared/run-metrics.ts). */
export const handler = withRunMetrics('retrain', handleEvent);
