import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CapacityMeter, meterCapacity } from '../bench/costs/meters.ts';
import { words } from '../bench/ingest.ts';
import { useFreshTable } from '../support/aws.ts';

/**
 * A new story is written once, lean: classified as it is fetched and stored with its final status in one
 * plain Put, its dedup records claimed first (so a duplicate costs only the check), the status counters
 * moved once per feed. A write that stops half-way leaves a ledger the backlog run settles.
 */
type Modules = {
  articles: typeof import('#store/articles.ts');
  intake: typeof import('#store/article-intake.ts');
  counters: typeof import('#store/table/counters.ts');
  feeds: typeof import('#store/feeds.ts');
  refresh: typeof import('../../lambdas/services/refresh-feed.ts');
  classify: typeof import('../../lambdas/pipeline/classify-drafts.ts');
  client: typeof import('#store/table/client.ts');
};
let m: Modules;
const meter = new CapacityMeter();
/** Feed path -> its items' numbers; each feed answers 200 with its whole body every time. */
const feedItems = new Map<string, number[]>();
let server: http.Server;
let feedBase = '';

/** Topic words among made-up ones, as the ingest bench writes them: the classifier publishes, queues and rejects some of each. */
const itemXml = (n: number) =>
  `<item><title>Creator story ${n}: ${words(n, 9)}</title><link>https://lean${n % 7}.example.com/story/${n}</link><pubDate>${new Date(Date.UTC(2026, 10, 1) + n * 60_000).toUTCString()}</pubDate><description>${words(n + 100_000, 60)}</description><media:thumbnail url="https://lean.example.com/img/${n}.jpg" width="800" height="450"/></item>`;

