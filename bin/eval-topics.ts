/**
 * `npm run eval:topics [-- --errors] [-- --final]`: the topics tagger (lambdas/domain/topics) against the
 * hand-labelled headlines in data/topics/labelled-headlines.jsonl (rules: data/topics/README.md).
 * Precision and recall per kind and overall with counts and a 95 % Wilson interval, India-cue recall and
 * "precision" (india=false headlines with no cue), and the speed over the whole file.
 * Dev split by default; `--errors` lists dev's misses and false tags. `--final` scores the TEST split, the final
 * test set: run it once, when every choice is made, and write the day in the README's "Last looked at" line.
 * It never lists test errors: nothing may be tuned on them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { wilson } from '#domain/classifier/evaluate.ts';
import { ENTITY_KINDS, indiaCues, SEED_CATALOGUE, tagEntities, type EntityKind } from '#domain/topics/index.ts';

interface Row {
  id: string;
  title: string;
  entities: Array<{ text: string; id: string; kind: EntityKind }>;
  india: boolean;
  indiaCues: string[];
  split: 'dev' | 'test';
}

const args = new Set(process.argv.slice(2));
const final = args.has('--final');
const split = final ? 'test' : 'dev';
const file = path.resolve(import.meta.dirname, '../data/topics/labelled-headlines.jsonl');
const all = readFileSync(file, 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as Row);
const rows = all.filter((row) => row.split === split);

if (final) {
  console.log('*** FINAL TEST SPLIT: the final test set. Report these figures as they are, change nothing because of them,');
  console.log('*** and write today\'s date in data/topics/README.md ("Last looked at"). ***\n');
}

const cell = (successes: number, total: number) => {
  const { value, low, high } = wilson(successes, total);
  return Number.isNaN(value) ? `  n/a         ${successes}/${total}`.padEnd(28) : `${value.toFixed(3)} [${low.toFixed(2)},${high.toFixed(2)}] ${successes}/${total}`.padEnd(28);
};

type Tally = { tagged: number; taggedRight: number; labelled: number; labelledFound: number };
const tallies = new Map<EntityKind | 'all', Tally>([...ENTITY_KINDS, 'all' as const].map((kind) => [kind, { tagged: 0, taggedRight: 0, labelled: 0, labelledFound: 0 }]));
const errors: string[] = [];
let indiaTrue = 0;
let indiaTrueCued = 0;
let indiaFalse = 0;
let indiaFalseClean = 0;

for (const row of rows) {
  const key = (id: string, kind: string) => `${id}\u0000${kind}`;
  const gold = new Set(row.entities.map((entity) => key(entity.id, entity.kind)));
  const mentions = tagEntities(row.title);
  const found = new Set(mentions.map((mention) => key(mention.id, mention.kind)));
  for (const pair of found) {
    const kind = pair.split('\u0000')[1] as EntityKind;
    for (const name of [kind, 'all'] as const) {
      const tally = tallies.get(name)!;
      tally.tagged++;
      if (gold.has(pair)) tally.taggedRight++;
    }
    if (!gold.has(pair)) errors.push(`${row.id} FALSE ${pair.replace('\u0000', ':')} (${mentions.find((mention) => key(mention.id, mention.kind) === pair)?.text}) | ${row.title}`);
  }
  for (const pair of gold) {
    const kind = pair.split('\u0000')[1] as EntityKind;
    for (const name of [kind, 'all'] as const) {
      const tally = tallies.get(name)!;
      tally.labelled++;
      if (found.has(pair)) tally.labelledFound++;
    }
    if (!found.has(pair)) errors.push(`${row.id} MISS  ${pair.replace('\u0000', ':')} (${row.entities.find((entity) => key(entity.id, entity.kind) === pair)?.text}) | ${row.title}`);
  }
  const cues = indiaCues(row.title);
  if (row.india) {
    indiaTrue++;
    if (cues.length) indiaTrueCued++;
    else errors.push(`${row.id} INDIA-NO-CUE | ${row.title}`);
  } else {
    indiaFalse++;
    if (!cues.length) indiaFalseClean++;
    else errors.push(`${row.id} FALSE-CUE ${cues.map((cue) => cue.text).join(', ')} | ${row.title}`);
  }
}

console.log(`topics tagger on the ${split} split: ${rows.length} headlines, ${SEED_CATALOGUE.entities.size} catalogue entities, ${SEED_CATALOGUE.aliasCount} surface forms`);
console.log('scored on the set of (id, kind) per headline; 95 % Wilson intervals\n');
console.log(`${'kind'.padEnd(10)} ${'precision'.padEnd(28)} ${'recall'.padEnd(28)}`);
for (const [kind, tally] of tallies) console.log(`${kind.padEnd(10)} ${cell(tally.taggedRight, tally.tagged)} ${cell(tally.labelledFound, tally.labelled)}`);
console.log('');
console.log(`India-cue recall    (india=true headlines with >= 1 cue)  ${cell(indiaTrueCued, indiaTrue)}`);
console.log(`India-cue precision (india=false headlines with no cue)   ${cell(indiaFalseClean, indiaFalse)}`);

// Speed: tagging and India cues over every title of the file (timing only; no figure is read from the test rows).
const titles = all.map((row) => row.title);
for (const title of titles) indiaCues(title);
const rounds = 20;
const started = performance.now();
for (let round = 0; round < rounds; round++) for (const title of titles) indiaCues(title);
const perHeadline = ((performance.now() - started) * 1000) / (rounds * titles.length);
console.log(`\nspeed: ${perHeadline.toFixed(1)} µs per headline (tagEntities + indiaCues, ${titles.length} titles x ${rounds} rounds)`);

if (args.has('--errors')) {
  if (final) console.log('\n(--errors is ignored with --final: test errors are not read)');
  else console.log(`\n${errors.length} errors on dev:\n${errors.join('\n')}`);
}
