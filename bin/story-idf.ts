/**
 * `npm run story-idf`: rebuilds data/story-idf.json, the document frequencies story clustering
 * weighs words (in their plain form, storyTerms) by, from the real-headline corpus (title + summary of every row). Words seen once are left
 * out: they weigh as unseen words, and the file stays small enough for the ingest Lambda.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { storyTerms } from '#domain/content/story-cluster.ts';

const root = path.resolve(import.meta.dirname, '..');
const rows = readFileSync(path.join(root, 'data/classifier/corpus/headlines.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as { title: string | null; summary: string | null });
const counts = new Map<string, number>();
for (const row of rows) for (const word of new Set(storyTerms(`${row.title ?? ''} ${row.summary ?? ''}`))) counts.set(word, (counts.get(word) ?? 0) + 1);
const frequencies = Object.fromEntries([...counts].filter(([, count]) => count >= 2).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(path.join(root, 'data/story-idf.json'), `${JSON.stringify({ documents: rows.length, frequencies })}\n`);
console.log(`${rows.length} documents, ${Object.keys(frequencies).length} words`);
