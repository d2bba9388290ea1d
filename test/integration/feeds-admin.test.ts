import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { local, signedInUser, useLocalAws } from '../support/aws.ts';
import { callApi } from '../support/console.ts';
import type { ApiAnswer } from '#http/answers.ts';
import type { ErrorAnswer } from '#platform/router.ts';
import type { FeedCheck } from '../../lambdas/http/admin/feeds.ts';

/**
 * RSS Feed Management through the local gateway, on the runtime's own table (the catalogue's fixture
 * feeds, as the first ingest left them). Feeds this file adds are deleted again at the end, and no
 * catalogue feed is changed, so the ingest tests that follow see the catalogue as it was.
 */

type FeedList = ApiAnswer<'GET /admin/feeds'>;

let admin: string;
let moderator: string;
let reader: string;
let feedHost: string;
let newsroomUrl: string;
let newsroomId: string;
/** Every feed this file added, deleted in afterAll. */
const addedIds = new Set<string>();

type Stores = {
  feeds: typeof import('#store/feeds.ts');
  audit: typeof import('#store/audit.ts');
  articles: typeof import('#store/articles.ts');
  opml: typeof import('#domain/content/opml.ts');
};
let s: Stores;

beforeAll(async () => {
  useLocalAws();
  s = {
    feeds: await import('#store/feeds.ts'),
    audit: await import('#store/audit.ts'),
    articles: await import('#store/articles.ts'),
    opml: await import('#domain/content/opml.ts'),
  };
  [admin, moderator, reader] = await Promise.all([signedInUser(['admin']), signedInUser(['moderator']), signedInUser()]).then((users) => users.map((user) => user.idToken));
  feedHost = local().urls.feeds;
  newsroomUrl = `${feedHost}/feeds/creator-newsroom.rss`;
});

afterAll(async () => {
  for (const id of addedIds) await callApi(admin, 'DELETE', `/admin/feeds/${id}`);
});

const list = async () => {
  const { status, body } = await callApi<FeedList>(admin, 'GET', '/admin/feeds');
  expect(status).toBe(200);
  return body;
};

async function lastAudit(target: string) {
  const page = await s.audit.listAudit({ target, limit: 1 });
  return page.items[0];
}

describe('who may manage feeds', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/admin/feeds'],
    ['POST', '/admin/feeds', { name: 'X', url: 'https://example.com/feed' }],
    ['PUT', '/admin/feeds/creator-india', { active: false }],
    ['DELETE', '/admin/feeds/creator-india'],
    ['POST', '/admin/feeds/creator-india/fetch'],
    ['GET', '/admin/feeds-opml'],
    ['POST', '/admin/feeds-opml', { opml: '<opml version="2.0"><body/></opml>' }],
  ];

  it.each(routes)('%s %s: guest 401, reader 403, moderator 403', async (method, path, body) => {
    expect((await callApi(undefined, method, path, body)).status).toBe(401);
    expect(await callApi(reader, method, path, body)).toEqual({ status: 403, body: { message: 'Access denied. Admin privileges required.' } });
    expect(await callApi(moderator, method, path, body)).toEqual({ status: 403, body: { message: 'Access denied. Admin privileges required.' } });
  });
  // Each route's admin 200 is in the tests below.
});

