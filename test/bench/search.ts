/**
 * Search speed: p50/p95 of the in-process index (search/article-index.ts) over 50,000 generated public
 * articles, beside the original's query (ILIKE on title, summary, content, source and tags, newest first,
 * with the exact count) on PostgreSQL over the same articles, in the same run. Also how many of the
 * misspelt queries each finds anything for, how far the ranking agrees with the MiniSearch index it
 * replaced, and the index's cold start from its snapshot (size, load time, heap) at 50,000 and 200,000.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { VOCABULARY, words } from './ingest.ts';
import { runSearchTiersBench } from './search-tiers.ts';

const ARTICLES = Number(process.env.BENCH_ARTICLES ?? 50_000);
/** The larger size the index must hold on one instance, before tiers by age are needed. */
const LARGE_ARTICLES = Number(process.env.BENCH_LARGE_ARTICLES ?? 200_000);
const QUERIES_PER_KIND = 40;
const PAGE = 45;
const PG_PORT = 5499;

export interface Generated {
  id: string;
  title: string;
  summary: string;
  content: string;
  category: string;
  tags: string[];
  sourceUrl: string;
  sourceName: string;
  status: string;
  isDuplicate: boolean;
  relevanceScore: number;
  mlConfidenceScore: number;
  originalPublishedAt: string;
}

