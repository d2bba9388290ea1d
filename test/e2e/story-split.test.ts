import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser, useLocalAws } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';
import { openConsole } from '../support/console.ts';
import type { ArticleItem } from '#store/articles.ts';

/**
 * A moderator splits the fixture feeds' joined report (Trade Desk B's ASCI report under Trade Desk A's) from its
 * story in the console, then joins it back from its own detail. The ingest's stored reason is put back at the
 * end, so the other browser tests find the fixture story as the ingest left it.
 */
const chromium = useChromium();
let joined: ArticleItem;
let moderator: { email: string; password: string };
type Store = typeof import('#store/articles.ts');
let store: Store;

beforeAll(async () => {
  useLocalAws();
  store = await import('#store/articles.ts');
  const { data } = await store.Article.scan.where(({ feedId }, { eq }) => eq(feedId, 'trade-desk-b')).go({ pages: 'all' });
  const report = data.find((article) => article.clusterId && /ASCI/.test(article.title));
  expect(report, 'a Trade Desk B report joined to a first report').toBeDefined();
  joined = report!;
  moderator = { email: (await signedInUser(['moderator'])).email, password: 'Reader-Pass-2026' };
});

afterAll(async () => {
  // Joined back by a moderator: the ingest's reason again, for the tests that show it.
  if (joined?.clusterReason) await store.Article.patch({ id: joined.id }).set({ clusterReason: joined.clusterReason }).remove(['clusterJoinedBy']).go({ response: 'none' });
});

describe('a moderator in the console', () => {
  it('splits the joined report from its story, and joins it back', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await openConsole(page, '/admin/content/articles', moderator);
    const lead = 'ASCI tightens influencer disclosure rules for virtual influencers';
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(lead);
    await page.getByRole('link', { name: lead, exact: true }).click();
    const detail = page.getByRole('dialog', { name: lead });
    await detail.getByRole('heading', { name: 'Same story: 1 later report' }).waitFor();
    await detail.getByRole('button', { name: `Split ${joined.title} from this story` }).click();
    const confirm = page.getByRole('dialog', { name: 'Split from this story?' });
    await confirm.getByRole('button', { name: 'Split', exact: true }).click();
    // The list of later reports refreshes: none left, and the first report may now be joined to another story.
    await detail.getByRole('button', { name: 'Join to another story' }).waitFor();
    expect(await detail.getByRole('heading', { name: /^Same story/ }).count()).toBe(0);
    await expect.poll(async () => (await store.getArticle(joined.id))?.isDuplicate).toBe(false);
    expect((await store.getArticle(joined.id))?.clusterId).toBeUndefined();
    expect((await store.getArticle(joined.clusterId!))?.alsoCoveredBy ?? []).toEqual([]);
    await detail.getByRole('button', { name: 'Close', exact: true }).click();

    // Its own detail now offers the join: the first report's id puts it back under the story.
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(joined.title);
    await page.getByRole('link', { name: joined.title, exact: true }).click();
    const own = page.getByRole('dialog', { name: joined.title });
    await own.getByRole('textbox', { name: 'Story id to join' }).fill('no-such-story');
    await own.getByRole('button', { name: 'Join to another story' }).click();
    await own.getByText('The story to join was not found').waitFor();
    await own.getByRole('textbox', { name: 'Story id to join' }).fill(joined.clusterId!);
    await own.getByRole('button', { name: 'Join to another story' }).click();
    await expect.poll(async () => (await store.getArticle(joined.id))?.clusterId).toBe(joined.clusterId);
    await own.getByText('This article is marked as a duplicate', { exact: false }).waitFor();
    expect((await store.getArticle(joined.clusterId!))?.alsoCoveredBy?.map((entry) => entry.articleId)).toEqual([joined.id]);
    await page.close();
  });
});
