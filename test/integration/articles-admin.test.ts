import { randomUUID } from 'node:crypto';
import type { ErrorAnswer } from '#platform/router.ts';
import { DescribeExecutionCommand, ListStateMachinesCommand, SFNClient, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { beforeAll, describe, expect, it } from 'vitest';
import { testArticle } from '../support/articles.ts';
import { api, signedInUser, useLocalAws } from '../support/aws.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * Article Management and the Summary Manager through the local gateway, on the runtime's own table (the
 * fixture feeds' articles plus the ones each test writes). Each test marks its articles with a word of
 * its own and searches for it, so the other articles in the table never change what it counts.
 */
type Store = {
  articles: typeof import('#store/articles.ts');
  audit: typeof import('#store/audit.ts');
  feeds: typeof import('#store/feeds.ts');
};
let s: Store;
const tokens: Record<'reader' | 'moderator' | 'admin', string> = { reader: '', moderator: '', admin: '' };

type ListAnswer = ApiAnswer<'GET /admin/articles'>;

beforeAll(async () => {
  useLocalAws();
  s = {
    articles: await import('#store/articles.ts'),
    audit: await import('#store/audit.ts'),
    feeds: await import('#store/feeds.ts'),
  };
  const [reader, moderator, admin] = await Promise.all([signedInUser(), signedInUser(['moderator']), signedInUser(['admin'])]);
  Object.assign(tokens, { reader: reader.idToken, moderator: moderator.idToken, admin: admin.idToken });
});

/** A word no other article has (letters only: search reads words). */
const marker = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;

async function seed(word: string, overrides: Array<Parameters<typeof testArticle>[0]>) {
  const made = [];
  for (const override of overrides) {
    const article = testArticle({ title: `Creator payouts story ${word} ${randomUUID().slice(0, 8)}`, ...override });
    const result = await s.articles.createArticle(article);
    expect(result.created).toBe(true);
    made.push(article);
    // createdAt orders "latest" and "oldest": keep them apart.
    await new Promise((resolve) => setTimeout(resolve, 3));
  }
  return made;
}

const list = (query: Record<string, string | number>, token = tokens.admin) =>
  api('GET', `/admin/articles?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`, token) as Promise<{ status: number; body: ListAnswer }>;

const counts = async () => (await list({ pageSize: 25 })).body.counts;

describe('the auth matrix of every Article Management route', () => {
  const someId = randomUUID();
  const routes: Array<{ method: string; path: string; body?: unknown; moderator: boolean }> = [
    { method: 'GET', path: '/admin/articles', moderator: true },
    { method: 'GET', path: `/admin/articles/${someId}`, moderator: true },
    { method: 'POST', path: '/admin/articles', body: {}, moderator: false },
    { method: 'PUT', path: `/admin/articles/${someId}`, body: {}, moderator: false },
    { method: 'DELETE', path: `/admin/articles/${someId}`, moderator: false },
    { method: 'PUT', path: `/admin/articles/${someId}/featured`, body: { featured: true }, moderator: false },
    { method: 'POST', path: '/admin/article-actions', body: { ids: [someId], action: 'archive' }, moderator: false },
    { method: 'GET', path: '/admin/summaries', moderator: false },
    { method: 'POST', path: '/admin/summaries/regenerate', body: { ids: [someId] }, moderator: false },
  ];

  it.each(routes)('$method $path: guest 401, reader 403, moderator $moderator, admin allowed', async ({ method, path, body, moderator }) => {
    expect((await api(method, path, undefined, body)).status).toBe(401);
    const denied = moderator ? 'Access denied. Moderator or admin privileges required.' : 'Access denied. Admin privileges required.';
    expect(await api(method, path, tokens.reader, body)).toMatchObject({ status: 403, body: { message: denied } });
    const asModerator = await api(method, path, tokens.moderator, body);
    if (moderator) expect([200, 404]).toContain(asModerator.status);
    else expect(asModerator).toMatchObject({ status: 403, body: { message: 'Access denied. Admin privileges required.' } });
    // The admin passes the role check: what follows is the route's own answer (an unknown id is a 404,
    // an empty editor body a 400), never a 401, 403 or 5xx.
    const asAdmin = await api(method, path, tokens.admin, body);
    expect([200, 400, 404]).toContain(asAdmin.status);
  });
});

describe('GET /admin/articles', () => {
  it('searches, filters, sorts and pages on the server with the exact total, leaving duplicates out', async () => {
    const word = marker();
    const made = await seed(word, [
      ...Array.from({ length: 24 }, (_, n) => ({ status: 'draft' as const, adminStatus: 'unclassified' as const, viewsCount: n })),
      { status: 'published', category: 'brand-partnerships', viewsCount: 500 },
      { status: 'published', category: 'brand-partnerships', viewsCount: 90 },
      { status: 'rejected', adminStatus: 'auto_rejected', category: 'general', viewsCount: 7 },
      { status: 'draft', isDuplicate: true },
    ]);
    const expected = made.filter((article) => !article.isDuplicate);

    const first = await list({ search: word });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 27, page: 1, pageSize: 25, pages: 2 });
    expect(first.body.items).toHaveLength(25);
    expect(first.body.items.map((row) => row.id)).not.toContain(made.at(-1)!.id);
    const second = await list({ search: word, page: 2 });
    expect(second.body.items).toHaveLength(2);
    const seen = new Set([...first.body.items, ...second.body.items].map((row) => row.id));
    expect(seen).toEqual(new Set(expected.map((article) => article.id)));

    // Latest first by default; oldest reverses it; trending is by views.
    expect(first.body.items[0]!.id).toBe(expected.at(-1)!.id);
    const oldest = await list({ search: word, sort: 'oldest', pageSize: 50 });
    expect(oldest.body.items.map((row) => row.id)).toEqual(expected.map((article) => article.id));
    const trending = await list({ search: word, sort: 'trending', pageSize: 50 });
    expect(trending.body.items.slice(0, 3).map((row) => row.viewsCount)).toEqual([500, 90, 23]);

    expect((await list({ search: word, status: 'draft' })).body.total).toBe(24);
    expect((await list({ search: word, status: 'published', category: 'brand-partnerships' })).body.total).toBe(2);
    expect((await list({ search: word, category: 'general' })).body.items.map((row) => row.status)).toEqual(['rejected']);
    expect((await list({ search: word, status: 'archived' })).body).toMatchObject({ total: 0, items: [], pages: 1 });
    for (const pageSize of [50, 100, 250, 500]) expect((await list({ search: word, pageSize })).body).toMatchObject({ total: 27, pages: 1, pageSize });

    // Case-insensitive, every word must match, the last one may be a prefix; source names count too.
    expect((await list({ search: `${word.toUpperCase()} PAYOUTS` })).body.total).toBe(27);
    expect((await list({ search: `${word} payo` })).body.total).toBe(27);
    expect((await list({ search: `${word} cooking` })).body.total).toBe(0);
    expect((await list({ search: `${word} test source` })).body.total).toBe(27);

    // A row carries what the table shows.
    expect(first.body.items[0]).toEqual({
      id: expected.at(-1)!.id,
      title: expected.at(-1)!.title,
      status: 'rejected',
      adminStatus: 'auto_rejected',
      category: 'general',
      sourceName: 'Test Source',
      isFeatured: false,
      featuredBy: null,
      viewsCount: 7,
      relevanceScore: 70,
      mlConfidenceScore: 0.8,
      createdAt: expect.any(String),
      publishedAt: null,
    });
  });

  it('answers the whole table with the counters kept per status, duplicates excluded', async () => {
    const { body } = await list({ pageSize: 500 });
    const listed = ['draft', 'published', 'archived', 'rejected'].reduce((sum, status) => sum + (body.counts[status] ?? 0), 0);
    expect(body.total).toBe(listed);
    const ping = (await api('GET', '/admin/ping', tokens.admin)).body as ApiAnswer<'GET /admin/ping'>;
    for (const [status, value] of Object.entries(ping.articlesByStatus)) expect(body.counts[status]).toBe(value);
  });

  it('refuses a page size, sort or status the console does not offer', async () => {
    const invalid: Array<Record<string, string | number>> = [{ pageSize: 30 }, { sort: 'popular' }, { status: 'deleted' }, { category: 'cooking' }, { page: 0 }];
    for (const query of invalid) {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(Object.keys((body as unknown as { fieldErrors: object }).fieldErrors)).toEqual(Object.keys(query));
    }
  });
});

