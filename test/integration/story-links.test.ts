import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testArticle } from '../support/articles.ts';
import { api, signedInUser, useLocalAws } from '../support/aws.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * A moderator's split and join of stories through the local gateway, on the runtime's own table: the articles,
 * the counters and the labelled pair move together, and the next ingest run keeps a split pair apart. The feeds
 * here are served by the test and refreshed in-process, comparing only against their own stories (the runtime's
 * fixture feeds carry the same kind of event).
 */
type Modules = {
  articles: typeof import('#store/articles.ts');
  counters: typeof import('#store/table/counters.ts');
  feeds: typeof import('#store/feeds.ts');
  links: typeof import('#store/story-links.ts');
  audit: typeof import('#store/audit.ts');
  refresh: typeof import('../../lambdas/services/refresh-feed.ts');
};
let m: Modules;
const tokens = { reader: '', moderator: '', admin: '' };
let server: http.Server;
let feedBase = '';
const feedItems = new Map<string, Array<{ title: string; summary: string; link: string; at: string }>>();

/** A word no other story has (letters only), in every headline and feed name here. */
const marker = `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;

beforeAll(async () => {
  useLocalAws();
  m = {
    articles: await import('#store/articles.ts'),
    counters: await import('#store/table/counters.ts'),
    feeds: await import('#store/feeds.ts'),
    links: await import('#store/story-links.ts'),
    audit: await import('#store/audit.ts'),
    refresh: await import('../../lambdas/services/refresh-feed.ts'),
  };
  const [reader, moderator, admin] = await Promise.all([signedInUser(), signedInUser(['moderator']), signedInUser(['admin'])]);
  Object.assign(tokens, { reader: reader.idToken, moderator: moderator.idToken, admin: admin.idToken });
  server = http.createServer((request, response) => {
    const items = feedItems.get(request.url ?? '');
    if (!items) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    const xml = items.map((item) => `<item><title>${item.title}</title><link>${item.link}</link><pubDate>${new Date(item.at).toUTCString()}</pubDate><description>${item.summary}</description></item>`);
    response.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Desk</title><link>https://desk.example.com</link>${xml.join('')}</channel></rss>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server?.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
// One ASCI event from three publishers (npm run same-story joins each pair; C's report is nearest B's).
const reportA = { title: `ASCI tightens disclosure rules for virtual influencers ${marker}`, summary: 'The Advertising Standards Council of India has tightened disclosure guidelines for virtual influencers and AI-generated creator content.', link: `https://desk-a.example.com/${marker}`, at: hoursAgo(3) };
const reportB = { title: `ASCI updates guidelines on AI creators and virtual influencer disclosures ${marker}`, summary: "ASCI's revised guidelines require virtual influencers and AI-generated creators to disclose sponsored posts.", link: `https://desk-b.example.com/${marker}`, at: hoursAgo(2) };
const reportC = { title: `ASCI updates its guidelines on AI creators and virtual influencer disclosure ${marker}`, summary: "ASCI's revised guidelines require virtual influencers and AI-generated creators to disclose their sponsored posts.", link: `https://desk-c.example.com/${marker}`, at: hoursAgo(1) };

async function feedOf(desk: string, items: Array<typeof reportA>) {
  const id = `desk-${desk}-${marker}`;
  feedItems.set(`/${id}`, items);
  // Never due: the runtime's own pipeline must not poll it (it would compare against every recent story).
  await m.feeds.putFeedSource({ id, name: `Desk ${desk.toUpperCase()} ${marker}`, url: `${feedBase}/${id}`, nextCheckAt: '2099-01-01T00:00:00.000Z' });
  return (await m.feeds.getFeedSource(id))!;
}

/** One ingest run over one feed, reading the recent stories and the moderators' decisions as the pipeline does. */
async function ingest(feed: Awaited<ReturnType<typeof feedOf>>) {
  const now = new Date();
  const stories = m.refresh.recentStoriesOnce(now);
  return m.refresh.refreshFeed(feed, { timeoutMs: 10_000, maxBytes: 1_000_000, now, pageImages: false, fingerprints: async () => (await stories()).filter((story) => story.sourceName?.endsWith(marker)) });
}

