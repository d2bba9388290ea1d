/**
 * Search in tiers at 1,000,000 generated articles (lambdas/domain/reader/search-tiers.ts): the snapshot
 * step's work (build every month's shard and the recent tier, write them; rewrite after one ingest), then
 * a reader instance in a process of its own (search-tiers-reader.ts, so its memory is its own): the recent
 * tier's cold start, archive searches cold (shard loads) and warm, and its memory with the shard cache at
 * the cap the articles function's memory gives.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isArchivedMonth, monthOf, recentTierStart, type ArchiveManifest } from '#domain/reader/search-tiers.ts';
import { generatedArticle } from './search.ts';

const TIER_ARTICLES = Number(process.env.BENCH_TIER_ARTICLES ?? 1_000_000);
/** The recent tier's reach (config SEARCH_RECENT_DAYS's default). */
const RECENT_DAYS = 45;
/** Generated articles are 100 s apart (864 a day); the newest is published just before "now". */
const NOW = Date.parse('2026-11-27T00:00:00.000Z');

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export async function runSearchTiersBench(): Promise<void> {
  process.env.TABLE_NAME ??= 'search-bench';
  const { ArticleSearchIndex } = await import('../../lambdas/search/article-index.ts');
  const start = NOW - TIER_ARTICLES * 100_000;
  const recentFrom = recentTierStart(NOW, RECENT_DAYS);
  console.log(`\nSearch in tiers: ${TIER_ARTICLES.toLocaleString('en')} generated articles (${(TIER_ARTICLES / 864 / 30.4).toFixed(0)} months at 864 a day), recent tier from ${recentFrom} (${RECENT_DAYS} days, whole months), one archive shard per older month`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cnh-tiers-'));
  try {
    const manifest: ArchiveManifest = { recentFrom, shards: [] };
    const recent = new ArticleSearchIndex();
    let shard = new ArticleSearchIndex();
    let shardMonth = monthOf(start);
    let buildMs = 0;
    let writeMs = 0;
    let written = 0;
    const flushShard = () => {
      const at = performance.now();
      const bytes = shard.toSnapshot(NOW);
      writeFileSync(path.join(dir, `archive-${shardMonth}`), bytes);
      writeMs += performance.now() - at;
      written += bytes.length;
      manifest.shards.push({ month: shardMonth, articles: shard.size, bytes: bytes.length });
      shard = new ArticleSearchIndex();
    };
    const began = performance.now();
    for (let n = 0; n < TIER_ARTICLES; n += 1) {
      const article = generatedArticle(n, start);
      const month = monthOf(Date.parse(article.originalPublishedAt));
      if (month !== shardMonth && isArchivedMonth(shardMonth, recentFrom)) {
        flushShard();
        if (manifest.shards.length % 6 === 0) console.log(`  ... ${manifest.shards.length} shards written, ${n.toLocaleString('en')} articles, ${seconds(performance.now() - began)}`);
      }
      shardMonth = month;
      const at = performance.now();
      (isArchivedMonth(month, recentFrom) ? shard : recent).put(article);
      buildMs += performance.now() - at;
    }
    let at = performance.now();
    const recentBytes = recent.toSnapshot(NOW, manifest);
    writeFileSync(path.join(dir, 'recent'), recentBytes);
    const recentWriteMs = performance.now() - at;
    const archived = manifest.shards.reduce((sum, entry) => sum + entry.articles, 0);
    const shardBytes = manifest.shards.map((entry) => entry.bytes).sort((a, b) => a - b);
    console.log(
      `  snapshot step, all at once: indexed in ${seconds(buildMs)}; ${manifest.shards.length} shards (${archived.toLocaleString('en')} articles, ${mb(written)}, ` +
        `${mb(shardBytes[0] ?? 0)}-${mb(shardBytes.at(-1) ?? 0)} each) serialised and written in ${seconds(writeMs)}; recent tier ${recent.size.toLocaleString('en')} articles, ${mb(recentBytes.length)} in ${seconds(recentWriteMs)}`,
    );

    // One ingest afterwards: 60 new articles in the recent tier and a view on one archived article.
    at = performance.now();
    for (let n = TIER_ARTICLES; n < TIER_ARTICLES + 60; n += 1) recent.put(generatedArticle(n, start));
    writeFileSync(path.join(dir, 'recent-next'), recent.toSnapshot(NOW + 1_800_000, manifest));
    const recentRewriteMs = performance.now() - at;
    at = performance.now();
    const changed = { ...generatedArticle(Math.floor(TIER_ARTICLES / 3), start), viewsCount: 7 };
    const changedMonth = monthOf(Date.parse(changed.originalPublishedAt));
    const loaded = ArticleSearchIndex.fromSnapshot(readFileSync(path.join(dir, `archive-${changedMonth}`))).index;
    loaded.put(changed);
    writeFileSync(path.join(dir, `archive-${changedMonth}-next`), loaded.toSnapshot(NOW + 1_800_000));
    const shardRewriteMs = performance.now() - at;
    console.log(`  snapshot step after one ingest (60 new, 1 archived article changed): recent tier ${seconds(recentRewriteMs)} + its one shard ${seconds(shardRewriteMs)} (read, changed, written), the other ${manifest.shards.length - 1} shards untouched`);

    const reader = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(new URL('./search-tiers-reader.ts', import.meta.url)), dir], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, LOG_LEVEL: 'error' },
      maxBuffer: 16 * 1024 * 1024,
    });
    const line = reader.stdout.split('\n').find((text) => text.startsWith('TIERS '));
    if (!line) throw new Error(`the tier reader printed no figures (exit ${reader.status}): ${reader.stdout.slice(-2000)}`);
    for (const text of (JSON.parse(line.slice(6)) as { lines: string[] }).lines) console.log(`  ${text}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
