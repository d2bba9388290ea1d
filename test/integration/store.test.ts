import { beforeAll, describe, expect, it } from 'vitest';
import { testArticle } from '../support/articles.ts';
import { useFreshTable } from '../support/aws.ts';

type Articles = typeof import('#store/articles.ts');
type Counters = typeof import('#store/table/counters.ts');
let articles: Articles;
let counters: Counters;

beforeAll(async () => {
  await useFreshTable();
  articles = await import('#store/articles.ts');
  counters = await import('#store/table/counters.ts');
});

const statusCounts = async () => counters.readCounters(counters.COUNTER_SCOPES.articles);

describe('creating articles', () => {
  it('stores the article and counts it by status in the same write', async () => {
    const before = await statusCounts();
    const result = await articles.createArticle(testArticle({ status: 'draft' }));
    expect(result.created).toBe(true);
    const after = await statusCounts();
    expect((after['status#draft'] ?? 0) - (before['status#draft'] ?? 0)).toBe(1);
  });

  it('refuses the same story by URL (tracking parameters aside) or by title, and counts nothing', async () => {
    const original = testArticle({ sourceUrl: 'https://news.example.com/a/creator-tax-rules?utm_source=feed', title: 'Creator tax rules change in April' });
    expect((await articles.createArticle(original)).created).toBe(true);
    const before = await statusCounts();

    const sameUrl = testArticle({ sourceUrl: 'https://www.news.example.com/a/creator-tax-rules/', title: 'A different headline for it' });
    expect(await articles.createArticle(sameUrl)).toEqual({ created: false, reason: 'duplicate' });
    const sameTitle = testArticle({ title: 'CREATOR TAX RULES CHANGE IN APRIL!' });
    expect(await articles.createArticle(sameTitle)).toEqual({ created: false, reason: 'duplicate' });

    expect(await articles.getArticle(sameUrl.id)).toBeNull();
    expect(await articles.getArticle(sameTitle.id)).toBeNull();
    expect(await statusCounts()).toEqual(before);
  });

  it('lets exactly one of two racing writers of one story win', async () => {
    const story = { sourceUrl: 'https://example.com/race/one-story', title: 'One story, two feeds' };
    const results = await Promise.all([articles.createArticle(testArticle(story)), articles.createArticle(testArticle(story))]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
  });
});

describe('changing status', () => {
  it('moves the counters from the old status to the new one', async () => {
    const created = await articles.createArticle(testArticle({ status: 'draft' }));
    if (!created.created) throw new Error('not created');
    const before = await statusCounts();
    expect(await articles.changeArticleStatus(created.article, { status: 'published', set: { publishedAt: new Date().toISOString() } })).toBe(true);
    const after = await statusCounts();
    expect((after['status#draft'] ?? 0) - (before['status#draft'] ?? 0)).toBe(-1);
    expect((after['status#published'] ?? 0) - (before['status#published'] ?? 0)).toBe(1);
    expect((await articles.getArticle(created.article.id))?.status).toBe('published');
  });

  it('refuses a change based on a stale read, so concurrent changes count once', async () => {
    const created = await articles.createArticle(testArticle({ status: 'rejected' }));
    if (!created.created) throw new Error('not created');
    const stale = created.article;
    expect(await articles.changeArticleStatus(stale, { status: 'archived' })).toBe(true);
    const before = await statusCounts();
    expect(await articles.changeArticleStatus(stale, { status: 'archived' })).toBe(false);
    expect(await statusCounts()).toEqual(before);
  });

  it('lists a status oldest first before a cutoff', async () => {
    const old = await articles.createArticle(testArticle({ status: 'rejected' }), { at: '2026-01-01T00:00:00.000Z' });
    const recent = await articles.createArticle(testArticle({ status: 'rejected' }));
    if (!old.created || !recent.created) throw new Error('not created');
    const due = await (await import('#store/article-lists.ts')).listArticlesByStatus('rejected', { before: '2026-06-01T00:00:00.000Z', order: 'asc' });
    const ids = due.items.map((item) => item.id);
    expect(ids).toContain(old.article.id);
    expect(ids).not.toContain(recent.article.id);
  });
});