describe('GET /admin/articles/{id}', () => {
  it('gives the detail dialog the whole article with its ML scores, confidence also as a percentage', async () => {
    const scores = {
      mlConfidenceScore: 0.873,
      mlRelevanceScore: 81,
      qualityScore: 77.2,
      indiaRelevance: 3,
      keywordMatches: { primary: ['influencer'], secondary: ['brand'], indian: ['mumbai'] },
      blocklistFlags: ['cricket'],
      sourceAttribution: { author: 'A. Writer', feedTitle: 'Test Feed' },
      rejectionReason: 'low quality',
    };
    const [article] = await seed(marker(), [{ ...scores, status: 'rejected' }]);
    const { status, body } = await api('GET', `/admin/articles/${article!.id}`, tokens.moderator);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: article!.id,
      title: article!.title,
      ...scores,
      mlConfidencePercent: 87.3,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(body).not.toHaveProperty('urlHash');
    expect((await api('GET', `/admin/articles/${randomUUID()}`, tokens.admin)).status).toBe(404);
  });
});

describe('POST /admin/article-actions', () => {
  it('publishes 3 drafts: the status counters move by 3, publishedAt is stamped, the public list shows them, each is audited', async () => {
    const word = marker();
    const drafts = await seed(word, Array.from({ length: 3 }, () => ({ status: 'draft' as const, adminStatus: 'unclassified' as const })));
    const before = await counts();
    const startedAt = new Date().toISOString();
    const { status, body } = await api('POST', '/admin/article-actions', tokens.admin, { ids: drafts.map((d) => d.id), action: 'set-status', status: 'published' });
    expect(status).toBe(200);
    expect(body).toEqual({ succeeded: expect.arrayContaining(drafts.map((d) => d.id)), failed: [] });
    const after = await counts();
    expect(after.published! - before.published!).toBe(3);
    expect(before.draft! - after.draft!).toBe(3);
    for (const draft of drafts) {
      const stored = await s.articles.getArticle(draft.id);
      expect(stored?.status).toBe('published');
      expect(stored!.publishedAt! >= startedAt).toBe(true);
      const history = await s.audit.listAudit({ target: draft.id });
      expect(history.items).toHaveLength(1);
      expect(history.items[0]).toMatchObject({ action: 'article.status', before: { status: 'draft' }, after: { status: 'published' }, actorRole: 'admin' });
    }
    // The reader's list (the in-process index reads the change notes within SEARCH_SYNC_SECONDS).
    let publicTotal = 0;
    for (let attempt = 0; attempt < 40 && publicTotal < 3; attempt += 1) {
      publicTotal = ((await api('GET', `/articles?q=${word}`)).body as ApiAnswer<'GET /articles'>).total;
      if (publicTotal < 3) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(publicTotal).toBe(3);
  });

  it('sets each status, archives with archivedAt, reports missing and purged articles as failed, and takes an article out of the review queue', async () => {
    const word = marker();
    const [queued, other] = await seed(word, [
      { status: 'draft', adminStatus: 'pending_review', reviewPriority: 'HIGH', reviewSort: '0#100' },
      { status: 'published' },
    ]);
    const missing = randomUUID();
    const rejected = await api('POST', '/admin/article-actions', tokens.admin, { ids: [queued!.id, missing], action: 'set-status', status: 'rejected' });
    expect(rejected.body).toEqual({ succeeded: [queued!.id], failed: [{ id: missing, reason: 'Article not found' }] });
    expect(await s.articles.getArticle(queued!.id)).toMatchObject({ status: 'rejected', adminStatus: 'rejected', reviewSort: '9#999' });

    const archived = await api('POST', '/admin/article-actions', tokens.admin, { ids: [queued!.id, other!.id], action: 'archive' });
    expect((archived.body as ApiAnswer<'POST /admin/article-actions'>).succeeded).toHaveLength(2);
    expect((await s.articles.getArticle(other!.id))?.archivedAt).toBeTruthy();

    await api('POST', '/admin/article-actions', tokens.admin, { ids: [other!.id], action: 'purge' });
    const again = await api('POST', '/admin/article-actions', tokens.admin, { ids: [other!.id], action: 'set-status', status: 'draft' });
    expect(again.body).toEqual({ succeeded: [], failed: [{ id: other!.id, reason: 'A purged article cannot be changed' }] });
  });

  it('purges and deletes fixture-feed articles: hash-only record, counters moved, and the next ingest does not bring either back', async () => {
    const byFeed = async (feedId: string) => {
      const statuses = ['draft', 'published', 'rejected', 'archived', 'purged'] as const;
      const pages = await Promise.all(statuses.map((status) => s.articles.Article.query.byStatus({ status }).go({ pages: 'all' })));
      return pages.flatMap((page) => page.data).filter((article) => article.feedId === feedId);
    };
    const feedId = 'creator-tools';
    const fromFeed = (await byFeed(feedId)).filter((article) => article.status !== 'purged' && !article.isDuplicate);
    expect(fromFeed.length).toBeGreaterThanOrEqual(2);
    const [toPurge, toDelete] = fromFeed as [typeof fromFeed[number], typeof fromFeed[number]];
    const before = await counts();

    const purged = await api('POST', '/admin/article-actions', tokens.admin, { ids: [toPurge.id], action: 'purge' });
    expect(purged.body).toEqual({ succeeded: [toPurge.id], failed: [] });
    const record = await s.articles.getArticle(toPurge.id);
    expect(record).toMatchObject({ status: 'purged', title: '', summary: '', content: '', sourceUrl: '', tags: [] });
    expect(record?.purgedAt).toBeTruthy();
    for (const gone of ['author', 'imageUrl', 'keywordMatches', 'blocklistFlags', 'sourceAttribution', 'rssCategories', 'mediaThumbnails'] as const) expect(record?.[gone]).toBeUndefined();
    expect(await s.articles.isKnownHash('url', toPurge.urlHash!)).toBe(true);
    expect(await s.articles.isKnownHash('title', toPurge.titleHash!)).toBe(true);

    const deleted = await api('DELETE', `/admin/articles/${toDelete.id}`, tokens.admin);
    expect(deleted).toMatchObject({ status: 200, body: { id: toDelete.id, deleted: true } });
    expect((await api('GET', `/admin/articles/${toDelete.id}`, tokens.admin)).status).toBe(404);
    expect(await s.articles.isKnownHash('url', toDelete.urlHash!)).toBe(true);
    expect((await api('DELETE', `/admin/articles/${toDelete.id}`, tokens.admin)).status).toBe(404);
    const history = await s.audit.listAudit({ target: toDelete.id });
    expect(history.items[0]).toMatchObject({ action: 'article.delete', before: { title: toDelete.title, status: toDelete.status } });

    const after = await counts();
    const moved = (status: string) => (after[status] ?? 0) - (before[status] ?? 0);
    expect(moved('purged')).toBe(1);
    expect(['draft', 'published', 'archived', 'rejected'].reduce((sum, status) => sum + moved(status), 0)).toBe(-2);
    expect(Object.values(after).reduce((a, b) => a + b, 0) - Object.values(before).reduce((a, b) => a + b, 0)).toBe(-1);

    // Forget the feed's validators so the whole feed is fetched and read again.
    await s.feeds.checkAfresh(feedId);
    const sfn = new SFNClient({});
    const { stateMachines = [] } = await sfn.send(new ListStateMachinesCommand({}));
    const { executionArn } = await sfn.send(new StartExecutionCommand({ stateMachineArn: stateMachines.find((m) => m.name === 'ingest')!.stateMachineArn, input: JSON.stringify({ trigger: 'test' }) }));
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const execution = await sfn.send(new DescribeExecutionCommand({ executionArn }));
      if (execution.status !== 'RUNNING') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const now = await byFeed(feedId);
    expect(now.some((article) => article.id === toDelete.id)).toBe(false);
    expect(now.filter((article) => article.status !== 'purged' && !article.isDuplicate)).toHaveLength(fromFeed.length - 2);
  }, 90_000);

  it('answers bad input with 400 and field errors', async () => {
    for (const body of [{ ids: [], action: 'archive' }, { ids: ['x'], action: 'set-status' }, { ids: ['x'], action: 'explode' }, { ids: Array.from({ length: 501 }, (_, n) => `id-${n}`), action: 'archive' }]) {
      const answer = await api('POST', '/admin/article-actions', tokens.admin, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toHaveProperty('fieldErrors');
    }
    expect((await api('POST', '/admin/article-actions', tokens.admin, { ids: ['x'], action: 'set-status', status: 'purged' })).status).toBe(400);
  });
});

describe('the article editor', () => {
  it('refuses invalid input with a field error per field', async () => {
    const { status, body } = await api('POST', '/admin/articles', tokens.admin, { title: 'Hey', sourceUrl: 'javascript:alert(1)', category: 'cooking', imageUrl: 'data:image/png;base64,AAAA', status: 'purged' });
    expect(status).toBe(400);
    const fieldErrors = (body as { fieldErrors: Record<string, string[]> }).fieldErrors;
    expect(Object.keys(fieldErrors).sort()).toEqual(['category', 'imageUrl', 'sourceUrl', 'status', 'title']);
    expect(fieldErrors.title).toEqual(['Title must be at least 5 characters']);
    expect(fieldErrors.sourceUrl).toEqual(['Enter an absolute http(s) URL']);
    const empty = await api('POST', '/admin/articles', tokens.admin, {});
    expect((empty.body as ErrorAnswer).fieldErrors).toMatchObject({ title: ['Title is required'], sourceUrl: ['Enter an absolute http(s) URL'] });
    const long = await api('POST', '/admin/articles', tokens.admin, { title: 'x'.repeat(301), sourceUrl: 'https://example.com/a' });
    expect((long.body as ErrorAnswer).fieldErrors?.title).toBeDefined();
  });

  it('adds an article (sanitised, summarised, counted, audited), refuses its duplicate with 409, edits it and moves its counters on a status change', async () => {
    const word = marker();
    const url = `https://news.example.com/story/${word}`;
    const before = await counts();
    const created = await api('POST', '/admin/articles', tokens.admin, {
      title: `Manual story about ${word} creators`,
      sourceUrl: url,
      content: `<p>Creators in Mumbai ${word} earn more from brand deals this year.</p><script>alert(1)</script><a href="javascript:x()">bad</a>`,
      category: 'brand-partnerships',
      tags: ['deals', 'india'],
      author: 'Console Editor',
      status: 'draft',
    });
    expect(created.status).toBe(200);
    const article = created.body as ApiAnswer<'POST /admin/articles'>;
    expect(article.content).not.toMatch(/script|javascript/);
    expect(article.summary).toBe(`Creators in Mumbai ${word} earn more from brand deals this year. bad`);
    expect(article).toMatchObject({ sourceName: 'news.example.com', status: 'draft', adminStatus: 'unclassified' });
    expect((await counts()).draft! - before.draft!).toBe(1);
    expect((await s.audit.listAudit({ target: article.id })).items[0]).toMatchObject({ action: 'article.create', after: { status: 'draft', category: 'brand-partnerships' } });

    // The same URL (tracking parameters and www do not make a new story) or the same title: 409.
    const sameUrl = await api('POST', '/admin/articles', tokens.admin, { title: `Another title ${word}`, sourceUrl: `https://www.news.example.com/story/${word}?utm_source=x` });
    expect(sameUrl).toMatchObject({ status: 409, body: { fieldErrors: { sourceUrl: [expect.any(String)] } } });
    const sameTitle = await api('POST', '/admin/articles', tokens.admin, { title: `manual story about ${word.toUpperCase()} creators!`, sourceUrl: `https://elsewhere.example.com/${word}` });
    expect(sameTitle).toMatchObject({ status: 409, body: { fieldErrors: { title: [expect.any(String)] } } });

    const edited = await api('PUT', `/admin/articles/${article.id}`, tokens.admin, { title: `Edited story about ${word} creators`, summary: 'A summary typed by the editor for the readers of the site.', status: 'published', category: 'creator-economy' });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'published', category: 'creator-economy', adminStatus: 'approved', title: `Edited story about ${word} creators`, publishedAt: expect.any(String) });
    const after = await counts();
    expect(after.draft).toBe(before.draft);
    expect(after.published! - before.published!).toBe(1);
    const audit = (await s.audit.listAudit({ target: article.id })).items[0];
    expect(audit).toMatchObject({ action: 'article.edit+status', before: { status: 'draft', category: 'brand-partnerships' }, after: { status: 'published', category: 'creator-economy' } });
    // The edited title is now taken as well, and the original stays taken.
    expect((await api('POST', '/admin/articles', tokens.admin, { title: `Edited story about ${word} creators`, sourceUrl: `https://x.example.com/${word}` })).status).toBe(409);
    expect(await s.articles.isKnownHash('title', (await import('#domain/content/dedup.ts')).titleHash(`Manual story about ${word} creators`))).toBe(true);

    // An edit that keeps the status keeps the counters.
    const plain = await api('PUT', `/admin/articles/${article.id}`, tokens.admin, { author: 'Second Editor', tags: ['one'] });
    expect(plain.body).toMatchObject({ author: 'Second Editor', tags: ['one'], status: 'published' });
    expect(await counts()).toEqual(after);
    expect((await api('PUT', `/admin/articles/${article.id}`, tokens.admin, { sourceUrl: 'ftp://example.com/x' })).status).toBe(400);
    expect((await api('PUT', `/admin/articles/${randomUUID()}`, tokens.admin, { author: 'x' })).status).toBe(404);
  });

  it('toggles featured and audits it', async () => {
    const [article] = await seed(marker(), [{ status: 'published' }]);
    expect(await api('PUT', `/admin/articles/${article!.id}/featured`, tokens.admin, { featured: true })).toEqual(expect.objectContaining({ status: 200, body: { id: article!.id, isFeatured: true, featuredBy: 'editor' } }));
    expect(await s.articles.getArticle(article!.id)).toMatchObject({ isFeatured: true, featuredBy: 'editor' });
    expect((await s.audit.listAudit({ target: article!.id })).items[0]).toMatchObject({ action: 'article.featured', before: { isFeatured: false }, after: { isFeatured: true } });
    expect((await api('PUT', `/admin/articles/${article!.id}/featured`, tokens.admin, { featured: 'yes' })).status).toBe(400);
  });
});

