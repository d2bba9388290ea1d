/**
 * `npm run train`: trains the headline model shipped with the code on the hand-written set plus the
 * corpus's STORY split train rows (every row of one event on one side, so no syndicated copy of a tested
 * story is learnt; trade-press neighbours weighted as explicit negatives), calibrates it and chooses its
 * decision thresholds on the story split's validation rows (its test rows and the final set are never read
 * here), and writes data/classifier/model.json and the rows the retrain Lambda starts from
 * (data/classifier/corpus/train-validation.json). The unit tests check that both files are exactly what
 * this produces.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import heldout from '../data/classifier/heldout.json' with { type: 'json' };
import training from '../data/classifier/training.json' with { type: 'json' };
import { fromText, parseJsonLines, type CorpusHeadline } from '#domain/classifier/corpus.ts';
import { evaluate } from '#domain/classifier/evaluate.ts';
import { corpusSplits, learningRows, SHIPPED_SCHEME, type StoryPair } from '#domain/classifier/splits.ts';
import { buildModel } from '#domain/classifier/train.ts';

const dataDir = path.resolve(import.meta.dirname, '../data/classifier');
const rows = parseJsonLines<CorpusHeadline>(readFileSync(path.join(dataDir, 'corpus/headlines.jsonl'), 'utf8')).filter((row) => row.title);
const pairs = parseJsonLines<StoryPair>(readFileSync(path.join(dataDir, 'corpus/same-story.jsonl'), 'utf8'));
const corpus = learningRows(rows, corpusSplits(rows, pairs), SHIPPED_SCHEME);
const model = await buildModel([...training.map(fromText), ...corpus.train], corpus.validation);
const modelFile = path.resolve(dataDir, 'model.json');
writeFileSync(modelFile, `${JSON.stringify(model)}\n`);
writeFileSync(path.join(dataDir, 'corpus/train-validation.json'), `${JSON.stringify(corpus)}\n`);
const scores = evaluate(model, heldout.map(fromText));
console.log(`Trained on ${model.trainedOn} headlines (${training.length} hand-written + ${corpus.train.length} corpus train, ${SHIPPED_SCHEME} split); calibrated on ${corpus.validation.length} validation headlines`);
console.log(`Thresholds chosen on validation: ${JSON.stringify(model.thresholds)} (copy them into DECISION_THRESHOLDS when they change)`);
console.log(`Hand-written held-out (${scores.size}): precision ${scores.precision}, recall ${scores.recall}, category accuracy ${scores.categoryAccuracy}`);
console.log(`Wrote ${path.relative(process.cwd(), modelFile)} (${readFileSync(modelFile).length} bytes)`);
