/**
 * `npm run same-story-tune [-- --split validation]`: precision, recall and F1 of the same-story rule at a
 * range of thresholds on one split of the real pairs, scored through exactly `npm run same-story`'s code,
 * and the join rate over every cross-outlet pair of the split's on-beat headlines (headlines.jsonl). The
 * pairs are all hard (same subject), but a real window holds hundreds of unrelated same-beat stories, each
 * a chance to hide a story's card by a false join: the shipped threshold (SAME_STORY_AT) is the validation
 * split's best F1 among thresholds joining at most 1 in 2,000 headline pairs (an upper bound of the false
 * rate: some of those pairs are syndicated copies of one event). The test split is for reporting.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sameStory } from '../lambdas/domain/classifier/headline.ts';
import { splitOf, type Split } from '../lambdas/domain/classifier/evaluate.ts';
import { SAME_STORY_AT, storyProfile, storyScore } from '../lambdas/domain/story-cluster.ts';

type Side = { title: string | null; summary: string | null; outlet: string; publishedAt?: string | null };
const args = process.argv.slice(2);
const split = (args[args.indexOf('--split') + 1] ?? 'validation') as Split;
const file = path.resolve(import.meta.dirname, '../lambdas/domain/classifier/data/corpus/same-story.jsonl');
const pairs = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as { a: Side; b: Side; same: boolean })
  .filter((pair) => splitOf(pair.a.outlet) === split || splitOf(pair.b.outlet) === split);
const side = (value: Side) => ({ title: value.title ?? value.summary ?? '', summary: value.title ? value.summary : null, publishedAt: value.publishedAt ?? null });
const scored = pairs.map((pair) => ({ same: pair.same, score: sameStory(side(pair.a), side(pair.b))?.score ?? 0 }));

const headlines = readFileSync(path.join(path.dirname(file), 'headlines.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as { title: string | null; summary: string | null; outlet: string; label: string })
  .filter((row) => row.label === 'on-beat' && row.title && splitOf(row.outlet) === split)
  .map((row) => ({ outlet: row.outlet, profile: storyProfile({ title: row.title ?? '', summary: row.summary }) }));
const headlineScores = headlines.flatMap((first, index) => headlines.slice(index + 1).filter((second) => second.outlet !== first.outlet).map((second) => storyScore(first.profile, second.profile)));

console.log(`${split}: ${pairs.length} pairs (${scored.filter((pair) => pair.same).length} same); shipped threshold ${SAME_STORY_AT}`);
for (let step = 4; step <= 50; step += 1) {
  const threshold = step / 100;
  const truePositives = scored.filter((pair) => pair.same && pair.score >= threshold).length;
  const predicted = scored.filter((pair) => pair.score >= threshold).length;
  const actual = scored.filter((pair) => pair.same).length;
  const precision = predicted ? truePositives / predicted : 0;
  const recall = actual ? truePositives / actual : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const joinRate = headlineScores.filter((score) => score >= threshold).length / headlineScores.length;
  console.log(`  ${threshold.toFixed(2)}  precision ${precision.toFixed(3)}  recall ${recall.toFixed(3)}  F1 ${f1.toFixed(3)}  headline pairs joined ${(joinRate * 1000).toFixed(2)} per 1,000`);
}