function generate(count: number): Generated[] {
  const start = Date.parse('2026-09-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, n) => generatedArticle(n, start));
}

/** The n-th generated article, published `n` steps of 100 s after `start`. */
export function generatedArticle(n: number, start: number): Generated {
  return {
    id: `a${n}`,
    title: words(n * 7 + 1, 10),
    summary: words(n * 7 + 2, 40),
    content: words(n * 7 + 3, 160),
    category: PUBLIC_CATEGORY_SLUGS[n % PUBLIC_CATEGORY_SLUGS.length] as string,
    tags: words(n * 7 + 4, 3).split(' '),
    sourceUrl: `https://example.com/${n}`,
    sourceName: `Publisher ${n % 40}`,
    status: 'published',
    isDuplicate: false,
    relevanceScore: 30 + (n % 71),
    mlConfidenceScore: 0.5 + (n % 50) / 100,
    originalPublishedAt: new Date(start + n * 100_000).toISOString(),
  };
}

/** A one-edit typo (two letters swapped) of a word. */
const swapped = (word: string) => `${word.slice(0, 2)}${word[3] ?? ''}${word[2] ?? ''}${word.slice(4)}`;

export function queries(): Array<{ kind: string; text: string; misspelt: boolean }> {
  const long = VOCABULARY.filter((word) => word.length >= 7);
  const list: Array<{ kind: string; text: string; misspelt: boolean }> = [];
  for (let n = 0; n < QUERIES_PER_KIND; n += 1) {
    const a = VOCABULARY[(n * 7) % VOCABULARY.length] as string;
    const b = VOCABULARY[(n * 13 + 5) % VOCABULARY.length] as string;
    const l = long[(n * 3) % long.length] as string;
    list.push({ kind: 'one word', text: a, misspelt: false });
    list.push({ kind: 'two words', text: `${a} ${b}`, misspelt: false });
    list.push({ kind: 'prefix', text: l.slice(0, 5), misspelt: false });
    list.push({ kind: 'typo', text: swapped(l), misspelt: true });
    list.push({ kind: 'rare word', text: words(n + 90_000, 2).split(' ')[1] as string, misspelt: false });
  }
  return list;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
const ms = (value: number) => `${value.toFixed(2)} ms`;

/**
 * PostgreSQL refuses to run as root: then its programs run as the postgres user, set on the child itself.
 * Not through runuser: runuser ignores SIGINT and outlives a signalled server, so the bench never ended.
 */
function postgresUser(): { uid: number; gid: number } | Record<string, never> {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function startPostgres(): Promise<{ client: pg.Client; stop: () => Promise<void> }> {
  const bin = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'].find((dir) => existsSync(path.join(dir, 'initdb')));
  if (!bin) throw new Error('PostgreSQL not found: apt-get install postgresql');
  const user = postgresUser();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cnh-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  let server: ChildProcess | undefined;
  let client: pg.Client | undefined;
  const stop = async () => {
    await client?.end().catch(() => undefined);
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGINT'); // PostgreSQL's fast shutdown
      const killLater = setTimeout(() => server?.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killLater);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    execFileSync(path.join(bin, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'bench', '--no-sync'], { stdio: 'ignore', ...user });
    server = spawn(path.join(bin, 'postgres'), ['-D', data, '-p', String(PG_PORT), '-k', dir, '-c', 'listen_addresses=', '-c', 'fsync=off', '-c', 'shared_buffers=256MB', '-c', 'work_mem=64MB'], { stdio: 'ignore', ...user });
    for (let attempt = 0; ; attempt += 1) {
      // A failed connect spoils a client: a new one per attempt while the server starts.
      client = new pg.Client({ host: dir, port: PG_PORT, user: 'bench', database: 'postgres' });
      try {
        await client.connect();
        break;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (attempt > 60 || server.exitCode !== null) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { client, stop };
}

/** The original's list query: public rules, ILIKE on each text field (tags joined by spaces), newest first, exact count. */
const ILIKE_QUERY = `
  SELECT id, title, count(*) OVER () AS total FROM articles
  WHERE status = 'published' AND NOT is_duplicate AND relevance_score >= 30 AND category <> 'tools-technology'
    AND (title ILIKE $1 OR summary ILIKE $1 OR content ILIKE $1 OR source_name ILIKE $1 OR tags ILIKE $1)
  ORDER BY published_at DESC LIMIT ${PAGE}`;

type SearchModule = typeof import('../../lambdas/search/article-index.ts');

/** Heap plus the typed arrays' memory (kept outside the heap), in MB. */
const heapMb = () => {
  global.gc?.();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return (heapUsed + arrayBuffers) / 1024 / 1024;
};

/**
 * Builds the index over `count` articles, then measures its snapshot: bytes, time to take it, and the
 * cold start of an instance that has them (decode to a ready index), with the heap each index holds.
 */
async function coldStart(search: SearchModule, articles: Generated[]) {
  const before = heapMb();
  let started = performance.now();
  const index = new search.ArticleSearchIndex();
  for (const article of articles) index.put(article);
  const buildMs = performance.now() - started;
  const builtHeap = heapMb() - before;
  started = performance.now();
  const bytes = index.toSnapshot(Date.now());
  const snapshotMs = performance.now() - started;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cnh-snapshot-'));
  try {
    // Through a file, as a fresh instance gets bytes (from S3, whose transfer comes on top).
    writeFileSync(path.join(dir, 'snapshot'), bytes);
    const beforeLoad = heapMb();
    started = performance.now();
    const { index: loaded } = search.ArticleSearchIndex.fromSnapshot(readFileSync(path.join(dir, 'snapshot')));
    const loadMs = performance.now() - started;
    const loadedHeap = heapMb() - beforeLoad;
    return { index, loaded, buildMs, builtHeap, bytes: bytes.length, snapshotMs, loadMs, loadedHeap };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const mb = (value: number) => `${(value / 1024 / 1024).toFixed(0)} MB`;

/** The index this one replaced, configured as it was (minisearch stays a dev dependency for this comparison). */
async function miniSearchOf(articles: Generated[]) {
  const { default: MiniSearch } = await import('minisearch');
  const vocabulary = new Set<string>();
  const mini = new MiniSearch<{ id: string; title: string; summary: string; content: string; tags: string; sourceName: string }>({
    fields: ['title', 'summary', 'content', 'tags', 'sourceName'],
    storeFields: [],
    searchOptions: {
      boost: { title: 3, tags: 2, summary: 1.5, sourceName: 1.5 },
      combineWith: 'AND',
      prefix: (_term, index, terms) => index === terms.length - 1,
      fuzzy: (term) => (vocabulary.has(term) ? false : term.length >= 7 ? 2 : term.length >= 4 ? 1 : false),
    },
  });
  const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
  for (const article of articles) {
    const document = { id: article.id, title: article.title, summary: article.summary, content: article.content, tags: article.tags.join(' '), sourceName: article.sourceName };
    mini.add(document);
    for (const word of tokenize(Object.values(document).join(' '))) vocabulary.add(word.toLowerCase());
  }
  return mini;
}

export async function runSearchBench(): Promise<void> {
  // BENCH_SEARCH_PART=tiers runs only the 1,000,000-article tiers (search-tiers.ts).
  if (process.env.BENCH_SEARCH_PART === 'tiers') return runSearchTiersBench();
  console.log(`\nSearch: ${ARTICLES.toLocaleString('en')} generated articles, ${QUERIES_PER_KIND * 5} queries (one word, two words, prefix, typo, rare word), page of ${PAGE}`);
  const articles = generate(ARTICLES);
  const list = queries();

  // The index module reads the configuration at load; the bench never touches the table.
  process.env.TABLE_NAME ??= 'search-bench';
  const search = await import('../../lambdas/search/article-index.ts');
  const measured = await coldStart(search, articles);
  const { index } = measured;
  const buildMs = measured.buildMs;

  const timeIndex = (cold: boolean) => list.map(({ text }) => {
    if (cold) index.clearTextCache();
    const at = performance.now();
    const result = index.query({ q: text, limit: PAGE });
    return { ms: performance.now() - at, found: result.total };
  });
  timeIndex(true); // warm-up (the JIT, not the answers)
  const indexRuns = timeIndex(true);
  timeIndex(false); // fills the answer cache
  const repeatedRuns = timeIndex(false);

  // Ranking against the index this one replaced: the same first ten, and the same number of matches?
  let started = performance.now();
  const mini = await miniSearchOf(articles);
  const miniBuildMs = performance.now() - started;
  // Generated texts have fixed field lengths, so many articles tie; a tie may come in either order, so an
  // article of ours counts as agreeing when MiniSearch scores it at least as high as its own tenth.
  const agreement = list.map(({ text }) => {
    const theirs = mini.search(text);
    const theirScore = new Map(theirs.map((match) => [String(match.id), match.score]));
    const tenth = theirs[Math.min(9, theirs.length - 1)]?.score ?? 0;
    const ours = index.query({ q: text, limit: 10 });
    const agreeing = ours.items.filter((item) => (theirScore.get(item.id) ?? -1) >= tenth * (1 - 1e-6)).length;
    return { overlap: agreeing / Math.max(1, Math.min(10, theirs.length)), sameTotal: ours.total === theirs.length, empty: theirs.length === 0 && ours.total === 0 };
  });

  const postgres = await startPostgres();
  try {
    const { client } = postgres;
    await client.query(`CREATE TABLE articles (id text PRIMARY KEY, title text, summary text, content text, category text, tags text, source_name text,
      status text, is_duplicate boolean, relevance_score int, published_at timestamptz)`);
    started = performance.now();
    for (let offset = 0; offset < articles.length; offset += 2000) {
      const batch = articles.slice(offset, offset + 2000);
      await client.query(
        `INSERT INTO articles SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::boolean[], $10::int[], $11::timestamptz[])`,
        [batch.map((a) => a.id), batch.map((a) => a.title), batch.map((a) => a.summary), batch.map((a) => a.content), batch.map((a) => a.category),
          batch.map((a) => a.tags.join(' ')), batch.map((a) => a.sourceName), batch.map((a) => a.status), batch.map((a) => a.isDuplicate),
          batch.map((a) => a.relevanceScore), batch.map((a) => a.originalPublishedAt)],
      );
    }
    const loadMs = performance.now() - started;
    await client.query('CREATE INDEX articles_published ON articles (published_at DESC)');
    await client.query('ANALYZE articles');
    const timePostgres = async (queries: typeof list) => {
      const runs: Array<{ ms: number; found: number }> = [];
      for (const { text } of queries) {
        const at = performance.now();
        const { rows } = await client.query<{ total: string }>(ILIKE_QUERY, [`%${text}%`]);
        runs.push({ ms: performance.now() - at, found: Number(rows[0]?.total ?? 0) });
      }
      return runs;
    };
    await timePostgres(list.slice(0, 10)); // warm-up: the table is in shared buffers after one pass
    const pgRuns = await timePostgres(list);

    const summary = (runs: Array<{ ms: number; found: number }>) => {
      const sorted = runs.map((run) => run.ms).sort((a, b) => a - b);
      const typos = list.flatMap((query, n) => (query.misspelt ? [runs[n] as { found: number }] : []));
      return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), typoHits: typos.filter((run) => run.found > 0).length, typos: typos.length };
    };
    const ours = summary(indexRuns);
    const repeated = summary(repeatedRuns);
    const theirs = summary(pgRuns);
    console.log(`  index: built in ${(buildMs / 1000).toFixed(1)} s, ${measured.builtHeap.toFixed(0)} MB of memory (heap and arrays)${global.gc ? '' : ' (no --expose-gc: rough)'}; MiniSearch (before) built in ${(miniBuildMs / 1000).toFixed(1)} s`);
    console.log(`  PostgreSQL ${(await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version}: loaded in ${(loadMs / 1000).toFixed(1)} s`);
    console.log(`  text index          p50 ${ms(ours.p50)}   p95 ${ms(ours.p95)}   misspelt queries answered ${ours.typoHits}/${ours.typos}   (each query new to the index)`);
    console.log(`  same, asked again    p50 ${ms(repeated.p50)}   p95 ${ms(repeated.p95)}   (answer cache, kept until an article's text changes)`);
    console.log(`  PostgreSQL ILIKE     p50 ${ms(theirs.p50)}   p95 ${ms(theirs.p95)}   misspelt queries answered ${theirs.typoHits}/${theirs.typos}`);
    const kinds = [...new Set(list.map((query) => query.kind))];
    const byKind = (runs: Array<{ ms: number; found: number }>) =>
      kinds.map((kind) => {
        const picked = runs.filter((_, n) => list[n]?.kind === kind);
        const sorted = picked.map((run) => run.ms).sort((a, b) => a - b);
        const found = Math.round(picked.reduce((sum, run) => sum + run.found, 0) / picked.length);
        return `${kind} ${ms(percentile(sorted, 50))}/${ms(percentile(sorted, 95))} (~${found} hits)`;
      }).join('; ');
    console.log(`  by kind, p50/p95, index: ${byKind(indexRuns)}`);
    console.log(`  by kind, p50/p95, ILIKE: ${byKind(pgRuns)}`);
    console.log(`  p95 ratio (ILIKE / index, new queries): ${(theirs.p95 / ours.p95).toFixed(1)}x; p50 ratio ${(theirs.p50 / ours.p50).toFixed(0)}x   goal: index p95 <= 20 ms and >= 20x`);
    const scored = agreement.filter((entry) => !entry.empty);
    console.log(
      `  ranking vs MiniSearch (the index before): first ten among MiniSearch's first ten (ties either way) ${((scored.reduce((sum, entry) => sum + entry.overlap, 0) / scored.length) * 100).toFixed(0)}% on average, ` +
        `same number of matches for ${agreement.filter((entry) => entry.sameTotal).length}/${agreement.length} queries`,
    );
    printColdStart(ARTICLES, measured);
  } finally {
    await postgres.stop();
  }

  // The size one instance must hold: cold start and search speed at 200,000.
  if (LARGE_ARTICLES > ARTICLES) {
    const large = await coldStart(search, generate(LARGE_ARTICLES));
    const runs = list.map(({ text }) => {
      large.loaded.clearTextCache();
      const at = performance.now();
      large.loaded.query({ q: text, limit: PAGE });
      return performance.now() - at;
    });
    const sorted = runs.sort((a, b) => a - b);
    console.log(`  ${LARGE_ARTICLES.toLocaleString('en')} articles: built in ${(large.buildMs / 1000).toFixed(1)} s, ${large.builtHeap.toFixed(0)} MB of memory; search from the loaded snapshot p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}`);
    printColdStart(LARGE_ARTICLES, large);
  }

  await runSearchTiersBench();
}

function printColdStart(count: number, measured: Awaited<ReturnType<typeof coldStart>>): void {
  console.log(
    `  cold start at ${count.toLocaleString('en')}: snapshot ${mb(measured.bytes)} (${(measured.bytes / count).toFixed(0)} bytes an article), taken in ${ms(measured.snapshotMs)}, ` +
      `loaded from a file in ${ms(measured.loadMs)} to a ready index of ${measured.loadedHeap.toFixed(0)} MB (S3 transfer on top: ~${(measured.bytes / 1024 / 1024 / 90).toFixed(1)} s at 90 MB/s)`,
  );
}
