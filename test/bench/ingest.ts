/**
 * Ingest throughput: end-to-end items per second (HTTP fetch, parse, normalise, dedup, transactional
 * write to DynamoDB Local, classification and decision) beside parse-only items per second (parse and
 * normalise) over the same generated feeds, in one run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable, startDynamoDbLocal } from '../../lib/local/dynamodb.ts';
import { stopChildren } from '../../lib/local/processes.ts';
import { stack } from '../../lib/stack-description.ts';

const FEEDS = 20;
const ITEMS_PER_FEED = 100;
const PORT_BASE = 5400;

export const VOCABULARY = (
  'creator creators influencer brand brands deal deals sponsorship campaign instagram youtube shorts reels tiktok linkedin snapchat ' +
  'mumbai delhi bengaluru india indian audience followers engagement affiliate commerce live video podcast newsletter membership ' +
  'agency agencies marketing budget budgets rates payouts monetisation revenue analytics dashboard tools editing subscription fans ' +
  'regional language tier cities micro nano mega celebrity festive launch product beauty fashion food travel gaming finance ' +
  'disclosure guidelines asci sebi rules policy platform update feature programme fund bonus report study survey growth trend'
).split(' ');

/** Made-up words beside the topic words, so texts differ as much as real stories do. */
const SYLLABLES = 'ka ri mo ta ne lu vi sa pe do ra mi ko zu ya he ba ti no gu'.split(' ');
const NAMES = Array.from({ length: 4000 }, (_, n) => `${SYLLABLES[n % 20]}${SYLLABLES[Math.floor(n / 20) % 20]}${SYLLABLES[Math.floor(n / 400) % 20]}`);

/**
 * Deterministic pseudo-random words (one topic word in three), so runs compare. mulberry32: a plain
 * LCG taken modulo a small number repeats a handful of words, which made every text look alike.
 */
export function words(seed: number, count: number): string {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const out: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const pick = next();
    out.push(index % 3 === 0 ? (VOCABULARY[Math.floor(pick * VOCABULARY.length)] as string) : (NAMES[Math.floor(pick * NAMES.length)] as string));
  }
  return out.join(' ');
}

export function feedXml(feed: number): string {
  const items = Array.from({ length: ITEMS_PER_FEED }, (_, index) => {
    const n = feed * ITEMS_PER_FEED + index;
    const date = new Date(Date.UTC(2026, 10, 1) + n * 60_000).toUTCString();
    return `<item><title>Story ${n}: ${words(n, 9)}</title><link>https://bench${feed}.example.com/story/${n}</link><pubDate>${date}</pubDate><dc:creator>Writer ${n % 37}</dc:creator><description>${words(n + 100_000, 60)}</description><media:thumbnail url="https://bench${feed}.example.com/img/${n}.jpg" width="800" height="450"/></item>`;
  }).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Bench ${feed}</title><link>https://bench${feed}.example.com</link>${items}</channel></rss>`;
}

