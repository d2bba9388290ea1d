/**
 * The read path under load: N concurrent readers against the local runtime's API on loopback, cycling
 * through list, search, article and widgets requests, bounded in time and in count, over a table seeded
 * with generated published articles. Prints latency p50/p95/p99, requests per second and every answer that
 * is not a 2xx. Each reader keeps one connection from its own loopback address (127.0.0.x), as real readers
 * come from their own addresses: load generators that send everything from one address (autocannon) meet
 * the API's per-address search limit, which is the limit working, not the read path's speed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import pLimit from 'p-limit';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { startLocalRuntime } from '../../lib/local/runtime.ts';
import { localSettings } from '../../lib/local/settings.ts';
import { testArticle } from '../support/articles.ts';
import { VOCABULARY, words } from './ingest.ts';

/** Its own ports: 5600-5699 is the lean-Lambda work's range, the runtime at +100 keeps clear of the tests'. */
const PORT_BASE = 5700;
const ARTICLES = Number(process.env.BENCH_LOAD_ARTICLES ?? 1_000);
const READERS = Number(process.env.BENCH_LOAD_READERS ?? 20);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 20);
const MAX_REQUESTS = 50_000;

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;

/** What readers ask for, in the proportions a reader site sees: mostly lists and articles, some search. */
function readerRequests(articleIds: string[]): Array<{ kind: string; path: string }> {
  const list: Array<{ kind: string; path: string }> = [];
  for (let n = 0; n < 40; n += 1) {
    const category = PUBLIC_CATEGORY_SLUGS[n % PUBLIC_CATEGORY_SLUGS.length] as string;
    list.push({ kind: 'list', path: n % 2 ? `/articles?page=${1 + (n % 5)}` : `/articles?category=${category}` });
    list.push({ kind: 'article', path: `/articles/${articleIds[(n * 37) % articleIds.length]}` });
    list.push({ kind: 'article', path: `/articles/${articleIds[(n * 53 + 11) % articleIds.length]}` });
    list.push({ kind: 'search', path: `/articles?q=${encodeURIComponent(n % 3 ? VOCABULARY[(n * 7) % VOCABULARY.length] as string : words(n + 5_000, 2))}` });
    if (n % 4 === 0) list.push({ kind: 'widgets', path: '/widgets' });
  }
  return list;
}

interface LoadOutcome {
  latencies: number[];
  statuses: Map<number, number>;
  errors: number;
  seconds: number;
}

/** Readers in parallel, each asking its requests in turn (from its own offset) until time or count runs out. */
async function readersUntil(api: string, requests: Array<{ path: string }>, bounds: { readers: number; seconds: number; maxRequests: number }): Promise<LoadOutcome> {
  const outcome: LoadOutcome = { latencies: [], statuses: new Map(), errors: 0, seconds: 0 };
  const started = performance.now();
  const deadline = started + bounds.seconds * 1000;
  let sent = 0;
  const ask = (agent: http.Agent, path: string) =>
    new Promise<number>((resolve, reject) => {
      http.get(`${api}${path}`, { agent }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      }).on('error', reject);
    });
  await Promise.all(
    Array.from({ length: bounds.readers }, async (_unused, reader) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1, localAddress: `127.0.0.${10 + reader}` });
      for (let next = reader * 17; performance.now() < deadline && sent < bounds.maxRequests; next += 1) {
        sent += 1;
        const begun = performance.now();
        try {
          const status = await ask(agent, (requests[next % requests.length] as { path: string }).path);
          outcome.latencies.push(performance.now() - begun);
          outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
        } catch {
          outcome.errors += 1;
        }
      }
      agent.destroy();
    }),
  );
  outcome.seconds = (performance.now() - started) / 1000;
  return outcome;
}

export async function runLoadBench(): Promise<void> {
  console.log(`\nRead path under load: ${READERS} concurrent readers for ${SECONDS} s (at most ${MAX_REQUESTS.toLocaleString('en')} requests) on the local API, ${ARTICLES.toLocaleString('en')} published articles`);
  // In this process, as the digest bench does: the stand-ins are its children and end with it, and the
  // handlers' SDK clients (the seeding's too) point at them.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-load-bench-'));
  const settings = localSettings({ CNH_PORT_BASE: String(PORT_BASE), CNH_LOCAL_DIR: dataDir });
  process.env.LOG_LEVEL = 'error';
  const started = performance.now();
  let runtime: Awaited<ReturnType<typeof startLocalRuntime>> | undefined;
  try {
    runtime = await startLocalRuntime(settings, { site: false, scheduler: false });
    await runtime.stepFunctions.drain();
    const { createArticle } = await import('#store/articles.ts');
    const seeding = performance.now();
    const limit = pLimit(16);
    const ids = await Promise.all(
      Array.from({ length: ARTICLES }, (_, n) =>
        limit(async () => {
          const article = testArticle({
            title: `Story ${n}: ${words(n * 7 + 1, 10)}`,
            summary: words(n * 7 + 2, 40),
            content: `<p>${words(n * 7 + 3, 160)}</p>`,
            category: PUBLIC_CATEGORY_SLUGS[n % PUBLIC_CATEGORY_SLUGS.length],
            tags: words(n * 7 + 4, 3).split(' '),
            sourceName: `Publisher ${n % 40}`,
            relevanceScore: 40 + (n % 60),
            originalPublishedAt: new Date(Date.UTC(2026, 10, 1) - n * 600_000).toISOString(),
          });
          await createArticle(article);
          return article.id;
        }),
      ),
    );
    console.log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s (local runtime ready in ${((seeding - started) / 1000).toFixed(0)} s)`);

    const requests = readerRequests(ids);
    // One request of each kind first: the articles function's cold start (search index) is not the load's.
    const api = runtime.urls.api;
    for (const { path } of requests.slice(0, 5)) await fetch(`${api}${path}`).then((response) => response.arrayBuffer());

    const outcome = await readersUntil(api, requests, { readers: READERS, seconds: SECONDS, maxRequests: MAX_REQUESTS });
    const latencies = outcome.latencies.sort((a, b) => a - b);
    const statuses = [...outcome.statuses].map(([code, count]) => `${code}: ${count}`).join(', ');
    const kinds = [...new Set(requests.map((request) => request.kind))].map((kind) => `${kind} ${requests.filter((request) => request.kind === kind).length}`).join(', ');
    const non2xx = [...outcome.statuses].filter(([code]) => code < 200 || code > 299).reduce((sum, [, count]) => sum + count, 0);
    console.log(`  mix per ${requests.length} requests: ${kinds}; each reader from its own loopback address`);
    console.log(`  latency p50 ${percentile(latencies, 50).toFixed(0)} ms   p95 ${percentile(latencies, 95).toFixed(0)} ms   p99 ${percentile(latencies, 99).toFixed(0)} ms   max ${(latencies.at(-1) ?? 0).toFixed(0)} ms`);
    console.log(`  ${(latencies.length / outcome.seconds).toFixed(0)} requests/s, ${latencies.length.toLocaleString('en')} in ${outcome.seconds.toFixed(1)} s`);
    console.log(`  answers by status: ${statuses}; non-2xx ${non2xx}, connection errors ${outcome.errors}`);
  } finally {
    await runtime?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
