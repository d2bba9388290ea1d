/**
 * `npx tsx bin/same-story-learned.ts`: the learned pair scorer tried for #38 and left (2026-11-29). A logistic
 * regression over the evidence the same-event rule already computes (cosine of the whole texts and the best of
 * the headline and first-sentence views, shared catalogue entities, rare names and rare words, kinds of event
 * agreeing or disagreeing, figures agreeing or disagreeing, periods and places disagreeing, undated, same day,
 * further apart than 3 days, summaries present), against the shipped rule, on the TUNING pairs of the
 * source-and-time split only (train + validation; the test and final pairs are never read here): 5-fold
 * cross-validation grouped by event over the tuning pairs, and trained on train, read on validation. With and
 * without the rule's vetoes (window, entities, periods, places, figures disagreeing). Note the rule's own
 * tuning figures are in-sample (its settings were chosen on these pairs); the scorer's cross-validated ones are not.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonLines } from '#domain/classifier/corpus.ts';
import { sameEventEvidence } from '#domain/classifier/headline.ts';
import { pairStoryText, sourceTimePairSplit, type StoryPair } from '#domain/classifier/splits.ts';
import { EVENT_WEIGHTS, judgeEvidence, type EventEvidence } from '#domain/topics/same-event.ts';

const pairs = parseJsonLines<StoryPair>(readFileSync(path.resolve(import.meta.dirname, '../data/classifier/corpus/same-story.jsonl'), 'utf8'));
const { sides } = sourceTimePairSplit(pairs);
type Example = { same: boolean; side: string; event: string; evidence: EventEvidence; summaries: number };
const examples: Example[] = pairs.flatMap((pair, index) => {
  if (sides[index] !== 'train' && sides[index] !== 'validation') return [];
  const [a, b] = [pairStoryText(pair.a), pairStoryText(pair.b)];
  const evidence = sameEventEvidence(a, b);
  return evidence ? [{ same: pair.same, side: sides[index]!, event: pair.event ?? String(index), evidence, summaries: Number(Boolean(a.summary)) + Number(Boolean(b.summary)) }] : [];
});

const NAMES = ['cosine', 'best view', 'entities', 'entities disagree', 'names', 'rare words', 'kind shared', 'kinds disagree', 'figure shared', 'figures disagree', 'periods disagree', 'places disagree', 'undated', 'same day', 'over 3 days', 'summaries'];
function features({ evidence, summaries }: Example): number[] {
  const shared = [...evidence.kindsA.keys()].some((kind) => evidence.kindsB.has(kind));
  return [
    evidence.stemCosine,
    Math.max(evidence.headlineCosine, evidence.leadCosine),
    Math.min(evidence.sharedEntities.length, 3),
    Number(evidence.entitiesDisagree),
    Math.min(evidence.sharedNameList.length, 3),
    Math.min(evidence.rareTerms.length, 3),
    Number(shared),
    Number(evidence.kindsA.size > 0 && evidence.kindsB.size > 0 && !shared),
    Number(evidence.sharedFigures.length > 0),
    Number(evidence.figuresDisagree),
    Number(evidence.periodsDisagree),
    Number(evidence.placesDisagree),
    Number(evidence.daysApart === null),
    Number(evidence.daysApart !== null && evidence.daysApart <= 1),
    Number(evidence.daysApart !== null && evidence.daysApart > 3),
    summaries,
  ];
}

/** Batch gradient descent, L2 0.01: small and deterministic. */
function fit(rows: readonly Example[]): number[] {
  const xs = rows.map(features);
  const dims = NAMES.length;
  const weights = new Array<number>(dims + 1).fill(0);
  for (let step = 0; step < 3000; step += 1) {
    const gradient = new Array<number>(dims + 1).fill(0);
    xs.forEach((x, index) => {
      const error = 1 / (1 + Math.exp(-score(weights, x))) - Number(rows[index]!.same);
      x.forEach((value, feature) => (gradient[feature]! += error * value));
      gradient[dims]! += error;
    });
    for (let feature = 0; feature < dims; feature += 1) weights[feature]! -= 0.5 * (gradient[feature]! / xs.length + 0.01 * weights[feature]!);
    weights[dims]! -= (0.5 * gradient[dims]!) / xs.length;
  }
  return weights;
}
const score = (weights: readonly number[], x: readonly number[]) => x.reduce((sum, value, feature) => sum + value * weights[feature]!, weights[x.length]!);
const vetoed = (example: Example) => judgeEvidence({ ...example.evidence, cosine: 1, stemCosine: 1 }).against.length > 0;
function figures(rows: readonly Example[], joins: (example: Example) => boolean) {
  const said = rows.filter(joins);
  const both = said.filter((example) => example.same).length;
  const truth = rows.filter((example) => example.same).length;
  return `P ${(said.length ? both / said.length : 0).toFixed(3)} (${both}/${said.length}) R ${(both / truth).toFixed(3)} (${both}/${truth})`;
}

const train = examples.filter((example) => example.side === 'train');
const validation = examples.filter((example) => example.side === 'validation');
console.log(`Tuning pairs: ${examples.length} (${train.length} train, ${validation.length} validation)`);
console.log(`shipped rule: tuning ${figures(examples, (example) => judgeEvidence(example.evidence, EVENT_WEIGHTS).same)} (in-sample), validation ${figures(validation, (example) => judgeEvidence(example.evidence, EVENT_WEIGHTS).same)}`);
const fold = (example: Example) => Number.parseInt(createHash('sha256').update(example.event).digest('hex').slice(0, 8), 16) % 5;
const crossValidated = new Map<Example, number>();
for (let held = 0; held < 5; held += 1) {
  const weights = fit(examples.filter((example) => fold(example) !== held));
  for (const example of examples.filter((example) => fold(example) === held)) crossValidated.set(example, score(weights, features(example)));
}
const onTrain = fit(train);
console.log(`weights trained on train: ${NAMES.map((name, feature) => `${name} ${onTrain[feature]!.toFixed(2)}`).join(', ')}, bias ${onTrain[NAMES.length]!.toFixed(2)}`);
for (const withVetoes of [false, true])
  for (const threshold of [-0.5, 0, 0.5, 1, 1.5])
    console.log(
      `scorer >= ${threshold}${withVetoes ? ', with the vetoes' : ''}: 5-fold by event ${figures(examples, (example) => crossValidated.get(example)! >= threshold && !(withVetoes && vetoed(example)))}; train -> validation ${figures(validation, (example) => score(onTrain, features(example)) >= threshold && !(withVetoes && vetoed(example)))}`,
    );
