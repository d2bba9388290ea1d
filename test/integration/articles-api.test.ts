import { beforeAll, describe, expect, it } from 'vitest';
import { testArticle } from '../support/articles.ts';
import { httpEvent, lambdaContext, useFreshTable } from '../support/aws.ts';

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
let handler: Handler;
const publicIds: string[] = [];
const hiddenIds: string[] = [];

async function list(query: Record<string, string> = {}) {
  const response = await handler(httpEvent('GET /articles', { query }), lambdaContext);
  return { status: response.statusCode, body: JSON.parse(response.body) as { items: Array<{ id: string; publishedAt: string; category: string }>; cursor: string | null; message?: string; fieldErrors?: Record<string, string[]> } };
}

beforeAll(async () => {
  await useFreshTable();
  const { createArticle } = await import('../../lambdas/store/articles.ts');
  handler = (await import('../../lambdas/http/articles/index.ts')).handler as unknown as Handler;
  // 23 public articles a minute apart, and one of each kind the public list must never show.
  const start = Date.parse('2026-11-01T00:00:00.000Z');
  for (let index = 0; index < 23; index += 1) {
    const article = testArticle({
      originalPublishedAt: new Date(start + index * 60_000).toISOString(),
      category: index % 3 === 0 ? 'platform-updates' : 'creator-economy',
    });
    await createArticle(article);
    publicIds.push(article.id);
  }
  const hidden = [
    testArticle({ status: 'draft' }),
    testArticle({ status: 'rejected' }),
    testArticle({ isDuplicate: true }),
    testArticle({ relevanceScore: 29 }),
    testArticle({ category: 'tools-technology' }),
  ];
  for (const article of hidden) {
    await createArticle(article);
    hiddenIds.push(article.id);
  }
});

describe('GET /articles', () => {
  it('pages through every public article once, newest first, with a cursor', async () => {
    const seen: Array<{ id: string; publishedAt: string }> = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, body } = await list({ limit: '10', ...(cursor ? { cursor } : {}) });
      expect(status).toBe(200);
      expect(body.items.length).toBeLessThanOrEqual(10);
      seen.push(...body.items);
      cursor = body.cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen.map((item) => item.id).sort()).toEqual([...publicIds].sort());
    const times = seen.map((item) => item.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('fills every page although hidden articles sit between the public ones', async () => {
    const { createArticle } = await import('../../lambdas/store/articles.ts');
    // Hidden articles newer than every public one: a Query page of 10 would hold only these.
    for (let index = 0; index < 12; index += 1) await createArticle(testArticle({ category: 'tools-technology', originalPublishedAt: '2026-11-30T00:00:00.000Z' }));
    const first = await list({ limit: '10' });
    expect(first.body.items).toHaveLength(10);
    expect(first.body.items.map((item) => item.id).every((id) => publicIds.includes(id))).toBe(true);
  });

  it('never shows drafts, rejected, duplicates, low relevance or tools-technology', async () => {
    const { body } = await list({ limit: '100' });
    for (const id of hiddenIds) expect(body.items.map((item) => item.id)).not.toContain(id);
  });

  it('filters by category, legacy slugs included', async () => {
    const { body } = await list({ category: 'platform-updates', limit: '100' });
    expect(body.items).toHaveLength(8);
    expect(new Set(body.items.map((item) => item.category))).toEqual(new Set(['platform-updates']));
    const legacy = await list({ category: 'platforms', limit: '100' });
    expect(legacy.body.items.map((item) => item.id)).toEqual(body.items.map((item) => item.id));
    expect((await list({ category: 'tools-technology' })).body.items).toEqual([]);
  });

  it('answers bad input with 400 and the field at fault, never 500', async () => {
    const badLimit = await list({ limit: '1000' });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.fieldErrors?.limit?.length).toBeGreaterThan(0);
    expect((await list({ limit: 'ten' })).status).toBe(400);
    const badCursor = await list({ cursor: 'not-a-cursor' });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.message).toMatch(/cursor/i);
    // Well-formed but not ours: a key of another table shape.
    const foreign = Buffer.from(JSON.stringify({ pk: 'x', sk: 'y', gsi1pk: 'z', gsi1sk: 'w' })).toString('base64url');
    expect((await list({ cursor: foreign })).status).toBe(400);
  });
});

describe('GET /articles/{id}', () => {
  const get = async (id: string) => {
    const response = await handler({ ...httpEvent('GET /articles/{id}'), pathParameters: { id } }, lambdaContext);
    return { status: response.statusCode, body: JSON.parse(response.body) as { id: string; category: string; related: Array<{ id: string; category: string }>; message?: string } };
  };

  it('answers a public article with up to 4 related ones, its own category first', async () => {
    const id = publicIds[3] as string;
    const { status, body } = await get(id);
    expect(status).toBe(200);
    expect(body.id).toBe(id);
    expect(body.related).toHaveLength(4);
    expect(body.related.map((item) => item.id)).not.toContain(id);
    expect(body.related.slice(0, 3).every((item) => item.category === body.category)).toBe(true);
  });

  it('does not find hidden or unknown articles', async () => {
    for (const id of [...hiddenIds, 'no-such-id']) expect((await get(id)).status, id).toBe(404);
    expect((await get('no-such-id')).body.message).toBe('Article not found');
  });
});

describe('GET /categories', () => {
  it('counts the published articles of each public category, tools-technology left out', async () => {
    const response = await handler(httpEvent('GET /categories'), lambdaContext);
    const { items } = JSON.parse(response.body) as { items: Array<{ slug: string; name: string; articleCount: number }> };
    expect(items.map((item) => item.slug)).not.toContain('tools-technology');
    for (const item of items) {
      const listed = await list({ category: item.slug, limit: '100' });
      expect(item.articleCount, item.slug).toBe(listed.body.items.length);
    }
    expect(items.find((item) => item.slug === 'platform-updates')).toMatchObject({ name: 'Platform Updates', articleCount: 8 });
  });
});