describe('the feed list', () => {
  it('shows every catalogue feed with its latest checks, richest data first', async () => {
    const { feeds, summary } = await list();
    const ids = feeds.map((feed) => feed.id);
    for (const id of ['creator-india', 'brandwire', 'regulation-watch', 'server-error', 'broken-xml']) expect(ids).toContain(id);
    const richness = feeds.map((feed) => feed.dataRichnessScore);
    expect(richness).toEqual([...richness].sort((a, b) => b - a));
    expect(summary.total).toBe(feeds.length);
    expect(summary.active + summary.paused).toBe(feeds.length);

    const india = feeds.find((feed) => feed.id === 'creator-india')!;
    expect(india).toMatchObject({ name: 'Creator India Daily', active: true, paused: false, priority: 1, isIndian: true });
    // Healthy on its last fetch, or unchanged since (304) when another test ran the ingest again.
    expect(['healthy', 'not-modified']).toContain(india.lastStatus);
    expect(india.health.length).toBeGreaterThanOrEqual(1);
    expect(india.health.length).toBeLessThanOrEqual(10);
    const latest = india.health.find((check) => check.status === 'healthy')!;
    expect(india.health[0]!.status).toBe(india.lastStatus);
    expect(latest.itemsFound).toBeGreaterThan(0);
    expect(latest.imagesExtracted).toBeGreaterThan(0);
    expect(latest).toHaveProperty('responseTimeMs');
    expect(latest).toHaveProperty('dataPointsExtracted');
    const times = india.health.map((check) => check.checkedAt);
    expect(times).toEqual([...times].sort().reverse());

    const failing = feeds.find((feed) => feed.id === 'server-error')!;
    expect(failing.lastStatus).toBe('error');
    expect(failing.consecutiveFailures).toBeGreaterThanOrEqual(1);
    expect(summary.failing).toBeGreaterThanOrEqual(5);
  });
});

describe('adding a feed', () => {
  it('fetches and parses the address first and answers how many items it found; the feed is due at once', async () => {
    const before = Date.now();
    const { status, body } = await callApi<ApiAnswer<'POST /admin/feeds'>>(admin, 'POST', '/admin/feeds', {
      name: 'Creator Newsroom',
      url: newsroomUrl,
      priority: 2,
      isIndian: true,
    });
    expect(status).toBe(201);
    expect(body.check).toMatchObject({ ok: true, itemsFound: 4, feedTitle: 'Creator Newsroom (fixture)' });
    expect(body.feed).toMatchObject({ name: 'Creator Newsroom', url: newsroomUrl, priority: 2, isIndian: true, active: true, lastStatus: null, health: [] });
    newsroomId = body.feed.id;
    addedIds.add(newsroomId);
    expect(Date.parse(body.feed.nextCheckAt)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(body.feed.nextCheckAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await s.feeds.listDueFeeds()).map((feed) => feed.id)).toContain(newsroomId);
    expect((await list()).feeds.map((feed) => feed.id)).toContain(newsroomId);
    expect(await lastAudit(newsroomId)).toMatchObject({ action: 'feed.create', after: { url: newsroomUrl, itemsFound: 4 } });
  });

  it('answers a duplicate address 409, however it is written', async () => {
    for (const url of [newsroomUrl, `${newsroomUrl}/`, newsroomUrl.replace('http://', 'https://'), `${feedHost}/feeds/creator-india.rss`]) {
      const { status, body } = await callApi<ErrorAnswer>(admin, 'POST', '/admin/feeds', { name: 'Again', url });
      expect(status, url).toBe(409);
      expect(body.message).toMatch(/already exists/);
    }
  });

  it('refuses what is not an absolute http(s) address with 400 and a field error', async () => {
    for (const url of ['javascript:alert(1)', 'data:text/xml,<rss/>', 'feeds/creator-newsroom.rss', 'ftp://example.com/feed.xml', 'not a url', 'https://user:secret@example.com/feed']) {
      const { status, body } = await callApi<ErrorAnswer>(admin, 'POST', '/admin/feeds', { name: 'Bad', url });
      expect(status, url).toBe(400);
      expect(body.fieldErrors?.url?.[0], url).toBeTruthy();
    }
    const noName = await callApi<ErrorAnswer>(admin, 'POST', '/admin/feeds', { name: '  ', url: newsroomUrl });
    expect(noName.status).toBe(400);
    expect(noName.body.fieldErrors?.name).toEqual(['Enter a name']);
    expect((await callApi(admin, 'POST', '/admin/feeds', { name: 'X', url: newsroomUrl, priority: 0 })).status).toBe(400);
    expect((await callApi(admin, 'POST', '/admin/feeds', { name: 'X', url: newsroomUrl, surprise: true })).status).toBe(400);
  });

  it('refuses an address that does not give a readable feed with 422 and the reason, storing nothing', async () => {
    // The catalogue already has the misbehaving paths; a query string makes them other addresses.
    const cases: Array<[string, RegExp]> = [
      ['http://127.0.0.1:1/feed.xml', /^Could not reach the server/],
      [`${feedHost}/misbehave/500?from=console`, /^The server answered HTTP 500$/],
      [`${feedHost}/feeds/no-such-feed.rss`, /^The server answered HTTP 404 \(not found\)$/],
      [`${feedHost}/feeds/not-a-feed.html`, /^Not a feed: the address serves an HTML page/],
      [`${feedHost}/feeds/broken.xml?from=console`, /^Not a feed: /],
      [`${feedHost}/misbehave/redirect-loop?from=console`, /redirects/],
      [`${feedHost}/misbehave/slow?from=console`, /^The feed did not answer within 4 s$/],
    ];
    for (const [url, reason] of cases) {
      const { status, body } = await callApi<ErrorAnswer & { check: Extract<FeedCheck, { ok: false }> }>(admin, 'POST', '/admin/feeds', { name: 'Unreadable', url });
      expect(status, url).toBe(422);
      expect(body.message, url).toMatch(reason);
      expect(body.check).toMatchObject({ ok: false });
    }
    const urls = (await list()).feeds.map((feed) => feed.url);
    for (const [url] of cases) expect(urls).not.toContain(url);
  });
});

