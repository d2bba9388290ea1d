/**
 * `npm run eval [-- --headlines FILE.jsonl ... --pairs FILE.jsonl --split validation --no-curve]`: the
 * classifier's figures (headline alone, as issue 14 measures, and headline with summary and source) and the
 * same-story rule's figures on the TEST split of the labelled real-headline corpus,
 * through exactly the code the ingest runs (`judgeHeadline`, `sameStory`), with 95 % Wilson intervals, the
 * category confusion table, the 10 worst errors and a learning curve (the same figures for models trained
 * on 25 / 50 / 75 / 100 % of the training rows). The split is by outlet (a hash of the domain), so no
 * outlet is on both sides.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import shippedModel from '../lambdas/domain/classifier/model.json' with { type: 'json' };
import training from '../lambdas/domain/classifier/data/training.json' with { type: 'json' };
import { fromCorpus, fromText, headlineAlone, parseJsonLines, type CorpusHeadline } from '../lambdas/domain/classifier/corpus.ts';
import { corpusFigures, judgeCorpus, splitOf, wilson, type Split } from '../lambdas/domain/classifier/evaluate.ts';
import { sameStory } from '../lambdas/domain/classifier/headline.ts';
import { seededRandom, shuffled } from '../lambdas/domain/classifier/linear.ts';
import type { HeadlineModel } from '../lambdas/domain/classifier/model.ts';
import { buildModel } from '../lambdas/domain/classifier/train.ts';
import production from '../lambdas/pipeline/sources/production.json' with { type: 'json' };

interface StoryPair {
  a: { title: string | null; summary: string | null; outlet: string; publishedAt?: string | null };
  b: { title: string | null; summary: string | null; outlet: string; publishedAt?: string | null };
  same: boolean;
}

const readLines = <T>(file: string): T[] => parseJsonLines<T>(readFileSync(file, 'utf8'));

const interval = (successes: number, total: number) => {
  const { value, low, high } = wilson(successes, total);
  return `${Number.isNaN(value) ? '  n/a' : value.toFixed(3)}  [${low.toFixed(3)}, ${high.toFixed(3)}]`;
};

const show = (name: string, successes: number, total: number, goal: string) => {
  console.log(`  ${name.padEnd(44)} ${interval(successes, total)}  ${String(successes).padStart(4)}/${String(total).padEnd(5)} goal ${goal}`);
};

function showFigures(heading: string, figures: ReturnType<typeof corpusFigures>) {
  console.log(`\n  ${heading}`);
  show('precision of auto-published', figures.publishPrecision.successes, figures.publishPrecision.total, '>= 0.95');
  show('relevant not rejected', figures.relevantNotRejected.successes, figures.relevantNotRejected.total, '>= 0.95');
  show('relevant auto-published', figures.relevantPublished.successes, figures.relevantPublished.total, '>= 0.8');
  show('category accuracy (relevant)', figures.categoryAccuracy.successes, figures.categoryAccuracy.total, '>= 0.8');
  show('India recall (relevant, India-specific)', figures.indiaRecall.successes, figures.indiaRecall.total, '');
  show('India precision (relevant)', figures.indiaPrecision.successes, figures.indiaPrecision.total, '');
  const [precision, recall] = [figures.indiaPrecision.value || 0, figures.indiaRecall.value || 0];
  console.log(`  India F1 ${(precision + recall ? (2 * precision * recall) / (precision + recall) : 0).toFixed(3)} (goal >= 0.85)`);
}

/** Test figures of models trained on growing shares of the training rows (each calibrated on validation). */
async function learningCurve(rows: readonly CorpusHeadline[], isIndianSource: (domain: string) => boolean, split: Split) {
  const trainRows = [...training.map(fromText), ...rows.filter((row) => splitOf(row.outlet) === 'train').map(fromCorpus)];
  const validation = rows.filter((row) => splitOf(row.outlet) === 'validation').map(fromCorpus);
  const evaluated = rows.filter((row) => splitOf(row.outlet) === split);
  const order = shuffled(trainRows, seededRandom(25));
  console.log(`\n  Learning curve (${split} split; each model trained on a share of the ${trainRows.length} training rows (its category heads on validation too), calibrated and thresholded on validation; headline alone, then with summary)`);
  console.log(`  ${'share'.padEnd(6)} ${'form'.padEnd(5)} ${'rows'.padStart(5)}  ${'precision published'.padEnd(21)} ${'relevant kept'.padEnd(21)} ${'relevant published'.padEnd(21)} category accuracy`);
  for (const share of [0.25, 0.5, 0.75, 1]) {
    const model = await buildModel(order.slice(0, Math.round(share * order.length)), validation);
    const cell = (figure: { successes: number; total: number }) => interval(figure.successes, figure.total).padEnd(21);
    for (const [form, judged] of [['alone', judgeCorpus(model, evaluated.map(headlineAlone), () => false)], ['+summ', judgeCorpus(model, evaluated, isIndianSource)]] as const) {
      const figures = corpusFigures(judged);
      console.log(`  ${`${share * 100} %`.padEnd(6)} ${form} ${String(model.trainedOn).padStart(5)}  ${cell(figures.publishPrecision)} ${cell(figures.relevantNotRejected)} ${cell(figures.relevantPublished)} ${cell(figures.categoryAccuracy)}`);
    }
  }
}

