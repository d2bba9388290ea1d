/**
 * `npm run same-story-tune [-- --top]`: chooses the same-event rule's settings (EVENT_WEIGHTS,
 * lambdas/domain/topics/same-event.ts) on the TRAIN pairs of the source-and-time split
 * (`sourceTimePairSplit`: older pairs whose outlets appear in no later side, balanced same-event against
 * same-subject different-event) and shows them on its VALIDATION pairs (newer, outlets unseen in train).
 * The test and final pairs are never read here: `npm run eval` reports them. Precision first: among the
 * candidates whose precision on the train and validation pairs is at least PRECISION_FLOOR, on the pairs dated
 * on both sides and on the others apart, and that join at most 1 in 2,000 cross-outlet pairs of unrelated
 * on-beat train headlines spread over the ingest's seven days (`unrelatedEventJoinRate`), the best recall on
 * them wins; ties go to the earlier candidate of the grid (stricter settings first). `--dated-curve` shows
 * lower thresholds for dated pairs with the undated need kept at 0.55.
 * `--moderator-pairs=<file>`: moderators' splits and joins exported by `npm run story-pairs`,
 * added to the TRAIN pairs (never to validation or test: they are the ingest's own mistakes, judged by hand).
 * A pair side without a printed headline reads its address's slug as its headline (`pairStoryText`; the ingest
 * always has one); `--no-slug` reads its summary as the headline instead, as the first round did. `--views`
 * shows the best candidate of each text view (whole, headlines, leads) and `--floor=0.91` another precision floor.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseJsonLines, type CorpusHeadline } from '#domain/classifier/corpus.ts';
import { sameEventEvidence } from '#domain/classifier/headline.ts';
import { corpusSplits, pairStoryText, sourceTimePairSplit, type StoryPair } from '#domain/classifier/splits.ts';
import { EVENT_WEIGHTS, eventCosine, eventEvidence, eventProfile, judgeEvidence, unrelatedEventJoinRate, type EventEvidence, type EventView, type EventWeights } from '#domain/topics/same-event.ts';

/** Tuning precision a candidate must reach on each group: above the 0.9 goal, by about the width of its sampling error on ~70 joins. */
const PRECISION_FLOOR = Number(process.argv.find((arg) => arg.startsWith('--floor='))?.slice(8) ?? 0.93);

const dataDir = path.resolve(import.meta.dirname, '../data/classifier/corpus');
const pairs = parseJsonLines<StoryPair>(readFileSync(path.join(dataDir, 'same-story.jsonl'), 'utf8'));
const rows = parseJsonLines<CorpusHeadline>(readFileSync(path.join(dataDir, 'headlines.jsonl'), 'utf8')).filter((row) => row.title);
const { sides } = sourceTimePairSplit(pairs);
const moderatorFile = process.argv.find((arg) => arg.startsWith('--moderator-pairs='))?.slice('--moderator-pairs='.length);
const moderatorPairs = moderatorFile ? parseJsonLines<StoryPair>(readFileSync(moderatorFile, 'utf8')) : [];
// A side without a printed headline reads its address's (`slugTitle`), as the ingest always has one; `--no-slug` reads the summary as its title instead (the harness before 2026-11-29's second round).
const slug = !process.argv.includes('--no-slug');
const side = (value: StoryPair['a']) => pairStoryText(value, slug);
const evidenceOn = (wanted: string) =>
  pairs.flatMap((pair, index) => {
    if (sides[index] !== wanted) return [];
    const evidence = sameEventEvidence(side(pair.a), side(pair.b));
    return evidence ? [{ same: pair.same, evidence }] : [];
  });
const train = [
  ...evidenceOn('train'),
  ...moderatorPairs.flatMap((pair) => {
    const evidence = sameEventEvidence(side(pair.a), side(pair.b));
    return evidence ? [{ same: pair.same, evidence }] : [];
  }),
];
if (moderatorFile) console.log(`${moderatorPairs.length} moderator pairs added to the train pairs from ${moderatorFile}`);
const validation = evidenceOn('validation');

function figures(scored: ReadonlyArray<{ same: boolean; evidence: EventEvidence }>, weights: EventWeights) {
  let [both, said, truth] = [0, 0, 0];
  for (const { same, evidence } of scored) {
    const joined = judgeEvidence(evidence, weights).same;
    if (joined && same) both += 1;
    if (joined) said += 1;
    if (same) truth += 1;
  }
  const [precision, recall] = [said ? both / said : 0, truth ? both / truth : 0];
  return { precision, recall, f1: precision + recall ? (2 * precision * recall) / (precision + recall) : 0, both, said, truth };
}

// Cross-outlet pairs of on-beat headlines of different stories, from outlets of the train pairs' side of
// the corpus (the story split's train and validation rows; undated here: the join rate spreads them over the
// ingest's seven days of earlier stories).
const splits = corpusSplits(rows, pairs);
const headlines = rows
  .map((row, index) => ({ row, index }))
  .filter(({ row, index }) => row.label === 'on-beat' && ['train', 'validation'].includes(splits.sides[index]!.story))
  .map(({ row, index }) => ({ story: splits.story[index], outlet: row.outlet, profile: eventProfile({ title: row.title, summary: row.summary }) }));
