import { beforeAll, describe, expect, it } from 'vitest';
import { api, useLocalAws } from '../support/aws.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * Story clustering in the running local runtime: the first ingest read two fixture feeds (Trade Desk A and
 * B, test/fixtures/feeds/duplicate-*.rss) that carry one ASCI event under different headlines. The first
 * report leads; the other publisher's reports join it and are listed under it, never as cards of their own.
 */
type ArticleStore = typeof import('#store/articles.ts');
type Articles = typeof import('#store/articles.ts');
let articleStore: ArticleStore;
let articles: Articles;

type Card = ApiAnswer<'GET /articles'>['items'][number];

beforeAll(async () => {
  useLocalAws();
  articleStore = await import('#store/articles.ts');
  articles = await import('#store/articles.ts');
});

async function asciArticles() {
  const statuses = ['draft', 'published', 'rejected', 'archived'] as const;
  const pages = await Promise.all(statuses.map((status) => articleStore.Article.query.byStatus({ status }).go({ pages: 'all' })));
  return pages.flatMap((page) => page.data).filter((article) => article.feedId?.startsWith('trade-desk') && /ASCI/i.test(article.title));
}

describe('one event from two publishers', () => {
  it('keeps the first report as the story and joins the other publisher to it', async () => {
    const asci = await asciArticles();
    const leaders = asci.filter((article) => !article.isDuplicate);
    expect(leaders).toHaveLength(1);
    const [leader] = leaders;
    expect(leader?.feedId).toBe('trade-desk-a');
    const members = asci.filter((article) => article.isDuplicate);
    expect(members.length).toBeGreaterThanOrEqual(1);
    expect(members.every((member) => member.feedId === 'trade-desk-b' && member.clusterId === leader?.id)).toBe(true);
    expect(leader?.alsoCoveredBy?.map((report) => report.sourceUrl).sort()).toEqual(members.map((member) => member.sourceUrl).sort());
  });

  it('shows the story once in the public list and search, with the other publisher and its link', async () => {
    const [leader] = (await asciArticles()).filter((article) => !article.isDuplicate);
    if (leader && leader.status !== 'published') {
      // The classifier may have queued it for review; a moderator's approval is what publishes it then.
      await articles.changeArticleStatus(leader, { status: 'published', set: { publishedAt: new Date().toISOString(), relevanceScore: Math.max(leader.relevanceScore ?? 0, 60) } });
    }
    await expect
      .poll(async () => ((await api('GET', '/articles?q=ASCI%20virtual%20influencers')).body as ApiAnswer<'GET /articles'>).items.filter((card) => /ASCI/i.test(card.title)), { timeout: 20_000 })
      .toEqual([expect.objectContaining({ id: leader?.id, sourceName: 'Trade Desk A', alsoCoveredBy: [expect.objectContaining({ sourceName: 'Trade Desk B', sourceUrl: expect.stringMatching(/^https:\/\/tradedeskb\.example\.com\//) })] })]);
    const list = (await api('GET', '/articles?limit=100')).body as ApiAnswer<'GET /articles'>;
    expect(list.items.filter((card) => card.sourceName === 'Trade Desk B' && /ASCI/i.test(card.title))).toEqual([]);
    const detail = (await api('GET', `/articles/${leader?.id}`)).body as Card;
    expect(detail.alsoCoveredBy).toEqual([expect.objectContaining({ sourceName: 'Trade Desk B' })]);
  });
});