async function main() {
  const args = process.argv.slice(2);
  const values = (flag: string) => args.flatMap((arg, index) => (args[index - 1] === flag ? [arg] : []));
  const dataDir = path.resolve(import.meta.dirname, '../lambdas/domain/classifier/data/corpus');
  const headlineFiles = values('--headlines').length ? values('--headlines') : [path.join(dataDir, 'headlines.jsonl')];
  const pairFiles = values('--pairs').length ? values('--pairs') : [path.join(dataDir, 'same-story.jsonl')];
  const split = (values('--split')[0] ?? 'test') as Split;

  const indianDomains = new Set(production.sources.filter((source) => source.isIndian).map((source) => new URL(source.url).hostname.replace(/^www\./, '')));
  const isIndianSource = (domain: string) => indianDomains.has(domain);
  const model = shippedModel as HeadlineModel;
  const allRows = headlineFiles.flatMap((file) => readLines<CorpusHeadline>(file)).filter((row) => row.title);
  const rows = allRows.filter((row) => splitOf(row.outlet) === split);
  // Issue 14 measures headlines alone (no description, no source): that is the table's first block.
  const judgedAlone = judgeCorpus(model, rows.map(headlineAlone), () => false);
  const judged = judgeCorpus(model, rows, isIndianSource);
  const onBeat = judged.filter(({ row }) => row.label === 'on-beat');
  console.log(`\nHeadlines, ${split} split: ${judged.length} (${onBeat.length} on-beat, ${judged.length - onBeat.length} off-beat) from ${new Set(rows.map((row) => row.outlet)).size} outlets`);
  showFigures('Headline alone (as issue 14 measures: title only, no source)', corpusFigures(judgedAlone));
  showFigures('Headline + summary + source (as a feed item with a description arrives)', corpusFigures(judged));

  // The confusion table and the worst errors are the headline-alone ones (issue 14's measure).
  const onBeatAlone = judgedAlone.filter(({ row }) => row.label === 'on-beat');
  const categories = [...new Set(onBeatAlone.map(({ row }) => row.category ?? 'none'))].sort();
  const predictedCategories = [...new Set(onBeatAlone.map(({ verdict }) => verdict.category))].sort();
  console.log(`\n  Confusion, headline alone (rows: labelled category of on-beat headlines; columns: the model's category)`);
  console.log(`  ${''.padEnd(20)} ${predictedCategories.map((name) => name.slice(0, 12).padStart(13)).join('')}`);
  for (const truth of categories) {
    const counts = predictedCategories.map((predicted) => onBeatAlone.filter(({ row, verdict }) => (row.category ?? 'none') === truth && verdict.category === predicted).length);
    console.log(`  ${truth.slice(0, 20).padEnd(20)} ${counts.map((count) => String(count).padStart(13)).join('')}`);
  }

  const errors = judgedAlone
    .flatMap(({ row, verdict }) => {
      if (row.label === 'off-beat' && verdict.decision === 'publish') return [{ weight: verdict.relevance, kind: 'published off-beat', row, verdict }];
      if (row.label === 'on-beat' && verdict.decision === 'reject') return [{ weight: 100 - verdict.relevance, kind: 'rejected on-beat', row, verdict }];
      return [];
    })
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 10);
  console.log(`\n  The 10 worst errors, headline alone`);
  for (const error of errors) console.log(`  - ${error.kind} (relevance ${error.verdict.relevance}, ${error.verdict.category}): ${error.row.title} [${error.row.outlet}]`);

  if (!args.includes('--no-curve')) await learningCurve(allRows, isIndianSource, split);

  const pairs = pairFiles.flatMap((file) => readLines<StoryPair>(file)).filter((pair) => splitOf(pair.a.outlet) === split || splitOf(pair.b.outlet) === split);
  const sides = (side: StoryPair['a']) => ({ title: side.title ?? side.summary ?? '', summary: side.title ? side.summary : null, publishedAt: side.publishedAt ?? null });
  const answers = pairs.map((pair) => ({ pair, answer: sameStory(sides(pair.a), sides(pair.b)) }));
  const truePositives = answers.filter(({ pair, answer }) => pair.same && answer?.same).length;
  const predictedSame = answers.filter(({ answer }) => answer?.same).length;
  const actualSame = pairs.filter((pair) => pair.same).length;
  const pairPrecision = predictedSame ? truePositives / predictedSame : 0;
  const pairRecall = actualSame ? truePositives / actualSame : 0;
  console.log(`\nSame story, pairs with an outlet in the ${split} split: ${pairs.length} (${actualSame} same)`);
  show('same-story recall', truePositives, actualSame, '');
  show('same-story precision', truePositives, predictedSame, '');
  console.log(`  same-story F1 ${(pairPrecision + pairRecall ? (2 * pairPrecision * pairRecall) / (pairPrecision + pairRecall) : 0).toFixed(3)} (goal >= 0.8)`);
}

await main();