describe('editing a feed', () => {
  it('renames, pauses and resumes it, each change audited', async () => {
    const renamed = await callApi<ApiAnswer<'PUT /admin/feeds/{id}'>>(admin, 'PUT', `/admin/feeds/${newsroomId}`, { name: 'Creator Newsroom India', priority: 3 });
    expect(renamed.status).toBe(200);
    expect(renamed.body.feed).toMatchObject({ name: 'Creator Newsroom India', priority: 3 });
    expect(await lastAudit(newsroomId)).toMatchObject({ action: 'feed.update', before: { name: 'Creator Newsroom', priority: 2 }, after: { name: 'Creator Newsroom India', priority: 3 } });

    const paused = await callApi<ApiAnswer<'PUT /admin/feeds/{id}'>>(admin, 'PUT', `/admin/feeds/${newsroomId}`, { active: false });
    expect(paused.body.feed).toMatchObject({ active: false, paused: true });
    expect((await s.feeds.listDueFeeds()).map((feed) => feed.id)).not.toContain(newsroomId);
    expect(await lastAudit(newsroomId)).toMatchObject({ action: 'feed.pause', before: { active: true }, after: { active: false } });

    const resumed = await callApi<ApiAnswer<'PUT /admin/feeds/{id}'>>(admin, 'PUT', `/admin/feeds/${newsroomId}`, { active: true });
    expect(resumed.body.feed).toMatchObject({ active: true, paused: false });
    expect((await s.feeds.listDueFeeds()).map((feed) => feed.id)).toContain(newsroomId);
    expect((await lastAudit(newsroomId))?.action).toBe('feed.resume');
  });

  it('checks a changed address like a new one', async () => {
    const edited = await callApi<ApiAnswer<'PUT /admin/feeds/{id}'>>(admin, 'PUT', `/admin/feeds/${newsroomId}`, { name: 'Creator Newsroom', url: newsroomUrl });
    expect(edited.status).toBe(200);
    expect(edited.body.check?.itemsFound).toBe(4);
    const broken = await callApi<ErrorAnswer>(admin, 'PUT', `/admin/feeds/${newsroomId}`, { url: `${feedHost}/misbehave/500?from=console` });
    expect(broken).toEqual({ status: 422, body: expect.objectContaining({ message: 'The server answered HTTP 500' }) });
    expect((await callApi(admin, 'PUT', `/admin/feeds/${newsroomId}`, { url: `${feedHost}/feeds/creator-india.rss` })).status).toBe(409);
    expect((await callApi(admin, 'PUT', `/admin/feeds/${newsroomId}`, { url: 'javascript:alert(1)' })).status).toBe(400);
    expect((await s.feeds.getFeedSource(newsroomId))?.url).toBe(newsroomUrl);
  });

  it('answers 400 to an empty change and 404 to an unknown feed', async () => {
    expect((await callApi(admin, 'PUT', `/admin/feeds/${newsroomId}`, {})).status).toBe(400);
    expect((await callApi(admin, 'PUT', '/admin/feeds/no-such-feed', { active: false })).status).toBe(404);
    expect((await callApi(admin, 'DELETE', '/admin/feeds/no-such-feed')).status).toBe(404);
    expect((await callApi(admin, 'POST', '/admin/feeds/no-such-feed/fetch')).status).toBe(404);
  });
});

