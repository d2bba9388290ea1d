import heldout from '#domain/classifier/data/heldout.json' with { type: 'json' };
import training from '#domain/classifier/data/training.json' with { type: 'json' };
import { evaluate, isAtLeastAsGood } from '#domain/classifier/evaluate.ts';
import { train, type LabelledText } from '#domain/classifier/naive-bayes.ts';
import { allReviewLabels, latestModelVersionNumber, saveModelVersion, versionKey } from '#store/models.ts';
import { z } from 'zod';
import { currentModel } from './classify-drafts.ts';
import { executionFields, recordRun } from './runs.ts';
import { withRunMetrics } from '#shared/run-metrics.ts';

const input = z.object(executionFields);

/**
 * Trains a candidate on the labelled set plus every moderator decision, and makes it the active model
 * only if it scores at least as well as the current one on the held-out set. Either way the candidate
 * is kept, with its scores, so the console can show why it was or was not used.
 */
async function handleEvent(event: unknown): Promise<unknown> {
  const request = input.parse(event);
  const labels = await allReviewLabels();
  const examples: LabelledText[] = [...training, ...labels.map((label) => ({ label: label.label, text: label.text }))];
  const candidate = train(examples);
  const current = await currentModel();
  const candidateScores = evaluate(candidate, heldout);
  const currentScores = evaluate(current.model, heldout);
  const adopted = isAtLeastAsGood(candidateScores, currentScores);
  const version = versionKey((await latestModelVersionNumber()) + 1);
  await saveModelVersion({
    version,
    status: adopted ? 'active' : 'rejected',
    model: JSON.stringify(candidate),
    metrics: { candidate: candidateScores, current: { version: current.version, ...currentScores } },
    trainedOn: examples.length,
  });
  const stats = { version, adopted, trainedOn: examples.length, reviewLabels: labels.length, candidate: candidateScores, current: currentScores };
  await recordRun('retrain', request, stats);
  return stats;
}

/** The described function's entry: every invocation's duration and outcome are recorded (shared/run-metrics.ts). */
export const handler = withRunMetrics('retrain', handleEvent);
