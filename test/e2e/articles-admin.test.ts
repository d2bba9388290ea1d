import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { elementsPastRightEdge, useChromium } from '../support/browser.ts';
import { callApi, newConsolePage, openConsole, tokenOf } from '../support/console.ts';
import { expectMenuItemsClickable } from '../support/menus.ts';
import type { ApiAnswer } from '#http/answers.ts';

/** Article Management and the Summary Manager in Chromium, against the built site and the local runtime. */
const chromium = useChromium();
const ARTICLES = '/admin/content/articles';
const SHOTS = process.env.CNH_SHOTS_DIR ?? '/tmp/cnh-shots-articles';

/** A word no other article has (letters only: search reads words). */
const marker = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;

type Ping = ApiAnswer<'GET /admin/ping'>;

async function rows(page: Page): Promise<string[]> {
  return page.locator('table tbody tr').evaluateAll((trs) => trs.map((tr) => tr.textContent ?? ''));
}

async function search(page: Page, text: string, expected: number) {
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(text);
  // The server's answer to this search (the counter is its exact total), not rows that were already there.
  await page.getByRole('heading', { name: `Articles (${expected})`, exact: true }).waitFor();
  await expect.poll(async () => (await rows(page)).filter((row) => row.toLowerCase().includes(text.toLowerCase())).length, { timeout: 10_000 }).toBe(expected);
}

async function select(page: Page, label: string, option: string) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  await expectMenuItemsClickable(page.getByRole('option'));
  await page.getByRole('option', { name: option }).click();
}

/** A page of its own (its own browser context), signed in as the runtime's admin, on a console path. */
const consolePage = (path: string): Promise<Page> => newConsolePage(chromium.browser, path);

/** Drafts added through the API, as the editor would (they carry the marker in their titles). */
async function addDrafts(token: string, word: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const { status, body } = await callApi<ApiAnswer<'POST /admin/articles'>>(token, 'POST', '/admin/articles', {
      title: `Creator payouts rise ${word} number ${n + 1}`,
      sourceUrl: `https://e2e.example.com/${word}/${n}`,
      content: `<p>Creators in India ${word} earn more from brand deals, say agencies tracking influencer marketing budgets.</p>`,
      category: 'creator-economy',
      status: 'draft',
    });
    expect(status).toBe(200);
    ids.push(body.id);
  }
  return ids;
}