/** A feed's stored stories, in whatever status the classifier gave them as they were fetched. */
async function storedFrom(feedId: string) {
  const pages = await Promise.all(
    (['draft', 'published', 'rejected'] as const).map((status) => s.articles.Article.query.byStatus({ status }).where((attributes, { eq }) => eq(attributes.feedId, feedId)).go({ pages: 'all' })),
  );
  return pages.flatMap((page) => page.data);
}

describe('fetch now', () => {
  it('runs the ingest refresh for one feed: new items stored, each classified as it was fetched, the check in its health', async () => {
    const { status, body } = await callApi<ApiAnswer<'POST /admin/feeds/{id}/fetch'>>(admin, 'POST', `/admin/feeds/${newsroomId}/fetch`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ itemsFound: 4, created: 4, status: 'healthy' });
    expect(body.feed?.health[0]).toMatchObject({ status: 'healthy', itemsFound: 4, imagesExtracted: 3 });
    expect(body.feed?.lastStatus).toBe('healthy');
    expect(body.feed?.dataRichnessScore).toBeGreaterThan(0);

    const stored = await storedFrom(newsroomId);
    expect(stored).toHaveLength(4);
    expect(stored.every((article) => ['auto_approved', 'pending_review', 'auto_rejected'].includes(article.adminStatus) && article.sourceName === 'Creator Newsroom')).toBe(true);
    const [check] = await s.feeds.latestFeedHealth(newsroomId, 1);
    expect(check).toMatchObject({ status: 'healthy', itemsFound: 4 });
    expect(await lastAudit(newsroomId)).toMatchObject({ action: 'feed.fetch', after: { itemsFound: 4, created: 4, status: 'healthy' } });

    // Again: the publisher answers 304 to the conditional request; nothing new is stored.
    const again = await callApi<ApiAnswer<'POST /admin/feeds/{id}/fetch'>>(admin, 'POST', `/admin/feeds/${newsroomId}/fetch`);
    expect(again.body).toMatchObject({ created: 0, status: 'not-modified' });
  });
});