async function storyOf(feedId: string) {
  const { data } = await m.articles.Article.scan.where(({ feedId: feed }, { eq }) => eq(feed, feedId)).go({ pages: 'all' });
  expect(data).toHaveLength(1);
  return data[0]!;
}

const readCounters = () => m.counters.readCounters(m.counters.COUNTER_SCOPES.articles);
/** How the counters moved between two readings (names that did not move left out). */
function moved(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return Object.fromEntries([...names].map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]).filter(([, by]) => by !== 0));
}
const asMoves = (changes: Array<{ name: string; by: number }>) => Object.fromEntries(changes.map((change) => [change.name, change.by]));

/** Published and listed, whatever the classifier decided: the public list must be able to show it. */
async function published(article: Awaited<ReturnType<typeof storyOf>>) {
  if (article.status === 'published' && (article.relevanceScore ?? 0) >= 60) return article;
  expect(await m.articles.changeArticleStatus(article, { status: 'published', set: { publishedAt: new Date().toISOString(), relevanceScore: 60 } })).toBe(true);
  return (await m.articles.getArticle(article.id))!;
}

describe('a moderator splits a later report from its story', () => {
  it('makes it a story of its own, counted and listed, stores the pair, and the next run keeps them apart', async () => {
    const [deskA, deskB] = [await feedOf('a', [reportA]), await feedOf('b', [reportB])];
    expect(await ingest(deskA)).toMatchObject({ created: 1 });
    expect(await ingest(deskB)).toMatchObject({ created: 1, clustered: 1 });
    const first = await published(await storyOf(deskA.id));
    const later = await published(await storyOf(deskB.id));
    expect(later).toMatchObject({ clusterId: first.id, isDuplicate: true });
    expect(first.alsoCoveredBy?.map((entry) => entry.articleId)).toEqual([later.id]);

    const split = `/admin/articles/${later.id}/split`;
    expect((await api('POST', split)).status).toBe(401);
    expect((await api('POST', split, tokens.reader)).status).toBe(403);
    const before = await readCounters();
    const answer = await api('POST', split, tokens.moderator);
    expect(answer).toMatchObject({ status: 200, body: { id: later.id, splitFrom: first.id } });
    // Exactly the counters a story of its own counts in, moved in the split's transaction.
    expect(moved(before, await readCounters())).toEqual(asMoves(m.counters.articleCounterChanges(later, { ...later, isDuplicate: false })));

    const [splitOff, story] = await Promise.all([m.articles.getArticle(later.id), m.articles.getArticle(first.id)]);
    expect(splitOff).toMatchObject({ isDuplicate: false });
    expect(splitOff?.clusterId).toBeUndefined();
    expect(splitOff?.clusterReason).toBeUndefined();
    expect(story?.alsoCoveredBy ?? []).toEqual([]);
    const decisions = (await m.links.storyDecisionsSince(hoursAgo(1))).filter((decision) => decision.laterId === later.id);
    expect(decisions).toEqual([expect.objectContaining({ firstId: first.id, same: false, first: expect.objectContaining({ title: reportA.title }), later: expect.objectContaining({ title: reportB.title }) })]);
    expect((await m.audit.listAudit({ target: later.id })).items).toContainEqual(expect.objectContaining({ action: 'article.split' }));

    // A second split: it is no longer a later report.
    expect(await api('POST', split, tokens.moderator)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/not a later report/) } });
    expect((await api('POST', `/admin/articles/${randomUUID()}/split`, tokens.moderator)).status).toBe(404);

    // The public list shows it as a card of its own.
    await expect
      .poll(async () => ((await api('GET', `/articles?q=${marker}`)).body as ApiAnswer<'GET /articles'>).items.map((card) => card.id).sort(), { timeout: 20_000 })
      .toEqual([first.id, later.id].sort());

    // The next run: the split report's feed again is a dedup no-op, and a third publisher's report nearest the
    // split one joins it, not the story it was split from.
    expect(await ingest(deskB)).toMatchObject({ created: 0 });
    expect(await m.articles.getArticle(later.id)).toMatchObject({ isDuplicate: false });
    const deskC = await feedOf('c', [reportC]);
    expect(await ingest(deskC)).toMatchObject({ created: 1, clustered: 1 });
    expect(await storyOf(deskC.id)).toMatchObject({ clusterId: later.id, isDuplicate: true });
    expect((await m.articles.getArticle(later.id))?.alsoCoveredBy?.map((entry) => entry.sourceName)).toEqual([`Desk C ${marker}`]);
    expect((await m.articles.getArticle(first.id))?.alsoCoveredBy ?? []).toEqual([]);
  });
});

