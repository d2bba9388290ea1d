import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { FaultPlan } from '../../lib/local/faults.ts';
import { LOCAL_SNAPSHOT_BUCKET } from '../../lib/local/settings.ts';
import { SEARCH_SNAPSHOT_KEY } from '../../lib/stack-description.ts';
import { words } from '../bench/ingest.ts';
import { api, local, useFreshTable, useLocalAws } from '../support/aws.ts';
import { clearFaults, faultStats, privateFaults, setFaults, total, type PrivateFaults } from '../support/faults.ts';
import type { InboxMail } from '../support/inbox.ts';
import { runStateMachine } from '../support/pipeline.ts';
import { runAsFunction } from '../../lambdas/core/invocation.ts';

/**
 * The pipeline's flows with their dependencies failing on the wire (docs/faults.md): the ingest batch killed at
 * each of its AWS calls in turn (the crash-consistency walk), the ingest state machine with a tenth of its
 * DynamoDB and S3 calls failing, a search snapshot whose upload fails, and a digest whose mails are throttled.
 * Every plan on the runtime's injector is cleared after each test: the other files share the runtime.
 */

afterEach(async () => {
  await clearFaults();
});
afterAll(async () => {
  await clearFaults();
  // The runtime's fetches keep their connections alive: closed here, or close() waits for them.
  feedServer?.closeAllConnections();
  await new Promise((resolve) => feedServer?.close(resolve));
});

// ---------------------------------------------------------------------------------------------------------------
// A publisher of this file's own: feeds of generated stories, with an ETag and 304s as a real publisher answers.

/** Feed path -> its items' numbers. */
const feedItems = new Map<string, number[]>();
let feedServer: http.Server | undefined;
let feedBase = '';

const storyUrl = (n: number) => `https://chaos${n % 5}.example.com/story/${n}`;
/** Topic words among made-up ones (as the ingest bench writes them): the classifier publishes, queues and rejects some. */
const itemXml = (n: number) =>
  `<item><title>Creator story ${n}: ${words(n, 9)}</title><link>${storyUrl(n)}</link><guid>${storyUrl(n)}</guid><pubDate>${new Date(Date.now() - 3_600_000 + (n % 1000) * 1000).toUTCString()}</pubDate><description>${words(n + 100_000, 60)}</description><media:thumbnail url="https://chaos.example.com/img/${n}.jpg" width="800" height="450"/></item>`;

/** Bodies are made once per feed, so the ETag stays while the items do. */
const bodies = new Map<string, string>();
function bodyOf(feedPath: string): string | undefined {
  const items = feedItems.get(feedPath);
  if (!items) return undefined;
  if (!bodies.has(feedPath)) bodies.set(feedPath, `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>Chaos</title><link>https://chaos.example.com</link>${items.map(itemXml).join('')}</channel></rss>`);
  return bodies.get(feedPath);
}