describe('OPML', () => {
  it('exports every feed as an OPML 2.0 download', async () => {
    const response = await fetch(`${local().urls.api}/admin/feeds-opml`, { headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/x-opml; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="creator-news-hub-feeds-\d{4}-\d{2}-\d{2}\.opml"$/);
    const text = await response.text();
    expect(text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<opml version="2.0"/);
    const exported = s.opml.readOpml(text);
    const { feeds } = await list();
    expect(exported.feeds.map((feed) => feed.url).sort()).toEqual(feeds.map((feed) => feed.url).sort());
    expect(exported.feeds.find((feed) => feed.url === newsroomUrl)).toMatchObject({ name: 'Creator Newsroom', priority: 3, isIndian: true, active: true });
    // Names with markup characters survive the round trip escaped.
    expect(exported.feeds.find((feed) => feed.url.endsWith('/feeds/marketing-cafe-latin1.rss'))?.name).toBe('Marketing Café Europe');
  });

  it('round trip: delete a feed, import the export, the same feeds are back', async () => {
    const exported = (await callApi<string>(admin, 'GET', '/admin/feeds-opml')).body;
    const before = (await list()).feeds.map(({ id, name, url, priority, isIndian, active }) => ({ id, name, url, priority, isIndian, active }));

    expect(await callApi(admin, 'DELETE', `/admin/feeds/${newsroomId}`)).toEqual({ status: 200, body: { id: newsroomId, deleted: true } });
    expect((await list()).feeds.map((feed) => feed.id)).not.toContain(newsroomId);
    expect((await s.feeds.listDueFeeds()).map((feed) => feed.id)).not.toContain(newsroomId);
    expect(await lastAudit(newsroomId)).toMatchObject({ action: 'feed.delete', before: { url: newsroomUrl } });
    expect((await callApi(admin, 'DELETE', `/admin/feeds/${newsroomId}`)).status).toBe(404);
    // Its articles stay.
    expect(await storedFrom(newsroomId)).toHaveLength(4);

    const imported = await callApi<ApiAnswer<'POST /admin/feeds-opml'>>(admin, 'POST', '/admin/feeds-opml', { opml: exported });
    expect(imported).toEqual({ status: 200, body: expect.objectContaining({ added: 1, skipped: before.length - 1, invalid: [] }) });
    const after = (await list()).feeds.map(({ id, name, url, priority, isIndian, active }) => ({ id, name, url, priority, isIndian, active }));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect(after.sort(byId)).toEqual(before.sort(byId));
    expect(await lastAudit('opml')).toMatchObject({ action: 'feed.import', after: { added: [{ id: newsroomId, url: newsroomUrl }], skipped: before.length - 1, invalid: 0 } });

    // The same file again adds nothing.
    expect((await callApi<ApiAnswer<'POST /admin/feeds-opml'>>(admin, 'POST', '/admin/feeds-opml', { opml: exported })).body).toMatchObject({ added: 0, skipped: before.length });
  });

  it('reports outlines with hostile or broken addresses and adds nothing from them', async () => {
    const opml = `<?xml version="1.0"?>
<opml version="2.0"><head><title>Hostile</title></head><body>
  <outline text="Script" type="rss" xmlUrl="javascript:alert(document.cookie)"/>
  <outline text="Data" type="rss" xmlUrl="data:application/rss+xml,&lt;rss/&gt;"/>
  <outline text="Folder"><outline text="Relative" xmlUrl="/feed.xml"/><outline text="File" xmlUrl="file:///etc/passwd"/></outline>
  <outline text="Known" type="rss" xmlUrl="${feedHost}/feeds/creator-india.rss"/>
</body></opml>`;
    const total = (await list()).feeds.length;
    const { status, body } = await callApi<ApiAnswer<'POST /admin/feeds-opml'>>(admin, 'POST', '/admin/feeds-opml', { opml });
    expect(status).toBe(200);
    expect(body.added).toBe(0);
    expect(body.skipped).toBe(1);
    expect(body.invalid.map((entry) => entry.url)).toEqual(['javascript:alert(document.cookie)', 'data:application/rss+xml,<rss/>', '/feed.xml', 'file:///etc/passwd']);
    expect(body.invalid.every((entry) => entry.reason === 'Not an absolute http:// or https:// address')).toBe(true);
    expect((await list()).feeds.length).toBe(total);
  });

  it('rejects what is not an OPML file, or too much of one, with a clear 4xx', async () => {
    const many = `<opml version="2.0"><body>${Array.from({ length: 2001 }, (_, index) => `<outline text="F${index}" xmlUrl="https://example.com/${index}.xml"/>`).join('')}</body></opml>`;
    const huge = `<opml version="2.0"><body><outline text="${'x'.repeat(1_100_000)}" xmlUrl="https://example.com/feed.xml"/></body></opml>`;
    const bomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><opml version="2.0"><body><outline text="&lol2;" xmlUrl="https://example.com/a.xml"/></body></opml>';
    const cases: Array<[unknown, number, RegExp]> = [
      [{ opml: many }, 413, /more than 2,000 outlines/],
      [{ opml: huge }, 413, /larger than 1 MB/],
      [{ opml: 'this is not xml' }, 400, /not well formed/],
      [{ opml: '<html><body><p>Hello</p></body></html>' }, 400, /root element must be <opml>/],
      [{ opml: bomb }, 400, /DOCTYPE/],
      [{ opml: '<opml version="2.0"><head/></opml>' }, 400, /no <body>/],
      [{ opml: '' }, 400, /empty/],
      [{ opml: 42 }, 400, /opml/],
      [{}, 400, /opml/],
    ];
    const total = (await list()).feeds.length;
    for (const [body, status, message] of cases) {
      const answer = await callApi<ErrorAnswer>(admin, 'POST', '/admin/feeds-opml', body);
      expect(answer.status, message.source).toBe(status);
      expect(answer.body.message, message.source).toMatch(message);
    }
    expect((await list()).feeds.length).toBe(total);
  });
});
