/**
 * `npx tsx bin/classifier-tune.ts [--story | --scheme=sourceTime] [recipe name ...]`: compares training recipes on the VALIDATION rows of the honest splits
 * (story and time; or one named scheme, such as the source-and-time split), never their test rows nor the final set. Each recipe's model is trained on a split's
 * train rows (plus the hand-written set) with its category heads on those rows only, calibrated and
 * thresholded on the validation rows; it prints, on those validation rows, headline alone: the area under
 * the relevance curve (threshold-free), the publish figures at the thresholds it chose, and category accuracy.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import training from '../data/classifier/training.json' with { type: 'json' };
import { fromCorpus, fromText, parseJsonLines, type CorpusHeadline } from '#domain/classifier/corpus.ts';
import { classified, decisionFigures, buildModel, isOnBeatLabel, titlesAlone, type HeadlineExample, type TrainOptions } from '#domain/classifier/train.ts';
import { DEFAULT_FEATURES, DEFAULT_SGD } from '#domain/classifier/linear.ts';
import { corpusSplits, rowsOn, type Scheme, type StoryPair } from '#domain/classifier/splits.ts';
import { thresholdsOf } from '#domain/classifier/evaluate.ts';
import { tradeNeighbourWeights } from '#domain/classifier/negatives.ts';

const dataDir = path.resolve(import.meta.dirname, '../data/classifier/corpus');
const rows = parseJsonLines<CorpusHeadline>(readFileSync(path.join(dataDir, 'headlines.jsonl'), 'utf8')).filter((row) => row.title);
const pairs = parseJsonLines<StoryPair>(readFileSync(path.join(dataDir, 'same-story.jsonl'), 'utf8'));
const splits = corpusSplits(rows, pairs);

function auc(scored: Array<{ positive: boolean; score: number }>): number {
  const sorted = [...scored].sort((a, b) => a.score - b.score);
  let [rankSum, positives] = [0, 0];
  sorted.forEach((entry, index) => {
    if (entry.positive) {
      rankSum += index + 1;
      positives += 1;
    }
  });
  const negatives = sorted.length - positives;
  return (rankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

type Recipe = { name: string; options: TrainOptions; negativeWeight?: number };
const lexicon = (weight: number) => ({ ...DEFAULT_FEATURES, lexiconWeight: weight });
const recipes: Recipe[] = [
  { name: 'no lexicon (before)', options: { features: lexicon(0) } },
  { name: 'lexicon 1', options: { features: lexicon(1) } },
  { name: 'lexicon 2', options: { features: lexicon(2) } },
  { name: 'lexicon 3', options: { features: lexicon(3) } },
  { name: 'lexicon 4', options: { features: lexicon(4) } },
  { name: 'negatives x2', options: { features: lexicon(0) }, negativeWeight: 2 },
  { name: 'lexicon 2 + negatives x2 (shipped)', options: { features: lexicon(2) }, negativeWeight: 2 },
  { name: 'lexicon 2 + negatives x3', options: { features: lexicon(2) }, negativeWeight: 3 },
  { name: 'lexicon 2, category l2 1e-4', options: { features: lexicon(2), categorySgd: { ...DEFAULT_SGD, l2: 1e-4 } } },
  { name: 'lexicon 2, category 60 epochs', options: { features: lexicon(2), categorySgd: { ...DEFAULT_SGD, epochs: 60 } } },
  { name: 'lexicon 2, category lr 1', options: { features: lexicon(2), categorySgd: { ...DEFAULT_SGD, learningRate: 1 } } },
  { name: 'lexicon 2, char 2-5', options: { features: { ...lexicon(2), charSizes: [2, 3, 4, 5] } } },
  { name: 'lexicon 2, char 3-4', options: { features: { ...lexicon(2), charSizes: [3, 4] } } },
];
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const named = process.argv.find((arg) => arg.startsWith('--scheme='))?.slice('--scheme='.length);
const schemes = named ? [named] : process.argv.includes('--story') ? ['story'] : ['story', 'time'];
for (const scheme of schemes as Scheme[]) {
  const train = rowsOn(rows, splits, scheme, 'train');
  const validation = rowsOn(rows, splits, scheme, 'validation').map(fromCorpus);
  console.log(`\n${scheme} split: ${train.length} train, ${validation.length} validation rows`);
  for (const recipe of recipes.filter((entry) => !only.length || only.includes(entry.name))) {
    const weights = recipe.negativeWeight ? tradeNeighbourWeights(train, recipe.negativeWeight) : train.map(() => 1);
    const trainRows: HeadlineExample[] = [...training.map(fromText), ...train.map((row, index) => ({ ...fromCorpus(row), weight: weights[index] }))];
    const model = await buildModel(trainRows, validation, { ...recipe.options, categoriesFromValidation: false });
    const alone = titlesAlone(validation);
    const judged = classified(model, alone);
    const figures = decisionFigures(judged, thresholdsOf(model));
    const onBeat = judged.filter((entry) => entry.relevant);
    const rightCategory = onBeat.filter((entry, index) => entry.result.likeliestCategory === alone.filter((example) => isOnBeatLabel(example.label))[index]!.label).length;
    const relevanceAuc = auc(judged.map((entry) => ({ positive: entry.relevant, score: entry.result.relevanceScore })));
    console.log(`  ${recipe.name.padEnd(28)} AUC ${relevanceAuc.toFixed(3)}  publish at ${model.thresholds.autoPublishRelevance}, reject below ${model.thresholds.autoRejectBelowRelevance}: precision ${figures.publishPrecision.toFixed(3)}, kept ${figures.relevantNotRejected.toFixed(3)}, published ${figures.relevantPublished.toFixed(3)}  category ${(rightCategory / onBeat.length).toFixed(3)} (${onBeat.length})`);
  }
}
