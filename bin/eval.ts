/**
 * `npm run eval [-- --headlines FILE.jsonl ... --pairs FILE.jsonl]`: the classifier's and the same-story
 * rule's figures on the TEST split of the labelled real-headline corpus, through exactly the code the
 * ingest runs (`judgeHeadline`, `sameStory`), with 95 % Wilson intervals, the category confusion table and
 * the 10 worst errors. The split is by outlet (a hash of the domain), so no outlet is on both sides.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import shippedModel from '../lambdas/domain/classifier/model.json' with { type: 'json' };
import { splitOf, wilson, type Split } from '../lambdas/domain/classifier/evaluate.ts';
import { judgeHeadline, sameStory, type HeadlineVerdict } from '../lambdas/domain/classifier/headline.ts';
import type { NaiveBayesModel } from '../lambdas/domain/classifier/naive-bayes.ts';
import { INDIA_RELEVANT_AT } from '../lambdas/domain/badges.ts';
import production from '../lambdas/pipeline/sources/production.json' with { type: 'json' };

export interface LabelledHeadline {
  title: string;
  summary: string | null;
  url: string;
  outlet: string;
  label: 'on-beat' | 'off-beat';
  category: string | null;
  india: boolean;
}

interface StoryPair {
  a: { title: string | null; summary: string | null; outlet: string };
  b: { title: string | null; summary: string | null; outlet: string };
  same: boolean;
}

const readLines = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);

const show = (name: string, successes: number, total: number, goal: string) => {
  const { value, low, high } = wilson(successes, total);
  console.log(`  ${name.padEnd(44)} ${Number.isNaN(value) ? '  n/a' : value.toFixed(3)}  [${low.toFixed(3)}, ${high.toFixed(3)}]  ${String(successes).padStart(4)}/${String(total).padEnd(5)} goal ${goal}`);
};

function main() {
  const args = process.argv.slice(2);
  const values = (flag: string) => args.flatMap((arg, index) => (args[index - 1] === flag ? [arg] : []));
  const dataDir = path.resolve(import.meta.dirname, '../lambdas/domain/classifier/data/corpus');
  const headlineFiles = values('--headlines').length ? values('--headlines') : [path.join(dataDir, 'headlines.jsonl')];
  const pairFiles = values('--pairs').length ? values('--pairs') : [path.join(dataDir, 'same-story.jsonl')];
  const split = (values('--split')[0] ?? 'test') as Split;

  const indianDomains = new Set(production.sources.filter((source) => source.isIndian).map((source) => new URL(source.url).hostname.replace(/^www\./, '')));
  const model = shippedModel as NaiveBayesModel;
  const rows = headlineFiles.flatMap((file) => readLines<LabelledHeadline>(file)).filter((row) => row.title && splitOf(row.outlet) === split);
  const judged = rows
    .map((row) => ({ row, verdict: judgeHeadline(model, { title: row.title, summary: row.summary, source: row.outlet }, (domain) => indianDomains.has(domain)) }))
    .filter((entry): entry is { row: LabelledHeadline; verdict: HeadlineVerdict } => entry.verdict !== null);

  const onBeat = judged.filter(({ row }) => row.label === 'on-beat');
  const published = judged.filter(({ verdict }) => verdict.decision === 'publish');
  const indiaTruth = onBeat.filter(({ row }) => row.india);
  const indiaPredicted = onBeat.filter(({ verdict }) => verdict.indiaRelevance >= INDIA_RELEVANT_AT);
  const indiaHits = indiaTruth.filter(({ verdict }) => verdict.indiaRelevance >= INDIA_RELEVANT_AT).length;

  console.log(`\nHeadlines, ${split} split: ${judged.length} (${onBeat.length} on-beat, ${judged.length - onBeat.length} off-beat) from ${new Set(rows.map((row) => row.outlet)).size} outlets`);
  show('precision of auto-published', published.filter(({ row }) => row.label === 'on-beat').length, published.length, '>= 0.95');
  show('relevant not rejected', onBeat.filter(({ verdict }) => verdict.decision !== 'reject').length, onBeat.length, '>= 0.95');
  show('relevant auto-published', onBeat.filter(({ verdict }) => verdict.decision === 'publish').length, onBeat.length, '>= 0.8');
  show('category accuracy (relevant)', onBeat.filter(({ row, verdict }) => row.category === verdict.category).length, onBeat.length, '>= 0.8');
  show('India recall (relevant, India-specific)', indiaHits, indiaTruth.length, '');
  show('India precision (relevant)', indiaPredicted.filter(({ row }) => row.india).length, indiaPredicted.length, '');
  const recall = indiaTruth.length ? indiaHits / indiaTruth.length : 0;
  const precision = indiaPredicted.length ? indiaPredicted.filter(({ row }) => row.india).length / indiaPredicted.length : 0;
  console.log(`  India F1 ${(precision + recall ? (2 * precision * recall) / (precision + recall) : 0).toFixed(3)} (goal >= 0.85)`);

  const categories = [...new Set(onBeat.map(({ row }) => row.category ?? 'none'))].sort();
  const predictedCategories = [...new Set(onBeat.map(({ verdict }) => verdict.category))].sort();
  console.log(`\n  Confusion (rows: labelled category of on-beat headlines; columns: the model's category)`);
  console.log(`  ${''.padEnd(20)} ${predictedCategories.map((name) => name.slice(0, 12).padStart(13)).join('')}`);
  for (const truth of categories) {
    const counts = predictedCategories.map((predicted) => onBeat.filter(({ row, verdict }) => (row.category ?? 'none') === truth && verdict.category === predicted).length);
    console.log(`  ${truth.slice(0, 20).padEnd(20)} ${counts.map((count) => String(count).padStart(13)).join('')}`);
  }

  const errors = judged
    .flatMap(({ row, verdict }) => {
      if (row.label === 'off-beat' && verdict.decision === 'publish') return [{ weight: verdict.relevance, kind: 'published off-beat', row, verdict }];
      if (row.label === 'on-beat' && verdict.decision === 'reject') return [{ weight: 100 - verdict.relevance, kind: 'rejected on-beat', row, verdict }];
      return [];
    })
    .sort((a, b) => b.weight - a.weight)
    .slice(0, 10);
  console.log(`\n  The 10 worst errors`);
  for (const error of errors) console.log(`  - ${error.kind} (relevance ${error.verdict.relevance}, ${error.verdict.category}): ${error.row.title} [${error.row.outlet}]`);

  const pairs = pairFiles.flatMap((file) => readLines<StoryPair>(file)).filter((pair) => splitOf(pair.a.outlet) === split || splitOf(pair.b.outlet) === split);
  const sides = (side: StoryPair['a']) => ({ title: side.title ?? side.summary ?? '', summary: side.title ? side.summary : null });
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

main();
