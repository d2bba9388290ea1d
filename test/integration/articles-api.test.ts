import { beforeAll, describe, expect, it } from 'vitest';
import { testArticle } from '../support/articles.ts';
import { httpEvent, lambdaContext, useFreshTable } from '../support/aws.ts';
import type { ApiAnswer } from '#http/answers.ts';

type Handler = (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
let handler: Handler;
const publicIds: string[] = [];
const hiddenIds: string[] = [];

/** The list's answer, or the error body of a refused query. */
type ListBody = ApiAnswer<'GET /articles'> & { message?: string; fieldErrors?: Record<string, string[]> };

async function list(query: Record<string, string> = {}) {
  const response = await handler(httpEvent('GET /articles', { query }), lambdaContext);
  return { status: response.statusCode, body: JSON.parse(response.body) as ListBody };
}
const ids = (body: ListBody) => body.items.map((item) => item.id);

beforeAll(async () => {
  await useFreshTable();
  const { createArticle } = await import('#store/articles.ts');
  handler = (await import('../../lambdas/http/articles/articles.handler.ts')).handler as unknown as Handler;
  // 23 public articles a minute apart (the last in Tools & Technology, a public category like the others), and
  // one of each kind the public list must never show.
  const start = Date.parse('2026-11-01T00:00:00.000Z');
  for (let index = 0; index < 23; index += 1) {
    const article = testArticle({
      originalPublishedAt: new Date(start + index * 60_000).toISOString(),
      category: index % 3 === 0 ? 'platform-updates' : index === 22 ? 'tools-technology' : 'creator-economy',
    });
    await createArticle(article);
    publicIds.push(article.id);
  }
  const hidden = [
    testArticle({ status: 'draft' }),
    testArticle({ status: 'rejected' }),
    testArticle({ isDuplicate: true }),
    testArticle({ relevanceScore: 29 }),
  ];
  for (const article of hidden) {
    await createArticle(article);
    hiddenIds.push(article.id);
  }
});

describe('GET /articles', () => {
  it('pages through every public article once, newest first, with the exact total', async () => {
    const seen: ListBody['items'] = [];
    for (let page = 1; page <= 3; page += 1) {
      const { status, body } = await list({ limit: '10', page: String(page) });
      expect(status).toBe(200);
      expect(body).toMatchObject({ total: 23, page, pages: 3 });
      seen.push(...body.items);
    }
    expect(seen.map((item) => item.id).sort()).toEqual([...publicIds].sort());
    const times = seen.map((item) => item.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
    expect((await list({ limit: '10', page: '4' })).body.items).toEqual([]);
  });

  it('never shows drafts, rejected, duplicates or low relevance', async () => {
    const { body } = await list({ limit: '100' });
    expect(body.total).toBe(23);
    for (const id of hiddenIds) expect(ids(body)).not.toContain(id);
    const searched = await list({ q: 'creator payouts', limit: '100' });
    for (const id of hiddenIds) expect(ids(searched.body)).not.toContain(id);
  });

  it('filters by category, legacy slugs included', async () => {
    const { body } = await list({ category: 'platform-updates', limit: '100' });
    expect(body.items).toHaveLength(8);
    expect(new Set(body.items.map((item) => item.category))).toEqual(new Set(['platform-updates']));
    const legacy = await list({ category: 'platforms', limit: '100' });
    expect(ids(legacy.body)).toEqual(ids(body));
    const tools = await list({ category: 'tools-technology', limit: '100' });
    expect(tools.body.items.map((item) => item.category)).toEqual(['tools-technology']);
  });

  it('answers bad input with 400 and the field at fault, never 500', async () => {
    const badLimit = await list({ limit: '1000' });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.fieldErrors?.limit?.length).toBeGreaterThan(0);
    expect((await list({ limit: 'ten' })).status).toBe(400);
    for (const [field, value] of [['page', '0'], ['sort', 'loudest'], ['quality', 'superb'], ['market', 'mars'], ['featured', 'maybe'], ['days', '5'], ['q', 'x'.repeat(201)]] as const) {
      const answer = await list({ [field]: value });
      expect(answer.status, field).toBe(400);
      expect(answer.body.fieldErrors?.[field]?.length, field).toBeGreaterThan(0);
    }
  });
});

describe('GET /articles: sorts, filters and search over a published set', () => {
  const made: Record<string, string> = {};
  beforeAll(async () => {
    const { createArticle } = await import('#store/articles.ts');
    const recent = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    const fixtures = {
      viral: testArticle({ title: 'Mumbai creators sign record brand deals with Indian labels', summary: 'Creators in Mumbai.', viewsCount: 900, relevanceScore: 90, mlConfidenceScore: 0.95, indiaRelevance: 5, keywordMatches: { primary: [], secondary: [], indian: ['indian', 'mumbai'] }, originalPublishedAt: recent(30) }),
      featured: testArticle({ title: 'Featured report on sponsorship rates', isFeatured: true, viewsCount: 40, relevanceScore: 60, mlConfidenceScore: 0.6, originalPublishedAt: recent(40) }),
      weak: testArticle({ title: 'Short note on an agency hire', viewsCount: 3, relevanceScore: 35, mlConfidenceScore: 0.4, originalPublishedAt: recent(50) }),
      inContent: testArticle({ title: 'Weekly roundup', summary: 'Seven stories.', content: 'Among them, a piece on livestreaming shoppers and newsletters.', relevanceScore: 50, mlConfidenceScore: 0.7, originalPublishedAt: recent(60) }),
      politics: testArticle({ title: 'Minister meets influencers about election rules', relevanceScore: 55, originalPublishedAt: recent(70) }),
    };
    for (const [name, article] of Object.entries(fixtures)) {
      await createArticle(article);
      made[name] = article.id;
    }
  });

  it('orders by views (trending), relevance, quality and oldest first', async () => {
    expect(ids((await list({ sort: 'trending', limit: '2' })).body)).toEqual([made.viral, made.featured]);
    expect(ids((await list({ sort: 'relevance', limit: '1' })).body)).toEqual([made.viral]);
    const byQuality = (await list({ sort: 'quality', limit: '100' })).body.items;
    expect(byQuality[0]?.id).toBe(made.viral);
    expect(byQuality.at(-1)?.id).toBe(made.weak);
    const oldest = (await list({ sort: 'oldest', limit: '1' })).body.items[0];
    expect(oldest?.publishedAt).toBe('2026-11-01T00:00:00.000Z');
  });

  it('filters by quality band, market focus and featured, combinable with a category', async () => {
    const high = (await list({ quality: 'high', limit: '100' })).body;
    expect(ids(high)).toContain(made.viral);
    expect(ids(high)).not.toContain(made.featured);
    expect(ids((await list({ quality: 'low', limit: '100' })).body)).toContain(made.weak);
    const indian = (await list({ market: 'indian', limit: '100' })).body;
    expect(ids(indian)).toEqual([made.viral]);
    expect(indian.items[0]?.indiaBadge).toBe('Mumbai');
    const everything = (await list({ market: 'all' })).body.total;
    expect((await list({ market: 'global' })).body.total).toBe(everything - 1);
    expect(ids((await list({ featured: 'true' })).body)).toEqual([made.featured]);
    // Published within 7 days: the four recent ones (the politics title stays off the plain list).
    expect(ids((await list({ days: '7', limit: '100' })).body).sort()).toEqual([made.viral, made.featured, made.weak, made.inContent].sort());
    expect((await list({ days: '1' })).body.total).toBe(0);
    expect((await list({ featured: 'true', category: 'platform-updates' })).body.total).toBe(0);
  });

  it('keeps politics titles off the plain list but lets a search find them', async () => {
    expect(ids((await list({ limit: '100' })).body)).not.toContain(made.politics);
    expect(ids((await list({ q: 'election rules' })).body)).toEqual([made.politics]);
  });

  it('searches title, content and source, ranked, with typos and unfinished words', async () => {
    expect(ids((await list({ q: 'brand deals' })).body)[0]).toBe(made.viral);
    expect(ids((await list({ q: 'livestreaming' })).body)).toEqual([made.inContent]);
    expect(ids((await list({ q: 'sponsorhsip' })).body)).toContain(made.featured);
    expect(ids((await list({ q: 'sponso' })).body)).toContain(made.featured);
    expect(ids((await list({ q: 'mumbay creators' })).body)).toEqual([made.viral]);
    const combined = await list({ q: 'creator payouts', category: 'platform-updates', limit: '100' });
    expect(combined.body.total).toBe(8);
    expect((await list({ q: 'zzzqqq' })).body).toMatchObject({ items: [], total: 0 });
  });

  it('sees a publish and an unpublish on the next request, through the change notes', async () => {
    const { createArticle, changeArticleStatus, getArticle } = await import('#store/articles.ts');
    const draft = testArticle({ status: 'draft', title: 'Quokka creators discover a new platform' });
    await createArticle(draft);
    expect((await list({ q: 'quokka' })).body.total).toBe(0);
    const stored = await getArticle(draft.id);
    expect(await changeArticleStatus(stored!, { status: 'published' })).toBe(true);
    expect(ids((await list({ q: 'quokka' })).body)).toEqual([draft.id]);
    const published = await getArticle(draft.id);
    expect(await changeArticleStatus(published!, { status: 'archived' })).toBe(true);
    expect((await list({ q: 'quokka' })).body.total).toBe(0);
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
  it('counts the published articles of every category, Tools & Technology included', async () => {
    const response = await handler(httpEvent('GET /categories'), lambdaContext);
    const { items } = JSON.parse(response.body) as { items: Array<{ slug: string; name: string; articleCount: number }> };
    const { CATEGORY_SLUGS } = await import('#domain/content/categories.ts');
    expect(items.map((item) => item.slug)).toEqual([...CATEGORY_SLUGS]);
    expect(items.find((item) => item.slug === 'tools-technology')).toMatchObject({ name: 'Tools & Technology', articleCount: 1 });
    for (const item of items) {
      const listed = await list({ category: item.slug, limit: '100' });
      expect(item.articleCount, item.slug).toBe(listed.body.items.length);
    }
    expect(items.find((item) => item.slug === 'platform-updates')).toMatchObject({ name: 'Platform Updates', articleCount: 8 });
  });
});

describe('GET /widgets', () => {
  it('counts every figure from the public articles and the keywords', async () => {
    const { bumpKeyword } = await import('#store/keywords.ts');
    const { TRENDING_MIN_SEARCHERS } = await import('#domain/content/trending.ts');
    // Searched by as many different readers as a search needs to trend.
    await bumpKeyword('search-based', 'creator payouts', TRENDING_MIN_SEARCHERS);
    const response = await handler(httpEvent('GET /widgets'), lambdaContext);
    expect(response.statusCode).toBe(200);
    const body = JSON.parse(response.body) as {
      totalArticles: number;
      platformUpdates: Array<{ id: string; impact: string }>;
      trendingTopics: Array<{ topic: string; searchCount: number; articles: number }>;
      creatorEconomyPulse: Array<{ id: string; value: number | null }>;
    };
    const all = await list({ limit: '100' });
    // The widgets see every public article, the plain list's title exclusions aside.
    expect(body.totalArticles).toBeGreaterThanOrEqual(all.body.total);
    expect(body.platformUpdates).toHaveLength(5);
    expect(body.platformUpdates.map((item) => item.impact)).toEqual(['High', 'High', 'Medium', 'Medium', 'Low']);
    const searched = await list({ q: 'creator payouts', limit: '100' });
    expect(body.trendingTopics).toContainEqual(expect.objectContaining({ topic: 'creator payouts', searchCount: TRENDING_MIN_SEARCHERS, articles: searched.body.total }));
  });

  it('shows a content topic once for its singular and plural, with the searches readers made, not its article count', async () => {
    const { bumpKeyword, setContentKeyword } = await import('#store/keywords.ts');
    // The ingest's content keywords count articles: 20 matched "creators", 6 "creator"; nobody searched them.
    await setContentKeyword('creators', 20);
    await setContentKeyword('creator', 6);
    await setContentKeyword('influencers', 5);
    await setContentKeyword('influencer', 4);
    // Two readers searched "influencer" (too few to trend as a search, but real searches of the topic).
    await bumpKeyword('search-based', 'influencer', 2);
    const body = JSON.parse((await handler(httpEvent('GET /widgets'), lambdaContext)).body) as { trendingTopics: Array<{ topic: string; hashtag: string; searchCount: number }> };
    const hashtags = body.trendingTopics.map((topic) => topic.hashtag);
    expect(hashtags.filter((tag) => /^#creators?$/.test(tag))).toEqual(['#creators']);
    expect(hashtags.filter((tag) => /^#influencers?$/.test(tag))).toEqual(['#influencers']);
    expect(body.trendingTopics.find((topic) => topic.topic === 'creators')?.searchCount).toBe(0);
    expect(body.trendingTopics.find((topic) => topic.topic === 'influencers')?.searchCount).toBe(2);
  });
});