async function startFeedServer(): Promise<void> {
  if (feedServer) return;
  feedServer = http.createServer((request, response) => {
    const body = bodyOf(request.url ?? '');
    if (!body) return void response.writeHead(404).end();
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    if (request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag });
    response.end(body);
  });
  await new Promise<void>((resolve) => feedServer!.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

// ---------------------------------------------------------------------------------------------------------------
// 4. The crash-consistency walk of one ingest batch.

type Pipeline = {
  fetchFeeds: typeof import('../../lambdas/pipeline/fetch-feeds.handler.ts');
  classify: typeof import('../../lambdas/pipeline/classify-drafts.ts');
  articles: typeof import('#store/articles.ts');
  intake: typeof import('#store/article-intake.ts');
  counters: typeof import('#store/table/counters.ts');
  feeds: typeof import('#store/feeds.ts');
};

/** The pipeline's modules as a new Lambda instance loads them, its SDK clients built now (so from the env as it is now). */
async function loadPipeline(): Promise<Pipeline> {
  vi.resetModules();
  return {
    fetchFeeds: await import('../../lambdas/pipeline/fetch-feeds.handler.ts'),
    classify: await import('../../lambdas/pipeline/classify-drafts.ts'),
    articles: await import('#store/articles.ts'),
    intake: await import('#store/article-intake.ts'),
    counters: await import('#store/table/counters.ts'),
    feeds: await import('#store/feeds.ts'),
  };
}

interface Batch {
  host: string;
  feedIds: string[];
  /** Every story the batch's feeds carry. */
  urls: string[];
}

/** One host with two feeds of three new stories each: the shape every walk point runs, with stories of its own. */
let nextStory = 10_000;
async function newBatch(p: Pipeline, label: string): Promise<Batch> {
  const feedIds = [`${label}-a`, `${label}-b`];
  const urls: string[] = [];
  for (const feedId of feedIds) {
    const items = range(nextStory, 3);
    nextStory += 1000;
    feedItems.set(`/${feedId}`, items);
    urls.push(...items.map(storyUrl));
    await p.feeds.putFeedSource({ id: feedId, name: `Chaos ${feedId}`, url: `${feedBase}/${feedId}` });
  }
  return { host: new URL(feedBase).host, feedIds, urls };
}

/** The FetchHostBatch step as the Distributed Map child invokes it. */
const runBatch = (p: Pipeline, batch: Batch, now: Date) => p.fetchFeeds.handler({ step: 'fetch-hosts', hosts: [{ host: batch.host, feedIds: batch.feedIds }], now: now.toISOString() });

async function storedArticles(p: Pipeline) {
  const statuses = ['draft', 'published', 'rejected', 'archived', 'purged'] as const;
  const pages = await Promise.all(statuses.map((status) => p.articles.Article.query.byStatus({ status }).go({ pages: 'all' })));
  return pages.flatMap((page) => page.data);
}

/** The counters the stored articles count in, recounted from the items; zeros left out on both sides. */
async function countersAgainstRecount(p: Pipeline): Promise<{ counters: Record<string, number>; recount: Record<string, number> }> {
  const recount: Record<string, number> = {};
  for (const article of await storedArticles(p)) for (const change of p.counters.articleCounterChanges(undefined, article)) recount[change.name] = (recount[change.name] ?? 0) + change.by;
  const counters = Object.fromEntries(Object.entries(await p.counters.readCounters(p.counters.COUNTER_SCOPES.articles)).filter(([, value]) => value !== 0));
  return { counters, recount };
}

/** Whether the batch's every story is stored once: stories missing, stories doubled (by link). */
async function completeness(p: Pipeline, batch: Batch) {
  const stored = (await storedArticles(p)).filter((article) => batch.feedIds.includes(article.feedId ?? ''));
  const byUrl = new Map<string, number>();
  for (const article of stored) byUrl.set(article.sourceUrl, (byUrl.get(article.sourceUrl) ?? 0) + 1);
  return {
    missing: batch.urls.filter((url) => !byUrl.has(url)),
    doubled: [...byUrl].filter(([, count]) => count > 1).map(([url]) => url),
  };
}

/** Abort points walked per variant, spread evenly over the clean batch's calls (all of them if it makes fewer). */
// (20 points took 90 s of a loaded CI shard; 13 still take the first and the last call and the ones between.)
const POINTS = { kill: 7, 'lost+kill': 3, lost: 3 } as const;

interface WalkPoint {
  variant: 'kill' | 'lost+kill' | 'lost';
  k: number;
  /** The call the kill met (the first one refused), `service.Operation`. */
  at: string;
  /** For lost+kill: the call that took effect with its answer lost. */
  lost?: string;
  killed: 'threw' | 'returned';
  /** lost: what the run itself left missing (its SDK retried the lost call; nothing else failed). */
  missingAtOnce?: number;
  missing: number;
  doubled: number;
  countersMatch: boolean;
}

describe('crash-consistency walk of the ingest batch', () => {
  let p: Pipeline;
  let faults: PrivateFaults;

  beforeAll(async () => {
    await startFeedServer();
    await useFreshTable();
    faults = await privateFaults(['dynamodb', 's3']);
    Object.assign(process.env, { AWS_ENDPOINT_URL_DYNAMODB: faults.urls.dynamodb, AWS_ENDPOINT_URL_S3: faults.urls.s3 });
    p = await loadPipeline();
  });

  afterAll(async () => {
    faults?.injector.clear();
    await faults?.close();
  });

  it('leaves every story stored once and every counter exact, wherever the function is killed', async () => {
    const { injector } = faults;
    // A first batch warms the instance (settings, the model), as a warm Lambda has them; then a clean one is counted.
    await runBatch(p, await newBatch(p, 'walk-warm'), new Date());
    const clean = await newBatch(p, 'walk-clean');
    injector.resetCounts();
    const cleanFigures = await runBatch(p, clean, new Date());
    const calls = injector.stats().calls;
    const n = Object.values(calls).reduce((sum, count) => sum + count, 0);
    expect(cleanFigures).toMatchObject({ created: 6 });
    console.log(`clean ingest batch (1 host, 2 feeds, 6 new stories): ${n} AWS calls`, calls);

    /** `count` points spread evenly over 1..n (the first and the last always in). */
    const spread = (count: number) => [...new Set(range(0, count).map((index) => 1 + Math.round((index * (n - 1)) / (count - 1))))];
    const walked: WalkPoint[] = [];
    // kill: calls 1..k pass, every call after is refused (the connection reset), as if the function died after call k.
    // lost+kill: calls 1..k-1 pass, call k takes effect but its answer is lost, every call after is refused.
    // lost: call k takes effect, its answer is lost, the SDK retries it and every call after passes.
    const plans = {
      kill: (k: number): FaultPlan => ({ rules: [{ service: '*', fault: 'reset', after: k }] }),
      'lost+kill': (k: number): FaultPlan => ({ rules: [{ service: '*', fault: 'lost-response', after: k - 1, times: 1 }, { service: '*', fault: 'reset', after: k - 1 }] }),
      lost: (k: number): FaultPlan => ({ rules: [{ service: '*', fault: 'lost-response', after: k - 1, times: 1 }] }),
    };
    const walk: Array<[keyof typeof plans, number[]]> = [
      ['kill', spread(Math.min(n, POINTS.kill))],
      ['lost+kill', spread(Math.min(n, POINTS['lost+kill']))],
      ['lost', spread(Math.min(n, POINTS.lost))],
    ];
    for (const [variant, points] of walk) {
      for (const k of points) {
        const batch = await newBatch(p, `walk-${variant.replace('+', '')}${k}`);
        const now = new Date();
        injector.resetCounts();
        injector.setPlan(plans[variant](k));
        // A killed function makes no further call: its own retries would only spend the walk's time (reader's two).
        const killed = await runAsFunction('reader', () => runBatch(p, batch, now)).then(
          () => 'returned' as const,
          () => 'threw' as const,
        );
        const { journal } = injector.stats();
        injector.clear();
        const lost = variant === 'kill' ? undefined : journal.find((fault) => fault.fault === 'lost-response');
        const refused = journal.find((fault) => fault.fault === 'reset');
        const missingAtOnce = variant === 'lost' ? (await completeness(p, batch)).missing.length : undefined;
        // What follows a killed task: the Map's retry at once (same input), then, later, the backlog run (which
        // settles a ledger older than any fetch runs) and the feed's next poll.
        await runBatch(p, batch, now);
        const later = new Date(now.getTime() + p.intake.UNSETTLED_AFTER_MS + 60_000);
        await p.classify.classifyDrafts(100, later);
        await runBatch(p, batch, later);
        const { missing, doubled } = await completeness(p, batch);
        const { counters, recount } = await countersAgainstRecount(p);
        walked.push({
          variant,
          k,
          at: refused ? `${refused.service}.${refused.operation}` : variant === 'lost' ? '-' : '(none: the batch ended first)',
          ...(lost ? { lost: `${lost.service}.${lost.operation}` } : {}),
          killed,
          ...(missingAtOnce === undefined ? {} : { missingAtOnce }),
          missing: missing.length,
          doubled: doubled.length,
          countersMatch: JSON.stringify(Object.entries(counters).sort()) === JSON.stringify(Object.entries(recount).sort()),
        });
      }
    }
    console.table(walked);
    for (const point of walked) {
      const where = `${point.variant} after call ${point.k} (${point.lost ? `${point.lost} lost, then ` : ''}${point.at})`;
      if (point.missingAtOnce !== undefined) expect(point.missingAtOnce, `${where}: stories the run itself dropped`).toBe(0);
      expect(point.missing, `${where}: stories never stored`).toBe(0);
      expect(point.doubled, `${where}: stories stored twice`).toBe(0);
      expect(point.countersMatch, `${where}: counters differ from a recount`).toBe(true);
    }
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------------------------
// 1. The ingest state machine with a tenth of its DynamoDB and S3 calls failing (the runtime's injector).

describe('the ingest state machine under faults', () => {
  let r: Pipeline;

  beforeAll(async () => {
    await startFeedServer();
    // The runtime's own table, straight to the stand-ins: this process reads and checks, the runtime's functions run.
    useLocalAws();
    r = await loadPipeline();
  });

  it('with 10 % of DynamoDB and S3 calls failing stores every story once and keeps every counter exact', async () => {
    const tag = randomUUID().slice(0, 6);
    const feedIds = range(0, 4).map((n) => `chaos-run-${tag}-${n}`);
    const urls: string[] = [];
    for (const feedId of feedIds) {
      const items = range(nextStory, 8);
      nextStory += 1000;
      feedItems.set(`/${feedId}`, items);
      urls.push(...items.map(storyUrl));
      await r.feeds.putFeedSource({ id: feedId, name: `Chaos ${feedId}`, url: `${feedBase}/${feedId}` });
    }
    const batch: Batch = { host: new URL(feedBase).host, feedIds, urls };
    const before = await countersAgainstRecount(r);
    const writes = ['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems'];
    await setFaults({
      seed: 35,
      rules: [
        { service: 'dynamodb', operations: writes, fault: 'lost-response', rate: 0.03 },
        { service: 'dynamodb', fault: 'throttle', rate: 0.05 },
        { service: 'dynamodb', fault: 'server-error', rate: 0.03 },
        { service: 's3', fault: 'server-error', rate: 0.1 },
      ],
    });
    const run = await runStateMachine('ingest', { trigger: 'chaos' }, 90_000);
    const stats = await faultStats();
    await clearFaults();
    const afterFaults = await completeness(r, batch);
    console.log(`ingest under faults: ${run.status}; ${total(stats.calls)} calls, ${total(stats.injected)} failed (${JSON.stringify(stats.injected)}); missing ${afterFaults.missing.length}, doubled ${afterFaults.doubled.length}`);
    expect(afterFaults.doubled).toEqual([]);
    expect(total(stats.injected)).toBeGreaterThan(0);
    if (run.status !== 'SUCCEEDED' || afterFaults.missing.length) {
      // Acceptable only if the next run (faults off) completes it: the feeds a failed check backed off are made due.
      for (const feed of await r.feeds.feedsToPoll(feedIds)) await r.feeds.updateFeedAfterCheck(feed, { nextCheckAt: new Date(0).toISOString(), consecutiveFailures: 0, lastStatus: 'healthy', lastCheckedAt: new Date().toISOString() });
      const next = await runStateMachine('ingest', { trigger: 'chaos-again' }, 90_000);
      expect(next.status).toBe('SUCCEEDED');
    }
    const { missing, doubled } = await completeness(r, batch);
    expect(missing).toEqual([]);
    expect(doubled).toEqual([]);
    const after = await countersAgainstRecount(r);
    expect(moved(before.counters, after.counters)).toEqual(moved(before.recount, after.recount));
  }, 120_000);
});

/** How each counter moved between two readings (names that did not move left out). */
function moved(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries([...names].map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]).filter(([, by]) => by !== 0));
}

// ---------------------------------------------------------------------------------------------------------------
// 2. The search snapshot: an upload that fails keeps the last good snapshot served.

describe('the search snapshot under S3 faults', () => {
  let faults: PrivateFaults;
  let s3: S3Client;

  beforeAll(async () => {
    useLocalAws();
    faults = await privateFaults(['s3']);
    // Only S3 through this file's injector; the table straight.
    process.env.AWS_ENDPOINT_URL_S3 = faults.urls.s3;
    s3 = new S3Client({ endpoint: local().urls.objects, forcePathStyle: true });
  });

  afterAll(async () => {
    useLocalAws();
    await faults?.close();
  });

  const storedSnapshot = async () => {
    const object = await s3.send(new GetObjectCommand({ Bucket: LOCAL_SNAPSHOT_BUCKET, Key: SEARCH_SNAPSHOT_KEY }));
    return (await object.Body!.transformToByteArray()) as Uint8Array;
  };
  const freshInstance = async () => {
    vi.resetModules();
    return { ...(await import('../../lambdas/services/article-search.ts')), ...(await import('../../lambdas/search/article-index.ts')), articles: await import('#store/articles.ts') };
  };

  it('a failed upload leaves the last good snapshot; a lost answer leaves the new one whole', async () => {
    const first = await freshInstance();
    await first.saveSearchSnapshot();
    const good = await storedSnapshot();
    // A story published after the good snapshot: only a snapshot saved after it holds it.
    const { testArticle } = await import('../support/articles.ts');
    const word = `chaosmarker${randomUUID().slice(0, 6)}`;
    const marker = testArticle({ title: `Creators tally ${word} payouts across India` });
    await first.articles.createArticle(marker);

    faults.injector.setPlan({ rules: [{ service: 's3', operations: ['PutObject'], fault: 'server-error' }] });
    const failing = await freshInstance();
    await expect(failing.saveSearchSnapshot()).rejects.toThrow();
    faults.injector.clear();
    const kept = await storedSnapshot();
    expect(Buffer.from(kept).equals(Buffer.from(good))).toBe(true);
    // A new instance starts from it: the previous index, whole, answering.
    const previous = failing.ArticleSearchIndex.fromSnapshot(kept);
    expect(previous.index.size).toBeGreaterThan(0);
    expect(previous.index.query({ sort: 'latest', limit: 1_000 }).items.map((item) => item.id)).not.toContain(marker.id);
    // And search answers meanwhile (the API's instance: its index plus the change notes).
    const answer = await api('GET', `/articles?q=${word}`);
    expect(answer.status).toBe(200);

    faults.injector.setPlan({ rules: [{ service: 's3', operations: ['PutObject'], fault: 'lost-response', times: 1 }] });
    const retried = await freshInstance();
    await retried.saveSearchSnapshot();
    expect(faults.injector.stats().injected['s3.PutObject']).toBeGreaterThanOrEqual(1);
    faults.injector.clear();
    const latest = retried.ArticleSearchIndex.fromSnapshot(await storedSnapshot());
    expect(latest.index.query({ sort: 'latest', limit: 1_000 }).items.map((item) => item.id)).toContain(marker.id);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// 3. A newsletter issue whose mails are throttled half-way (the runtime's injector, the newsletter state machine).

describe('the newsletter under SES throttling', () => {
  it('mails every confirmed subscriber exactly once in the end, across the throttled run and its re-run', async () => {
    useLocalAws();
    vi.resetModules();
    const subscribers = await import('#store/subscribers.ts');
    const digests = await import('#store/digests.ts');
    const tag = randomUUID().slice(0, 8);
    for (const n of range(0, 8)) await subscribers.activateSubscription(`chaos-${n}-${tag}@test.local`, { frequency: 'weekly', topics: [] });
    const issueId = `composed-chaos-${tag}`;
    const subject = `Chaos issue ${tag}`;
    await digests.createComposedIssue({ issueId, subject, content: 'Hello readers.\n\nSecond paragraph.', frequency: 'weekly', now: new Date().toISOString() });
    const recipients: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await subscribers.listDigestRecipients('weekly', { limit: 500, cursor });
      recipients.push(...page.items.map((subscriber) => subscriber.email.toLowerCase()));
      cursor = page.cursor;
    } while (cursor);

    // After three mails, fifteen SendEmail attempts in a row are throttled: the three sends then in flight (five
    // attempts each in the pipeline's profile) fail past the client's retries.
    await setFaults({ rules: [{ service: 'ses', operations: ['SendEmail'], fault: 'throttle', after: 3, times: 15 }] });
    const throttled = await runStateMachine('newsletter', { trigger: 'chaos', issueId, frequency: 'weekly' }, 90_000);
    const stats = await faultStats();
    await clearFaults();
    expect(throttled.status).toBe('SUCCEEDED');
    expect(total(stats.injected, 'ses')).toBe(15);
    expect(throttled.result).toMatchObject({ issueId });
    expect(Number(throttled.result.failed)).toBeGreaterThan(0);
    const rerun = await runStateMachine('newsletter', { trigger: 'chaos-again', issueId, frequency: 'weekly' }, 90_000);
    expect(rerun.status).toBe('SUCCEEDED');
    expect(rerun.result).toMatchObject({ sent: throttled.result.failed, failed: 0 });

    const response = await fetch(`${local().urls.mail}/store`);
    const { emails } = (await response.json()) as { emails: InboxMail[] };
    const perRecipient = new Map<string, number>();
    for (const mail of emails.filter((each) => each.subject.includes(subject))) for (const to of mail.destination.to) perRecipient.set(to.toLowerCase(), (perRecipient.get(to.toLowerCase()) ?? 0) + 1);
    expect(recipients.length).toBeGreaterThanOrEqual(8);
    expect(Object.fromEntries(recipients.map((email) => [email, perRecipient.get(email) ?? 0]))).toEqual(Object.fromEntries(recipients.map((email) => [email, 1])));
    expect([...perRecipient.keys()].sort()).toEqual([...recipients].sort());
  }, 120_000);
});