beforeAll(async () => {
  await useFreshTable();
  m = {
    articles: await import('#store/articles.ts'),
    intake: await import('#store/article-intake.ts'),
    counters: await import('#store/table/counters.ts'),
    feeds: await import('#store/feeds.ts'),
    refresh: await import('../../lambdas/services/refresh-feed.ts'),
    classify: await import('../../lambdas/pipeline/classify-drafts.ts'),
    client: await import('#store/table/client.ts'),
  };
  meterCapacity(m.client.documentClient as unknown as DynamoDBClient, meter);
  server = http.createServer((request, response) => {
    const items = feedItems.get(request.url ?? '');
    if (!items) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    response.end(`<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Lean</title><link>https://lean.example.com</link>${items.map(itemXml).join('')}</channel></rss>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server?.close());

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

async function feedOf(id: string, items: number[]) {
  feedItems.set(`/${id}`, items);
  await m.feeds.putFeedSource({ id, name: `Lean ${id}`, url: `${feedBase}/${id}` });
  return (await m.feeds.getFeedSource(id))!;
}

const refresh = (feed: Awaited<ReturnType<typeof feedOf>>) => m.refresh.refreshFeed(feed, { timeoutMs: 10_000, maxBytes: 10_000_000, now: new Date(), fingerprints: [], pageImages: false });

async function storedOf(feedId: string) {
  const statuses = ['draft', 'published', 'rejected'] as const;
  const pages = await Promise.all(statuses.map((status) => m.articles.Article.query.byStatus({ status }).go({ pages: 'all' })));
  return pages.flatMap((page) => page.data).filter((article) => article.feedId === feedId);
}

/** The counters the stored articles count in, summed (what the console's totals must equal). */
function countersOf(articles: Awaited<ReturnType<typeof storedOf>>): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const article of articles) for (const change of m.counters.articleCounterChanges(undefined, article)) totals[change.name] = (totals[change.name] ?? 0) + change.by;
  return totals;
}

const readCounters = () => m.counters.readCounters(m.counters.COUNTER_SCOPES.articles);

/** How the counters moved between two readings (names that did not move left out). */
function moved(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries([...names].map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]).filter(([, by]) => by !== 0));
}

describe('a new story', () => {
  it('is written once, with its final status, in one plain Put and no transaction per item', async () => {
    const feed = await feedOf('lean-once', range(0, 40));
    meter.reset();
    const stats = await refresh(feed);
    expect(stats).toMatchObject({ outcome: 'new-items', created: 40, duplicates: 0 });

    const stored = await storedOf(feed.id);
    expect(stored).toHaveLength(40);
    for (const article of stored) {
      expect(['auto_approved', 'pending_review', 'auto_rejected'], article.title).toContain(article.adminStatus);
      expect(article.relevanceScore, article.title).not.toBe(30);
    }
    // The generated texts reach more than one outcome, so "final status" is not one status for all.
    expect(new Set(stored.map((article) => article.status)).size).toBeGreaterThan(1);
    // Each article's partition is written exactly once: no draft first and a decision after.
    for (const article of stored) expect(meter.writesByKey.get(`$cnh#id_${article.id}`), article.id).toBe(1);
    // One transaction for the whole feed (the counters and its ledger), none per item; articles go in batches.
    expect(meter.operations.get('TransactWriteItems')?.calls).toBe(1);
    expect(meter.operations.get('BatchWriteItem')?.calls).toBeLessThan(10);
    expect(meter.operations.get('UpdateItem')?.calls ?? 0).toBeLessThan(5);
    const writeUnitsPerItem = meter.totals().writeUnits / 40;
    expect(writeUnitsPerItem).toBeLessThanOrEqual(20);
  });

  it('already stored costs only its dedup check: reads, and no write', async () => {
    const feed = await feedOf('lean-again', range(1000, 30));
    await refresh(feed);
    // The same body again (no ETag), plus the same stories from another feed of another publisher.
    const other = await feedOf('lean-again-elsewhere', range(1000, 30));
    meter.reset();
    const again = await refresh(feed);
    const elsewhere = await refresh(other);
    expect(again).toMatchObject({ created: 0, duplicates: 30 });
    expect(elsewhere).toMatchObject({ created: 0, duplicates: 30 });
    // What is written is the two feeds' check records (health; the next check in their polling state, whose
    // items share one partition), nothing per story.
    const { FeedPoll } = await import('#store/feeds.ts');
    const pollPartition = (FeedPoll.get({ feedId: feed.id }).params() as { Key: { pk: string } }).Key.pk;
    const written = [...meter.writesByKey.keys()];
    expect(written.filter((key) => !key.includes('lean-again') && key !== pollPartition)).toEqual([]);
    expect(meter.totals().writeUnits).toBeLessThan(10);
    expect(meter.totals().readUnits / 60).toBeLessThanOrEqual(1.5);
  });

  it('from two feeds at once is stored once: the conditional claim decides', async () => {
    const first = await feedOf('lean-race-a', range(2000, 25));
    const second = await feedOf('lean-race-b', range(2000, 25));
    const [a, b] = await Promise.all([refresh(first), refresh(second)]);
    expect(a.created + b.created).toBe(25);
    expect(a.duplicates + b.duplicates).toBe(25);
    const stored = [...(await storedOf(first.id)), ...(await storedOf(second.id))];
    expect(new Set(stored.map((article) => article.sourceUrl)).size).toBe(25);
    expect(stored).toHaveLength(25);
  });
});

describe('the status counters', () => {
  // Four feeds of 60 stories are about 550 calls to DynamoDB Local (5-10 s here); on the loaded 2-core CI machine
  // they once took over a minute, so the test has its own, longer limit.
  it('are exact after a run of many items, moved once per counter and not once per item', { timeout: 180_000 }, async () => {
    const before = await readCounters();
    const feeds = await Promise.all(range(0, 4).map((n) => feedOf(`lean-many-${n}`, range(3000 + n * 60, 60))));
    meter.reset();
    const stats = await Promise.all(feeds.map(refresh));
    expect(stats.reduce((sum, s) => sum + s.created, 0)).toBe(240);
    const stored = (await Promise.all(feeds.map((feed) => storedOf(feed.id)))).flat();
    expect(moved(before, await readCounters())).toEqual(countersOf(stored));
    // The counters' partition takes a few writes per feed, not four per story.
    const counterWrites = meter.writesByKey.get('$cnh#scope_articles') ?? 0;
    expect(counterWrites).toBeLessThanOrEqual(4 * Object.keys(countersOf(stored)).length);
    const written = [...meter.writesByKey.values()].reduce((sum, count) => sum + count, 0);
    expect(counterWrites / written).toBeLessThan(0.05);
  });
});

describe('a write that stops half-way', () => {
  /** Makes the article Put of every fifth story of the range fail; `stop`: every call after that fails too, as if the function had died there. */
  function failAt(from: number, count: number, stop: boolean) {
    const failing = new Set(range(from, count).filter((n) => n % 5 === 0).map((n) => `https://lean${n % 7}.example.com/story/${n}`));
    let stopped = false;
    m.client.documentClient.middlewareStack.add(
      (next) => async (args) => {
        const input = args.input as { Item?: Record<string, unknown>; RequestItems?: Record<string, Array<{ PutRequest?: { Item: Record<string, unknown> } }>> };
        const items = [input.Item, ...Object.values(input.RequestItems ?? {}).flatMap((requests) => (Array.isArray(requests) ? requests.map((request) => request.PutRequest?.Item) : []))];
        if (stopped) throw new Error('The function stopped');
        if (items.some((item) => item?.__edb_e__ === 'article' && failing.has(String(item.sourceUrl)))) {
          stopped = stop;
          throw new Error('The article write failed');
        }
        return next(args);
      },
      { step: 'initialize', name: 'leanIngestFailure' },
    );
    return () => m.client.documentClient.middlewareStack.remove('leanIngestFailure');
  }

  /** URL claims of the range's stories held by an article that does not exist. */
  async function orphanClaims(from: number, count: number): Promise<string[]> {
    const { urlHash } = await import('#domain/content/dedup.ts');
    const orphans: string[] = [];
    for (const n of range(from, count)) {
      const url = `https://lean${n % 7}.example.com/story/${n}`;
      const { data: claim } = await m.articles.ArticleHash.get({ kind: 'url', value: urlHash(url) }).go({ consistent: true });
      if (claim && !(await m.articles.getArticle(claim.articleId))) orphans.push(url);
    }
    return orphans;
  }

  it('after a failed article write, counts what was stored at once and stores the rest at the next poll', async () => {
    const feed = await feedOf('lean-failure', range(4000, 20));
    const before = await readCounters();
    const restore = failAt(4000, 20, false);
    try {
      await expect(refresh(feed)).rejects.toThrow(/article write failed/);
    } finally {
      restore();
    }
    const first = await storedOf(feed.id);
    expect(first.length).toBeLessThan(20);
    expect(moved(before, await readCounters())).toEqual(countersOf(first));
    expect(await orphanClaims(4000, 20)).toEqual([]);
    const next = await refresh(feed);
    expect(next.created).toBe(20 - first.length);
    const stored = await storedOf(feed.id);
    expect(stored).toHaveLength(20);
    expect(moved(before, await readCounters())).toEqual(countersOf(stored));
  });

  it('after the function stopped, leaves nothing uncounted or lost: the backlog run counts what was stored and frees the rest', async () => {
    const feed = await feedOf('lean-crash', range(5000, 20));
    const before = await readCounters();
    const restore = failAt(5000, 20, true);
    try {
      await expect(refresh(feed)).rejects.toThrow(/article write failed|function stopped/);
    } finally {
      restore();
    }
    const halfWay = await storedOf(feed.id);
    expect(halfWay.length).toBeLessThan(20);
    // Nothing counted yet: the counters move only with the ledger.
    expect(moved(before, await readCounters())).toEqual({});
    // Stories whose claims were taken but whose article never came: a poll now would drop them as known.
    expect((await orphanClaims(5000, 20)).length).toBeGreaterThan(0);

    // The backlog run (ClassifyBatch) settles the ledgers older than any fetch runs.
    const later = new Date(Date.now() + m.intake.UNSETTLED_AFTER_MS + 60_000);
    await m.classify.classifyDrafts(100, later);
    expect(moved(before, await readCounters())).toEqual(countersOf(halfWay));
    expect(await orphanClaims(5000, 20)).toEqual([]);

    // The next poll stores the stories that were lost, classified, and counts them.
    const next = await refresh(feed);
    expect(next.created).toBe(20 - halfWay.length);
    const stored = await storedOf(feed.id);
    expect(stored).toHaveLength(20);
    for (const article of stored) expect(article.adminStatus).not.toBe('unclassified');
    expect(moved(before, await readCounters())).toEqual(countersOf(stored));
  });

  it('a story stored unclassified (the classifier could not load) is classified by the backlog run', async () => {
    const { testArticle } = await import('../support/articles.ts');
    const draft = testArticle({ status: 'draft', adminStatus: 'unclassified', title: 'Instagram raises creator payouts for Reels in India', feedId: 'lean-backlog' });
    const before = await readCounters();
    const [result] = await m.intake.storeNewArticles('lean-backlog', [draft]);
    expect(result?.created).toBe(true);
    expect(moved(before, await readCounters())).toMatchObject({ 'status#draft': 1, 'admin#unclassified': 1 });
    const stats = await m.classify.classifyDrafts(100);
    expect(stats.classified).toBeGreaterThanOrEqual(1);
    const article = await m.articles.getArticle(draft.id);
    expect(article?.adminStatus).not.toBe('unclassified');
    expect(moved(before, await readCounters())).toEqual(countersOf([article!]));
  });
});