export async function runIngestBench(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cnh-bench-'));
  const bodies = Array.from({ length: FEEDS }, (_, feed) => Buffer.from(feedXml(feed)));
  const server = http.createServer((request, response) => {
    const feed = Number(/\/feed\/(\d+)/.exec(request.url ?? '')?.[1]);
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    response.end(bodies[feed]);
  });
  await new Promise<void>((resolve) => server.listen(PORT_BASE + 1, '127.0.0.1', resolve));
  try {
    await startDynamoDbLocal(PORT_BASE, dataDir);
    Object.assign(process.env, {
      AWS_REGION: 'ap-south-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${PORT_BASE}`,
      TABLE_NAME: 'bench',
      LOG_LEVEL: 'error',
    });
    const client = new DynamoDBClient({});
    await ensureTable(client, 'bench', stack);

    const { parseFeed } = await import('#adapters/feed-parse.ts');
    const { normaliseItem } = await import('#domain/content/normalise.ts');
    const { putFeedSource, getFeedSource } = await import('#store/feeds.ts');
    const { refreshFeed } = await import('../../lambdas/services/refresh-feed.ts');
    const { classifyDrafts } = await import('../../lambdas/pipeline/classify-drafts.ts');
    const total = FEEDS * ITEMS_PER_FEED;

    let started = performance.now();
    let parsedItems = 0;
    for (const body of bodies) {
      const feed = await parseFeed(body, 'application/rss+xml; charset=utf-8');
      parsedItems += feed.items.map((item) => normaliseItem(item, { sourceName: 'Bench', sourceDomain: 'example.com' })).filter(Boolean).length;
    }
    const parseSeconds = (performance.now() - started) / 1000;

    for (let feed = 0; feed < FEEDS; feed += 1) {
      await putFeedSource({ id: `bench-${feed}`, name: `Bench ${feed}`, url: `http://127.0.0.1:${PORT_BASE + 1}/feed/${feed}` });
    }
    started = performance.now();
    const fingerprints: Array<{ articleId: string; simhash: string }> = [];
    let created = 0;
    let nearDuplicates = 0;
    let duplicates = 0;
    for (let feed = 0; feed < FEEDS; feed += 1) {
      const source = await getFeedSource(`bench-${feed}`);
      const stats = await refreshFeed(source!, { timeoutMs: 10_000, maxBytes: 50_000_000, now: new Date(), fingerprints });
      created += stats.created;
      nearDuplicates += stats.nearDuplicates;
      duplicates += stats.duplicates;
    }
    const storeSeconds = (performance.now() - started) / 1000;
    let classified = 0;
    for (;;) {
      const batch = await classifyDrafts(100);
      classified += batch.classified;
      if (!batch.more && batch.classified === 0) break;
    }
    const endToEndSeconds = (performance.now() - started) / 1000;
    client.destroy();

    // The model's own cost per item (goal: under 5 ms), on the bench's titles and descriptions.
    const { classify } = await import('#domain/classifier/classify.ts');
    const { currentModel } = await import('../../lambdas/pipeline/classify-drafts.ts');
    const { model } = await currentModel();
    const modelBytes = Buffer.byteLength(JSON.stringify(model));
    const texts = Array.from({ length: total }, (_, n) => ({ title: `Story ${n}: ${words(n, 9)}`, summary: words(n + 100_000, 60), indianSource: false }));
    classify(model, texts[0]!); // unpacks the weights once per container
    started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (const text of texts) classify(model, text);
    const cpu = process.cpuUsage(cpuBefore);
    const modelMs = (performance.now() - started) / total;
    // CPU time too: on a shared machine the wall clock also counts other processes' turns.
    const modelCpuMs = (cpu.user + cpu.system) / 1000 / total;

    const parseRate = parsedItems / parseSeconds;
    const endToEndRate = created / endToEndSeconds;
    console.log(`ingest bench: ${FEEDS} feeds x ${ITEMS_PER_FEED} items (${total} items), DynamoDB Local, this machine`);
    console.log(`  parse-only  (parse + normalise):                       ${parseRate.toFixed(0).padStart(7)} items/s  (${parsedItems} items in ${parseSeconds.toFixed(2)} s)`);
    console.log(`  end-to-end  (fetch, parse, dedup, write, classify):    ${endToEndRate.toFixed(0).padStart(7)} items/s  (${created} stored, ${classified} classified in ${endToEndSeconds.toFixed(2)} s; fetch+write ${storeSeconds.toFixed(2)} s)`);
    console.log(`  dropped as duplicates: ${duplicates} by URL/title hash, ${nearDuplicates} by SimHash distance`);
    console.log(`  classifier model: ${modelMs.toFixed(3)} ms per item wall, ${modelCpuMs.toFixed(3)} ms CPU (classify: title + 60-word description; goal < 5), model ${(modelBytes / 1024).toFixed(0)} kB`);
    console.log(`  ratio end-to-end / parse-only: ${(endToEndRate / parseRate).toFixed(3)} (goal >= 0.5)`);
  } finally {
    server.close();
    await stopChildren();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
