import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { HttpEvent } from '#platform/auth.ts';
import { anotherClient, api, apiFrom, local, signedInUser, useLocalAws } from '../support/aws.ts';
import { withinOneWindow } from '../support/rate-windows.ts';

/**
 * What a reader's page views write: no per-client limit item while the reader stays far below the limit,
 * and a view's count lands on the article's small tally, not on the article item (read back exactly).
 */
async function someArticleId(): Promise<string> {
  const { items } = (await (await fetch(`${local().urls.api}/articles?limit=5`)).json()) as ApiAnswer<'GET /articles'>;
  return items.at(-1)!.id;
}

describe('a reader\u2019s page views on the hot path', () => {
  it('count a normal reader\u2019s requests against the limits without writing a limit item', async () => {
    await withinOneWindow(60, 10);
    useLocalAws();
    const { clientKey } = await import('#platform/rate-limit.ts');
    const { RateLimitWindow, windowOf } = await import('#store/rate-limits.ts');
    const { PAGE_VIEW_LIMIT } = await import('#http/articles/page-views.ts');
    const { TRACKING_LIMITS } = await import('#domain/analytics/tracking.ts');
    const reader = anotherClient();
    const id = await someArticleId();
    for (const path of ['/', `/article/${id}`, '/about', '/search']) {
      expect((await apiFrom(reader, 'POST', '/page-views', { path, referrer: '' })).status).toBe(204);
    }
    expect((await apiFrom(reader, 'POST', `/articles/${id}/views`)).status).toBe(202);
    const client = clientKey({ requestContext: { http: { sourceIp: reader } }, headers: {} } as unknown as HttpEvent);
    const stored = async (bucket: string, rule: { limit: number; windowSeconds: number }) =>
      (await RateLimitWindow.get({ bucket, client, windowStart: windowOf(rule).windowStart }).go()).data;
    expect(await stored('page-views', PAGE_VIEW_LIMIT)).toBeNull();
    expect(await stored('tracking', TRACKING_LIMITS.events)).toBeNull();
  });

  it('count a view on the article\u2019s tally, read back exactly, and fold it into the article item within a minute with no further traffic', async () => {
    useLocalAws();
    const { getArticle } = await import('#store/articles.ts');
    const { ArticleTally, getPublicArticleItem } = await import('#store/article-tallies.ts');
    const id = await someArticleId();
    const stored = async () => (await getArticle(id))!.viewsCount ?? 0;
    const exact = async () => (await getPublicArticleItem(id))!.viewsCount ?? 0;
    // Whatever earlier tests counted is folded first.
    await expect.poll(async () => (await ArticleTally.get({ id }).go()).data?.views ?? 0, { timeout: 60_000, interval: 500 }).toBe(0);
    const before = await stored();
    expect(await exact()).toBe(before);

    for (let view = 1; view <= 3; view += 1) {
      expect((await apiFrom(anotherClient(), 'POST', `/articles/${id}/views`)).status).toBe(202);
      expect(await exact()).toBe(before + view);
    }
    // The console's article detail shows the exact figure at once.
    const moderator = await signedInUser(['moderator']);
    expect((await api('GET', `/admin/articles/${id}`, moderator.idToken)).body).toMatchObject({ viewsCount: before + 3 });
    // No more views: the table stream's fold-tallies consumer moves them into the article item.
    await expect.poll(stored, { timeout: 60_000, interval: 500 }).toBe(before + 3);
    expect((await ArticleTally.get({ id }).go()).data?.views ?? 0).toBe(0);
  });
});
