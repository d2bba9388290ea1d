import { beforeAll, describe, expect, it } from 'vitest';
import { local, useLocalAws } from '../support/aws.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { openConsole } from '../support/console.ts';

/**
 * One event from two fixture feeds under different headlines (Trade Desk A and B: test/fixtures/feeds/
 * duplicate-*.rss), read by the runtime's first ingest: the site shows the story once, with the other
 * publisher under "Also covered by". Screenshots go to CNH_SCREENSHOTS when set, for a look by eye.
 */
const chromium = useChromium();
const screenshots = process.env.CNH_SCREENSHOTS;

beforeAll(async () => {
  useLocalAws();
  const { Article } = await import('#store/articles.ts');
  const { changeArticleStatus } = await import('#store/articles.ts');
  const { data } = await Article.query.byStatus({ status: 'draft' }).go({ pages: 'all' });
  const leader = data.find((article) => article.feedId === 'trade-desk-a' && /ASCI/.test(article.title) && !article.isDuplicate);
  // Published by the classifier already, or waiting for review: publish it as a moderator would.
  if (leader) await changeArticleStatus(leader, { status: 'published', set: { publishedAt: new Date().toISOString(), relevanceScore: Math.max(leader.relevanceScore ?? 0, 60) } });
});

describe('a story two publishers carried', () => {
  for (const viewport of [{ width: 1366, height: 900 }, { width: 390, height: 844 }]) {
    it(`is one card with "Also covered by 1 publisher" and its link at ${viewport.width}x${viewport.height}`, async () => {
      const { page } = chromium;
      await page.setViewportSize(viewport);
      await page.goto(`${local().urls.site}/?search=${encodeURIComponent('ASCI virtual influencers')}`);
      const cards = page.locator('article.card').filter({ hasText: /ASCI/i });
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(1);
      const card = cards.first();
      await expect.poll(() => card.locator('.also-covered').textContent(), { timeout: 20_000 }).toMatch(/^Also covered by 1 publisher: Trade Desk B/);
      const link = card.locator('.also-covered').getByRole('link', { name: /^Trade Desk B/ });
      expect(await link.getAttribute('href')).toMatch(/^https:\/\/tradedeskb\.example\.com\//);
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await card.locator('.card-footer').textContent()).toContain('Trade Desk A');
      // The other publisher's report is nowhere a card of its own.
      expect(await page.locator('article.card .card-footer').filter({ hasText: 'Trade Desk B' }).count()).toBe(0);
      await card.scrollIntoViewIfNeeded();
      if (screenshots) await card.screenshot({ path: `${screenshots}/also-covered-${viewport.width}x${viewport.height}.png` });
      if (screenshots) await page.screenshot({ path: `${screenshots}/also-covered-page-${viewport.width}x${viewport.height}.png` });
      await expectNoSeriousViolations(page, 'a card with other publishers');
    });
  }

  it('lists the other publisher on the article page too', async () => {
    const { page } = chromium;
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${local().urls.site}/?search=${encodeURIComponent('ASCI virtual influencers')}`);
    await page.locator('article.card').filter({ hasText: /ASCI/i }).first().locator('h2 a').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.also-covered').textContent(), { timeout: 20_000 }).toMatch(/^Also covered by 1 publisher: Trade Desk B/);
    if (screenshots) await page.screenshot({ path: `${screenshots}/also-covered-dialog-1366x900.png` });
  });

  it('shows a moderator, in the console, the later report and why it was joined to the first', async () => {
    const { Article } = await import('#store/articles.ts');
    const { data } = await Article.scan.where(({ feedId }, { eq }) => eq(feedId, 'trade-desk-b')).go({ pages: 'all' });
    const joined = data.find((article) => article.clusterId);
    expect(joined, 'a Trade Desk B report joined to a first report').toBeDefined();
    const asci = joined!.clusterReason?.entities.find((entity) => entity.id === 'asci');
    expect(asci, 'the join names the regulator both report').toBeDefined();
    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await openConsole(page, '/admin/content/articles');
    const lead = 'ASCI tightens influencer disclosure rules for virtual influencers';
    await page.getByRole('searchbox', { name: 'Search articles' }).fill(lead);
    await page.getByRole('link', { name: lead, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: 'Same story: 1 later report' }).waitFor();
    await dialog.getByRole('link', { name: joined!.title }).waitFor();
    // What agreed, as the ingest stored it: the regulator both name, and how far apart they were published.
    await dialog.getByText('Entities both name').waitFor();
    await dialog.getByText(asci!.name, { exact: true }).first().waitFor();
    await dialog.getByText(/days \(window \d+ days?\)$/).waitFor();
    if (screenshots) await page.screenshot({ path: `${screenshots}/console-same-story-1366x900.png`, fullPage: true });
    await page.close();
  });
});
