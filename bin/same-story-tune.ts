/**
 * `npm run same-story-tune`: chooses the same-story rule's weights (STORY_WEIGHTS) on the tuning pairs
 * only, and reports them on the held-out pairs. The real pairs (same-story.jsonl: same-event pairs and
 * same-subject, different-event pairs) are split by event (`pairSplits`, story scheme): train + validation
 * tune, test reports; the final set's pairs are never read. Each candidate is scored through exactly the
 * ingest's code (normalise, `storyEvidence`, `scoreOf`). A real window also holds hundreds of unrelated
 * same-beat stories, each a chance to hide a story's card by a false join, so a candidate must join at
 * most 1 in 2,000 cross-outlet pairs of the tuning side's on-beat headlines of different stories, their
 * days spread over the ingest's seven-day window (`unrelatedJoinRate`). Among those, the best tuning F1 wins; the grid's
 * ties go to the smaller weights.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonLines, type CorpusHeadline } from '#domain/classifier/corpus.ts';
import { sameStoryEvidence } from '#domain/classifier/headline.ts';
import { corpusSplits, pairSplits, type StoryPair } from '#domain/classifier/splits.ts';
import { scoreOf, STORY_WEIGHTS, storyEvidence, storyProfile, unrelatedJoinRate, type StoryEvidence, type StoryWeights } from '#domain/content/story-cluster.ts';

const dataDir = path.resolve(import.meta.dirname, '../data/classifier/corpus');
const pairs = parseJsonLines<StoryPair>(readFileSync(path.join(dataDir, 'same-story.jsonl'), 'utf8'));
const rows = parseJsonLines<CorpusHeadline>(readFileSync(path.join(dataDir, 'headlines.jsonl'), 'utf8')).filter((row) => row.title);
const pairSides = pairSplits(pairs);
const splits = corpusSplits(rows, pairs);
const side = (value: StoryPair['a']) => ({ title: value.title ?? value.summary ?? '', summary: value.title ? value.summary : null, publishedAt: value.publishedAt ?? null });
const evidenceOf = (chosen: (side: string) => boolean) =>
  pairs.flatMap((pair, index) => (chosen(pairSides[index]!.story) ? [{ same: pair.same, evidence: sameStoryEvidence(side(pair.a), side(pair.b)) }] : [])).filter((entry): entry is { same: boolean; evidence: StoryEvidence } => entry.evidence !== null);
const tuning = evidenceOf((name) => name === 'train' || name === 'validation');
const heldOut = evidenceOf((name) => name === 'test');

function figures(scored: ReadonlyArray<{ same: boolean; evidence: StoryEvidence }>, weights: StoryWeights) {
  let [both, said, truth] = [0, 0, 0];
  for (const { same, evidence } of scored) {
    const joined = scoreOf(evidence, weights) >= weights.threshold;
    if (joined && same) both += 1;
    if (joined) said += 1;
    if (same) truth += 1;
  }
  const [precision, recall] = [said ? both / said : 0, truth ? both / truth : 0];
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0 };
}

// Cross-outlet pairs of the tuning side's on-beat headlines of different stories (undated here: the join
// rate spreads them over the ingest's seven days of earlier stories).
const headlines = rows
  .map((row, index) => ({ row, index }))
  .filter(({ row, index }) => row.label === 'on-beat' && ['train', 'validation'].includes(splits.sides[index]!.story))
  .map(({ row, index }) => ({ story: splits.story[index], outlet: row.outlet, profile: storyProfile({ title: row.title, summary: row.summary }) }));
const unrelated: StoryEvidence[] = [];
headlines.forEach((first, index) => {
  for (const second of headlines.slice(index + 1)) {
    // Copies of one story (joined by the story split's grouping) are not false joins.
    if (second.outlet === first.outlet || second.story === first.story) continue;
    const evidence = storyEvidence(first.profile, second.profile);
    // Pairs under 0.1 cosine never reach a threshold of this grid, whatever the bonuses: skip them to save memory.
    if (evidence.cosine >= 0.1) unrelated.push(evidence);
  }
});
const unrelatedTotal = (headlines.length * (headlines.length - 1)) / 2;
const joinRate = (weights: StoryWeights) => unrelatedJoinRate(unrelated, unrelatedTotal, weights);

const candidates: StoryWeights[] = [];
for (let threshold = 0.2; threshold <= 0.6001; threshold += 0.02)
  for (const sameDayBonus of [0, 0.1, 0.2, 0.3])
    for (const namesDisagreePenalty of [0, 0.05, 0.1, 0.2, 1])
      for (const figuresDisagreePenalty of [0, 0.05, 0.1, 0.2, 1])
        for (const yearsDisagreePenalty of [0, 0.1, 0.3, 1])
          for (const placesDisagreePenalty of [0, 0.3])
            for (const windowDays of [2, 7]) candidates.push({ ...STORY_WEIGHTS, threshold: Number(threshold.toFixed(2)), sameDayBonus, namesDisagreePenalty, figuresDisagreePenalty, yearsDisagreePenalty, placesDisagreePenalty, windowDays });

const ranked = candidates.map((weights) => ({ weights, tune: figures(tuning, weights) })).sort((a, b) => b.tune.f1 - a.tune.f1);
const show = (name: string, weights: StoryWeights) => {
  const [tune, test] = [figures(tuning, weights), figures(heldOut, weights)];
  console.log(`${name.padEnd(9)} tuning F1 ${tune.f1.toFixed(3)} (P ${tune.precision.toFixed(3)}, R ${tune.recall.toFixed(3)})  held-out F1 ${test.f1.toFixed(3)} (P ${test.precision.toFixed(3)}, R ${test.recall.toFixed(3)})  unrelated joined ${(joinRate(weights) * 1000).toFixed(2)} per 1,000`);
  console.log(`          ${JSON.stringify(weights)}`);
};
const chosen = ranked.find(({ weights }) => joinRate(weights) <= 1 / 2000)!;
if (process.argv.includes('--top')) for (const { weights } of ranked.filter(({ weights }) => joinRate(weights) <= 1 / 2000).slice(0, 8)) show('allowed', weights);
console.log(`Pairs: ${tuning.length} tuning (${tuning.filter((entry) => entry.same).length} same), ${heldOut.length} held out (${heldOut.filter((entry) => entry.same).length} same); ${unrelatedTotal} unrelated headline pairs; ${candidates.length} candidates`);
show('shipped', STORY_WEIGHTS);
show('chosen', chosen.weights);