describe('a moderator joins a story to another', () => {
  async function seed() {
    const [first, later] = [testArticle({ title: `Creator payouts story ${marker} ${randomUUID().slice(0, 8)}` }), testArticle({ title: `Creator payouts report ${marker} ${randomUUID().slice(0, 8)}` })];
    for (const article of [first, later]) expect((await m.articles.createArticle(article)).created).toBe(true);
    return [(await m.articles.getArticle(first.id))!, (await m.articles.getArticle(later.id))!] as const;
  }

  it('makes it a later report: not counted, listed under the first report, the pair stored', async () => {
    const [first, later] = await seed();
    const join = `/admin/articles/${later.id}/join`;
    expect((await api('POST', join, undefined, { storyId: first.id })).status).toBe(401);
    expect((await api('POST', join, tokens.reader, { storyId: first.id })).status).toBe(403);
    const before = await readCounters();
    expect(await api('POST', join, tokens.admin, { storyId: first.id })).toMatchObject({ status: 200, body: { id: later.id, joinedTo: first.id } });
    expect(moved(before, await readCounters())).toEqual(asMoves(m.counters.articleCounterChanges(later, { ...later, isDuplicate: true })));
    expect(await m.articles.getArticle(later.id)).toMatchObject({ isDuplicate: true, clusterId: first.id, clusterJoinedBy: expect.stringContaining('@') });
    expect((await m.articles.getArticle(first.id))?.alsoCoveredBy).toEqual([expect.objectContaining({ articleId: later.id, title: later.title })]);
    const decisions = (await m.links.storyDecisionsSince(hoursAgo(1))).filter((decision) => decision.laterId === later.id);
    expect(decisions).toEqual([expect.objectContaining({ firstId: first.id, same: true })]);
    expect((await m.audit.listAudit({ target: later.id })).items).toContainEqual(expect.objectContaining({ action: 'article.join' }));

    // And split back: the counters return.
    const split = await api('POST', `/admin/articles/${later.id}/split`, tokens.moderator);
    expect(split.status).toBe(200);
    expect(moved(before, await readCounters())).toEqual({});
  });

  it('refuses every bad case with a message', async () => {
    const [first, later] = await seed();
    const join = (id: string, storyId: string) => api('POST', `/admin/articles/${id}/join`, tokens.moderator, { storyId });
    expect(await join(later.id, later.id)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/itself/) } });
    expect(await join(later.id, randomUUID())).toMatchObject({ status: 404, body: { message: expect.stringMatching(/not found/) } });
    expect((await join(randomUUID(), first.id)).status).toBe(404);
    expect((await api('POST', `/admin/articles/${later.id}/join`, tokens.moderator, {})).status).toBe(400);
    expect((await join(later.id, first.id)).status).toBe(200);
    expect(await join(later.id, first.id)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/already a later report/) } });
    const [other] = await seed();
    expect(await join(other.id, later.id)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/itself a later report/) } });
    expect(await join(first.id, other.id)).toMatchObject({ status: 409, body: { message: expect.stringMatching(/later reports of its own/) } });
  });
});