describe('Article Management in Chromium', () => {
  it('searches, filters and changes the page size on the server', async () => {
    const page = await consolePage(ARTICLES);
    const token = await tokenOf(page);
    const word = marker();
    await addDrafts(token, word, 2);
    await page.reload();
    await page.locator('table tbody tr').first().waitFor();

    // The list as a whole: the header counter is the server's exact total, pages of 25.
    const all = (await callApi<ApiAnswer<'GET /admin/articles'>>(token, 'GET', '/admin/articles?pageSize=25')).body;
    await page.getByRole('heading', { name: `Articles (${all.total})` }).waitFor();
    expect(await page.locator('table tbody tr').count()).toBe(Math.min(25, all.total));
    if (all.pages > 1) await page.getByRole('button', { name: 'Page 2', exact: true }).waitFor();
    await select(page, 'Articles per page', '100 per page');
    await expect.poll(() => page.locator('table tbody tr').count(), { timeout: 20_000 }).toBe(Math.min(100, all.total));
    if (all.total <= 100) expect(await page.getByRole('button', { name: 'Page 2', exact: true }).count()).toBe(0);

    // Search (case does not matter) and a status filter that leaves nothing.
    await search(page, word.toUpperCase(), 2);
    await select(page, 'Filter by status', 'Published');
    await page.getByText('No article matches these filters.').waitFor();
    await select(page, 'Filter by status', 'Draft');
    await expect.poll(async () => (await rows(page)).length, { timeout: 20_000 }).toBe(2);
    await select(page, 'Filter by category', 'Regulations & Ethics');
    await page.getByText('No article matches these filters.').waitFor();
    await select(page, 'Filter by category', 'Creator Economy');
    await expect.poll(async () => (await rows(page)).length, { timeout: 20_000 }).toBe(2);
  });

  it('publishes 3 selected drafts: the server counts move by 3 and the reader site shows them', async () => {
    const page = await consolePage(ARTICLES);
    const token = await tokenOf(page);
    const word = marker();
    const ids = await addDrafts(token, word, 3);
    const before = (await callApi<Ping>(token, 'GET', '/admin/ping')).body.articlesByStatus;

    await search(page, word, 3);
    // Nothing selected: the bulk bar does nothing.
    expect(await page.getByRole('button', { name: 'Publish', exact: true }).isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Select all articles on this page' }).check({ force: true });
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByText('3 articles published').waitFor();

    const after = (await callApi<Ping>(token, 'GET', '/admin/ping')).body.articlesByStatus;
    expect(after.published! - before.published!).toBe(3);
    expect(before.draft! - after.draft!).toBe(3);
    // The stats strip shows the server's counters.
    await expect.poll(async () => (await page.getByTestId('articles-count-published').textContent())?.replace(/\D/g, ''), { timeout: 20_000 }).toBe(String(after.published));
    for (const id of ids) expect((await callApi<ApiAnswer<'GET /admin/articles/{id}'>>(token, 'GET', `/admin/articles/${id}`)).body.status).toBe('published');

    // The reader site finds them (the public index reads the change notes within a few seconds).
    const reader = await chromium.browser.newPage();
    await expect
      .poll(
        async () => {
          await reader.goto(`${local().urls.site}/?search=${word}`);
          await reader.getByLabel('Market focus').selectOption('all');
          await reader.waitForTimeout(800);
          return reader.locator('article h2').filter({ hasText: word }).count();
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(3);
    await reader.close();

    // The dashboard's Published card moved with them.
    await page.goto(`${local().urls.site}/admin`);
    await expect.poll(async () => Number((await page.getByTestId('card-published').textContent())?.replace(/\D/g, '')), { timeout: 20_000 }).toBe(after.published);
    expect(after.published).toBe(before.published! + 3);
  });

  it('adds an article through the editor, shows it in the detail dialog, and deletes it after the confirmation', async () => {
    const page = await consolePage(ARTICLES);
    const token = await tokenOf(page);
    const word = marker();
    await page.getByRole('button', { name: 'Add Article' }).first().click();
    await page.waitForURL((url) => url.pathname === `${ARTICLES}/new`);
    await page.getByRole('heading', { name: 'Add Article' }).waitFor();

    // The server's field errors land on the fields.
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Hey');
    await page.getByRole('textbox', { name: 'Source URL', exact: true }).fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Add Article' }).last().click();
    await page.getByText('Title must be at least 5 characters').waitFor();
    await page.getByText('Enter an absolute http(s) URL').waitFor();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Editor story ${word} about creator brand deals`);
    await page.getByRole('textbox', { name: 'Source URL', exact: true }).fill(`https://editor.example.com/${word}`);
    await page.getByRole('textbox', { name: 'Content', exact: true }).fill(`<p>Brand deals for creators ${word} grew this quarter.</p><script>alert(1)</script>`);
    await page.getByRole('textbox', { name: 'Author', exact: true }).fill('Console Editor');
    await page.getByRole('button', { name: 'Add Article' }).last().click();
    await page.waitForURL((url) => url.pathname === ARTICLES);
    await page.getByText('Article added').waitFor();

    await search(page, word, 1);
    await page.getByRole('link', { name: `Editor story ${word} about creator brand deals` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('ML scores').waitFor();
    await dialog.getByText('Console Editor').waitFor();
    await dialog.getByText(`Brand deals for creators ${word} grew this quarter.`).waitFor();
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();

    const listed = (await callApi<ApiAnswer<'GET /admin/articles'>>(token, 'GET', `/admin/articles?search=${word}`)).body.items;
    expect(listed).toHaveLength(1);
    await page.getByRole('checkbox', { name: `Select Editor story ${word} about creator brand deals` }).check({ force: true });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Are you sure you want to delete this article? This action cannot be undone.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Article deleted').waitFor();
    await page.getByText('No article matches these filters.').waitFor();
    expect((await callApi(token, 'GET', `/admin/articles/${listed[0]!.id}`)).status).toBe(404);

    // Bulk delete asks the same for N articles.
    const word2 = marker();
    await addDrafts(token, word2, 2);
    await search(page, word2, 2);
    await page.getByRole('checkbox', { name: 'Select all articles on this page' }).check({ force: true });
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Are you sure you want to delete 2 articles? This action cannot be undone.').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('2 articles deleted').waitFor();
    expect((await callApi<ApiAnswer<'GET /admin/articles'>>(token, 'GET', `/admin/articles?search=${word2}`)).body.total).toBe(0);
  });

  it('regenerates a broken summary in the Summary Manager', async () => {
    const page = await consolePage('/admin/content/summary-fix');
    const token = await tokenOf(page);
    const word = marker();
    const { body } = await callApi<ApiAnswer<'POST /admin/articles'>>(token, 'POST', '/admin/articles', {
      title: `Summary story ${word} for creators`,
      sourceUrl: `https://summary.example.com/${word}`,
      summary: 'Read more',
      content: `<p>Agencies in India ${word} say creator rates rose again this year for brand campaigns.</p>`,
    });
    await page.reload();
    const row = page.locator('table tbody tr').filter({ hasText: word });
    await row.waitFor();
    await row.getByText('Too short').waitFor();
    await row.getByRole('button', { name: `Regenerate the summary of Summary story ${word} for creators` }).click();
    await page.getByText('1 summary regenerated').waitFor();
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(0);
    expect((await callApi<ApiAnswer<'GET /admin/articles/{id}'>>(token, 'GET', `/admin/articles/${body.id}`)).body.summary).toBe(
      `Agencies in India ${word} say creator rates rose again this year for brand campaigns.`,
    );
  });

  it('fits the list, the detail dialog and the Summary Manager at 1366x900 and 390x844 (screenshots kept)', async () => {
    mkdirSync(SHOTS, { recursive: true });
    for (const [name, width, height] of [['desktop', 1366, 900], ['mobile', 390, 844]] as const) {
      const page = await chromium.browser.newPage({ viewport: { width, height } });
      await openConsole(page, ARTICLES);
      await page.locator('table tbody tr').first().waitFor();
      expect(await elementsPastRightEdge(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/articles-${name}.png` });
      await page.locator('table tbody tr').first().getByRole('link').first().click();
      await page.getByRole('dialog').getByText('ML scores').waitFor();
      expect(await elementsPastRightEdge(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/article-detail-${name}.png` });
      await page.goto(`${local().urls.site}/admin/content/summary-fix`);
      await page.getByRole('heading', { name: 'Summary Manager' }).waitFor();
      await page.getByText('Looking for broken summaries').first().waitFor({ state: 'hidden' });
      expect(await elementsPastRightEdge(page)).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/summaries-${name}.png` });
      await page.close();
    }
  });
});
