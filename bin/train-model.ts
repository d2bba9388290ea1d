/**
 * `npm run train`: trains the headline model shipped with the code on the hand-written set plus the
 * corpus's train split, calibrates it and chooses its decision thresholds on the validation split (the
 * test split is never read here), and writes data/classifier/model.json and the rows the
 * retrain Lambda starts from (data/corpus/train-validation.json). The unit tests check that both files are
 * exactly what this produces.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import heldout from '../data/classifier/heldout.json' with { type: 'json' };
import training from '../data/classifier/training.json' with { type: 'json' };
import { fromCorpus, fromText, parseJsonLines, type CorpusHeadline } from '../lambdas/domain/classifier/corpus.ts';
import { evaluate, splitOf } from '../lambdas/domain/classifier/evaluate.ts';
import { buildModel } from '../lambdas/domain/classifier/train.ts';

const dataDir = path.resolve(import.meta.dirname, '../data/classifier');
const rows = parseJsonLines<CorpusHeadline>(readFileSync(path.join(dataDir, 'corpus/headlines.jsonl'), 'utf8')).filter((row) => row.title);
const corpus = {
  train: rows.filter((row) => splitOf(row.outlet) === 'train').map(fromCorpus),
  validation: rows.filter((row) => splitOf(row.outlet) === 'validation').map(fromCorpus),
};
const model = await buildModel([...training.map(fromText), ...corpus.train], corpus.validation);
const modelFile = path.resolve(dataDir, 'model.json');
writeFileSync(modelFile, `${JSON.stringify(model)}\n`);
writeFileSync(path.join(dataDir, 'corpus/train-validation.json'), `${JSON.stringify(corpus)}\n`);
const scores = evaluate(model, heldout.map(fromText));
console.log(`Trained on ${model.trainedOn} headlines (${training.length} hand-written + ${corpus.train.length} corpus train); calibrated on ${corpus.validation.length} validation headlines`);
console.log(`Thresholds chosen on validation: ${JSON.stringify(model.thresholds)} (copy them into DECISION_THRESHOLDS when they change)`);
console.log(`Hand-written held-out (${scores.size}): precision ${scores.precision}, recall ${scores.recall}, category accuracy ${scores.categoryAccuracy}`);
console.log(`Wrote ${path.relative(process.cwd(), modelFile)} (${readFileSync(modelFile).length} bytes)`);