describe('the Summary Manager', () => {
  it('finds each summary problem and regenerates summaries from the content', async () => {
    const word = marker();
    const content = `<p>Brand deals for creators in ${word} grew this quarter, with agencies reporting more spend on regional creators.</p>`;
    const [missing, sameAsTitle, short, markup, noContent, fine] = await seed(word, [
      { summary: '', content },
      { title: `Same title ${word} here`, summary: `Same title ${word} here.`, content },
      { summary: 'Read more', content },
      { summary: `<p>Brand deals &amp; ${word} creators grew this quarter with agencies spending more on regional creators.</p>`, content },
      { summary: '', content: '' },
      { summary: `A proper summary about ${word} that tells readers what the story is about in a sentence.`, content },
    ]);
    type Summaries = ApiAnswer<'GET /admin/summaries'>;
    const all = (await api('GET', '/admin/summaries?pageSize=500', tokens.admin)).body as Summaries;
    const problemsOf = (id: string) => all.items.find((item) => item.id === id)?.problems;
    expect(problemsOf(missing!.id)).toEqual(['missing']);
    expect(problemsOf(sameAsTitle!.id)).toEqual(['same-as-title']);
    expect(problemsOf(short!.id)).toEqual(['too-short']);
    expect(problemsOf(markup!.id)).toEqual(['markup']);
    expect(problemsOf(noContent!.id)).toEqual(['missing']);
    expect(problemsOf(fine!.id)).toBeUndefined();
    expect(all.total).toBe(all.items.length);

    const onlyMarkup = (await api('GET', '/admin/summaries?problem=markup&pageSize=500', tokens.admin)).body as Summaries;
    expect(onlyMarkup.items.every((item) => item.problems.includes('markup'))).toBe(true);
    expect(onlyMarkup.total).toBe(all.counts.markup);
    expect((await api('GET', '/admin/summaries?problem=ugly', tokens.admin)).status).toBe(400);

    const ids = [missing, sameAsTitle, short, markup, noContent].map((article) => article!.id);
    const regenerated = await api('POST', '/admin/summaries/regenerate', tokens.admin, { ids });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body).toEqual({
      updated: expect.arrayContaining(ids.slice(0, 4)),
      unchanged: [{ id: noContent!.id, reason: 'The article has no content to summarise' }],
    });
    expect((regenerated.body as ApiAnswer<'POST /admin/summaries/regenerate'>).updated).toHaveLength(4);
    const expected = `Brand deals for creators in ${word} grew this quarter, with agencies reporting more spend on regional creators.`;
    expect((await s.articles.getArticle(missing!.id))?.summary).toBe(expected);
    expect((await s.audit.listAudit({ target: markup!.id })).items[0]).toMatchObject({ action: 'article.summary', after: { summary: expected } });
    const afterwards = (await api('GET', '/admin/summaries?pageSize=500', tokens.admin)).body as Summaries;
    expect(afterwards.items.map((item) => item.id)).not.toEqual(expect.arrayContaining([missing!.id]));
    expect(afterwards.items.find((item) => item.id === noContent!.id)).toBeDefined();

    // Again: nothing to change.
    const twice = await api('POST', '/admin/summaries/regenerate', tokens.admin, { ids: [missing!.id] });
    expect(twice.body).toEqual({ updated: [], unchanged: [{ id: missing!.id, reason: 'The summary already matches the content' }] });
    expect((await api('POST', '/admin/summaries/regenerate', tokens.admin, { ids: [] })).status).toBe(400);
  });
});
