/**
 * `npm run train`: trains the classifier shipped with the code from the labelled set, prints its scores
 * on the held-out set and writes lambdas/domain/classifier/model.json. The unit tests check that the
 * shipped file is exactly what this produces.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import heldout from '../lambdas/domain/classifier/data/heldout.json' with { type: 'json' };
import training from '../lambdas/domain/classifier/data/training.json' with { type: 'json' };
import { evaluate } from '../lambdas/domain/classifier/evaluate.ts';
import { train } from '../lambdas/domain/classifier/naive-bayes.ts';

const model = train(training);
const scores = evaluate(model, heldout);
const file = path.resolve(import.meta.dirname, '../lambdas/domain/classifier/model.json');
writeFileSync(file, `${JSON.stringify(model)}\n`);
console.log(`Trained on ${training.length} labelled texts; held-out (${scores.size}): precision ${scores.precision}, recall ${scores.recall}, category accuracy ${scores.categoryAccuracy}, accuracy ${scores.accuracy}`);
console.log(`Wrote ${path.relative(process.cwd(), file)}`);