const unrelated: EventEvidence[] = [];
headlines.forEach((first, index) => {
  for (const second of headlines.slice(index + 1)) {
    if (second.outlet === first.outlet || second.story === first.story) continue;
    // Pairs under 0.1 cosine never reach a threshold of this grid, whatever the bonuses.
    if (Math.max(eventCosine(first.profile, second.profile, false), eventCosine(first.profile, second.profile, true, 'leads')) >= 0.1) unrelated.push(eventEvidence(first.profile, second.profile));
  }
});
const unrelatedTotal = (headlines.length * (headlines.length - 1)) / 2;
const joinRate = (weights: EventWeights) => unrelatedEventJoinRate(unrelated, unrelatedTotal, weights);

// No bonus for shared rare words (`rareBonus` stays 0): a rare word two reports share is the subject's as often as
// the event's ("finfluencers" in SEBI's proposal and in its circular after it). On the 1,220 pairs the grid's best
// candidate with it tied the best without it on the tuning pairs (117/123, 117/185), and the browser journey of a
// topic's follower showed it joining a proposal and a later circular.
const candidates: EventWeights[] = [];
for (const threshold of [0.5, 0.45, 0.4, 0.35, 0.3, 0.26, 0.22, 0.18])
  for (const undatedPenalty of [0.4, 0.35, 0.3, 0.25, 0.2, 0.15, 0.1, 0.05, 0])
    for (const noKindPenalty of [0.1, 0.05, 0])
      for (const figuresDisagreeUnless of [0.6, 1.01])
        for (const entityBonus of [0, 0.05])
          for (const kindsMustAgree of [true, false])
            for (const window of [2, 3])
              for (const stemmed of [false, true])
                for (const views of ['whole', 'headlines', 'leads'] as EventView[])
                  for (const placesAsNames of [false, true])
              candidates.push({
                ...EVENT_WEIGHTS,
                views,
                placesAsNames,
                threshold,
                undatedPenalty,
                noKindPenalty,
                figuresDisagreeUnless,
                entityBonus,
                kindsMustAgree,
                stemmed,
                rareBonus: 0,
                windowDays: Object.fromEntries(Object.keys(EVENT_WEIGHTS.windowDays).map((kind) => [kind, kind === 'report' || kind === 'campaign' ? window + 1 : window])) as EventWeights['windowDays'],
              });

const tuning = [...train, ...validation];
// The rule knows whether a pair is dated (the ingest's always are; the corpus's often are not), and the window
// does much of the work on dated pairs: the floor holds on each group, so neither spends the other's precision.
const dated = tuning.filter(({ evidence }) => evidence.daysApart !== null);
const undated = tuning.filter(({ evidence }) => evidence.daysApart === null);
const scored = candidates.map((weights) => ({ weights, tune: figures(tuning, weights), dated: figures(dated, weights), undated: figures(undated, weights) }));
const allowed = scored.filter((entry) => entry.dated.precision >= PRECISION_FLOOR && entry.undated.precision >= PRECISION_FLOOR).sort((a, b) => b.tune.recall - a.tune.recall);
const show = (name: string, weights: EventWeights) => {
  const [tune, check, pooled] = [figures(train, weights), figures(validation, weights), figures(tuning, weights)];
  const cell = (figure: ReturnType<typeof figures>) => `P ${figure.precision.toFixed(3)} (${figure.both}/${figure.said}) R ${figure.recall.toFixed(3)} (${figure.both}/${figure.truth}) F1 ${figure.f1.toFixed(3)}`;
  console.log(`${name.padEnd(9)} train ${cell(tune)}  validation ${cell(check)}  both ${cell(pooled)}  unrelated joined ${(joinRate(weights) * 1000).toFixed(2)} per 1,000`);
  console.log(`          both, dated pairs ${cell(figures(dated, weights))}  undated pairs ${cell(figures(undated, weights))}`);
  console.log(`          ${JSON.stringify(weights)}`);
};
console.log(`Pairs (source-and-time split): ${train.length} train (${train.filter((entry) => entry.same).length} same), ${validation.length} validation (${validation.filter((entry) => entry.same).length} same); ${dated.length} of them dated on both sides (${dated.filter((entry) => entry.same).length} same); ${unrelatedTotal} unrelated headline pairs; ${candidates.length} candidates`);
const chosen = allowed.find(({ weights }) => joinRate(weights) <= 1 / 2000);
show('shipped', EVENT_WEIGHTS);
if (chosen) show('chosen', chosen.weights);
else console.log(`no candidate reaches precision ${PRECISION_FLOOR} on dated and undated tuning pairs within the unrelated-join limit`);
if (process.argv.includes('--dated-curve'))
  for (const threshold of [0.45, 0.4, 0.35, 0.3, 0.26, 0.22])
    for (const noKindPenalty of [0, 0.1, 0.2]) show(`t ${threshold} nk ${noKindPenalty}`, { ...EVENT_WEIGHTS, threshold, noKindPenalty, undatedPenalty: 0.55 - threshold });
if (process.argv.includes('--top')) for (const { weights } of allowed.filter(({ weights }) => joinRate(weights) <= 1 / 2000).slice(0, 8)) show('allowed', weights);
if (process.argv.includes('--views')) {
  for (const views of ['whole', 'headlines', 'leads'] as EventView[]) {
    const ofView = allowed.filter(({ weights }) => weights.views === views);
    const top = ofView[0];
    if (top) show(`top ${views}`, top.weights);
    let checked = 0;
    const within = ofView.find(({ weights }) => (checked += 1) <= 400 && joinRate(weights) <= 1 / 2000);
    if (within) show(`ok ${views}`, within.weights);
    else console.log(`${views}: none of the first ${checked} within the unrelated-join limit`);
  }
}
