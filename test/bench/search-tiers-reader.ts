/**
 * The reader instance of the tiers bench (search-tiers.ts), in a process of its own: loads the recent
 * tier from its file, then answers archive searches with shards read from theirs into the shard cache at
 * the articles function's cap, and prints its figures as one `TIERS {...}` line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { archiveMonthsToRead, loadedShardBytes } from '#domain/reader/search-tiers.ts';
import { stack, searchArchiveCacheMb } from '../../lib/stack-description.ts';
import { ArticleSearchIndex } from '../../lambdas/search/article-index.ts';
import { ShardCache } from '../../lambdas/search/shard-cache.ts';
import { pageAcrossTiers, type Tier } from '../../lambdas/search/tiered-query.ts';
import { percentile, queries } from './search.ts';

const dir = process.argv[2] as string;
const PAGE = 45;
const lines: string[] = [];
const ms = (value: number) => `${value.toFixed(0)} ms`;
const memory = () => {
  global.gc?.();
  const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
  return { heap: (heapUsed + arrayBuffers) / 1024 / 1024, rss: rss / 1024 / 1024 };
};

const before = memory();
const started = performance.now();
const bytes = readFileSync(path.join(dir, 'recent'));
const { index: recent, archive } = ArticleSearchIndex.fromSnapshot(bytes);
const loadMs = performance.now() - started;
const afterRecent = memory();
lines.push(
  `recent tier cold start: ${recent.size.toLocaleString('en')} articles, snapshot ${(bytes.length / 1024 / 1024).toFixed(0)} MB loaded from a file in ${ms(loadMs)} ` +
    `(S3 transfer on top: ~${(bytes.length / 1024 / 1024 / 90).toFixed(1)} s at 90 MB/s); heap and arrays ${(afterRecent.heap - before.heap).toFixed(0)} MB, process RSS ${afterRecent.rss.toFixed(0)} MB`,
);

const articlesFn = stack.functions.find((fn) => fn.name === 'articles');
const capMb = searchArchiveCacheMb(articlesFn?.memoryMb);
const cache = new ShardCache<ArticleSearchIndex>(capMb * 1024 * 1024);
let shardLoads = 0;
let shardLoadMs = 0;
const shard = (month: string): Promise<ArticleSearchIndex> => {
  const held = cache.get(month);
  if (held) return Promise.resolve(held);
  const at = performance.now();
  const shardBytes = readFileSync(path.join(dir, `archive-${month}`));
  const index = ArticleSearchIndex.fromSnapshot(shardBytes).index;
  cache.set(month, index, loadedShardBytes(shardBytes.length));
  shardLoads += 1;
  shardLoadMs += performance.now() - at;
  return Promise.resolve(index);
};
const months = archiveMonthsToRead((archive?.shards ?? []).map((entry) => entry.month), { oldestFirst: false });
const tiers: Tier[] = [() => Promise.resolve(recent), ...months.map((month) => () => shard(month))];
const oldestTiers: Tier[] = [...[...months].reverse().map((month) => () => shard(month)), () => Promise.resolve(recent)];

// Archive searches: the page just past a word's matches in the recent tier (the reader paging on into
// the archive), and rare words, whose few matches the recent tier cannot fill a page with.
const list = queries();
const archiveQueries = [
  ...list.filter((query) => query.kind === 'one word' || query.kind === 'two words').slice(0, 16).map((query) => ({ kind: 'page past the recent tier', q: query.text, offset: recent.query({ q: query.text, limit: 0 }).total })),
  ...list.filter((query) => query.kind === 'rare word').slice(0, 6).map((query) => ({ kind: 'rare word', q: query.text, offset: 0 })),
  ...list.filter((query) => query.kind === 'one word').slice(20, 28).map((query) => ({ kind: 'Oldest first', q: query.text, offset: 0, oldest: true })),
];
const run = (cold: boolean) => {
  const results: Array<{ kind: string; ms: number; loads: number; found: number; lowerBound: boolean }> = [];
  return (async () => {
    for (const query of archiveQueries) {
      if (cold) for (const key of cache.keys()) cache.delete(key);
      recent.clearTextCache();
      const loadsBefore = shardLoads;
      const at = performance.now();
      const oldest = 'oldest' in query;
      const page = await pageAcrossTiers(oldest ? oldestTiers : tiers, { q: query.q, offset: query.offset, limit: PAGE, ...(oldest ? { sort: 'oldest' as const } : {}) });
      results.push({ kind: query.kind, ms: performance.now() - at, loads: shardLoads - loadsBefore, found: page.items.length, lowerBound: page.totalIsLowerBound });
    }
    return results;
  })();
};
const summary = (results: Awaited<ReturnType<typeof run>>, kind: string) => {
  const picked = results.filter((result) => result.kind === kind);
  const sorted = picked.map((result) => result.ms).sort((a, b) => a - b);
  const loads = picked.reduce((sum, result) => sum + result.loads, 0) / Math.max(1, picked.length);
  return `${kind} p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))} (${loads.toFixed(1)} shard loads a query, ${picked.filter((result) => result.found === PAGE).length}/${picked.length} full pages)`;
};
const cold = await run(true);
lines.push(`archive search, cold (each query starts with no shard held): ${summary(cold, 'page past the recent tier')}; ${summary(cold, 'Oldest first')}; ${summary(cold, 'rare word')}`);
lines.push(`  a shard loads in ${ms(shardLoadMs / Math.max(1, shardLoads))} on average (${shardLoads} loads)`);
await run(false); // fills the cache as readers would
const warm = await run(false);
lines.push(`archive search, warm (the cache as the same queries left it): ${summary(warm, 'page past the recent tier')}; ${summary(warm, 'Oldest first')}; ${summary(warm, 'rare word')}`);
// Then every month in turn, as readers searching the whole archive would: the cache fills to its cap and evicts.
let evicted = 0;
for (const month of months) {
  const held = cache.size;
  await shard(month);
  if (cache.size <= held) evicted += 1;
}
const atCap = memory();
lines.push(
  `memory of the instance with the shard cache at its cap (${capMb} MB of the articles function's ${articlesFn?.memoryMb ?? 0} MB), after reading all ${months.length} months: ${cache.size} shards held (${(cache.bytes / 1024 / 1024).toFixed(0)} MB counted, ${evicted} loads evicted one), ` +
    `heap and arrays ${atCap.heap.toFixed(0)} MB, RSS ${atCap.rss.toFixed(0)} MB`,
);
console.log(`TIERS ${JSON.stringify({ lines })}`);
