import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { anotherClient, apiFrom, local, signedUpReader, useLocalAws } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';
import { callApi, newConsolePage, tokenOf } from '../support/console.ts';
import { runStateMachine } from '../support/pipeline.ts';

/**
 * What the walk found undone (issue 33): an editor's Featured choice outlived by the next ingest, and
 * views that reached no list or ranking without later traffic. Chromium against the built site.
 */
const chromium = useChromium();
const ARTICLES = '/admin/content/articles';

/** The Manage Articles row of one article, found by searching its title. */
async function rowOf(page: Page, title: string) {
  await page.getByRole('searchbox', { name: 'Search articles' }).fill(title);
  const row = page.locator('table tbody tr', { hasText: title }).first();
  await row.waitFor();
  return row;
}

describe('an editor\u2019s choices and the readers\u2019 views', () => {
  it('keeps an editor\u2019s Featured choice across two ingest runs, and the console says who featured what', async () => {
    const page = await newConsolePage(chromium.browser, ARTICLES);
    const token = await tokenOf(page);
    const { body } = await callApi<ApiAnswer<'GET /admin/articles'>>(token, 'GET', '/admin/articles?status=published&pageSize=100');
    const pick = body.items.find((item) => !item.isFeatured && item.title.length > 20);
    expect(pick, 'a published article the pipeline did not feature').toBeDefined();
    const row = await rowOf(page, pick!.title);
    await row.getByLabel(`Featured: ${pick!.title}`).click();
    await page.getByText('Article featured').first().waitFor();
    await expect.poll(async () => row.textContent()).toContain('Editor');

    useLocalAws();
    for (let run = 1; run <= 2; run += 1) {
      const execution = await runStateMachine('ingest', { trigger: 'manual', mode: 'full' }, 120_000);
      expect(execution.status).toBe('SUCCEEDED');
    }
    const article = await fetch(`${local().urls.api}/articles/${pick!.id}`).then((answer) => answer.json() as Promise<ApiAnswer<'GET /articles/{id}'>>);
    expect(article.isFeatured).toBe(true);
    const after = await callApi<ApiAnswer<'GET /admin/articles'>>(token, 'GET', '/admin/articles?status=published&pageSize=100');
    expect(after.body.items.find((item) => item.id === pick!.id)).toMatchObject({ isFeatured: true, featuredBy: 'editor' });
    // The pipeline's own choices are marked as such.
    expect(after.body.items.filter((item) => item.isFeatured && item.featuredBy === 'pipeline').length).toBeGreaterThan(0);
    await page.reload();
    expect(await (await rowOf(page, pick!.title)).textContent()).toContain('Editor');
    await page.close();
  }, 300_000);

  it('shows a view in the reader\u2019s Content Performance and in Manage Articles within a minute, with no further traffic', async () => {
    const reader = await signedUpReader('Views Reader');
    const site = await newConsolePage(chromium.browser, '/', { who: reader });
    const widget = site.locator('section[aria-labelledby="widget-performance"]');
    const viewsShown = async () => Number((await widget.locator('dt', { hasText: /^Views$/ }).locator('xpath=following-sibling::dd').textContent())?.replace(/\D/g, '') || NaN);
    await widget.locator('dt', { hasText: /^Views$/ }).waitFor();
    const before = await viewsShown();
    expect(Number.isFinite(before)).toBe(true);

    const console = await newConsolePage(chromium.browser, ARTICLES);
    const token = await tokenOf(console);
    const { body } = await callApi<ApiAnswer<'GET /admin/articles'>>(token, 'GET', '/admin/articles?status=published&pageSize=25');
    const article = body.items.find((item) => item.title.length > 20)!;
    expect((await apiFrom(anotherClient(), 'POST', `/articles/${article.id}/views`)).status).toBe(202);
    const exact = (await callApi<ApiAnswer<'GET /admin/articles/{id}'>>(token, 'GET', `/admin/articles/${article.id}`)).body.viewsCount;

    // No more traffic to the article: the lists read what the fold put in the article within a minute.
    await expect
      .poll(async () => {
        await site.reload();
        await widget.locator('dt', { hasText: /^Views$/ }).waitFor();
        return viewsShown();
      }, { timeout: 60_000, interval: 3_000 })
      .toBeGreaterThan(before);
    await expect
      .poll(async () => {
        await console.reload();
        const row = await rowOf(console, article.title);
        return row.locator(':scope > td, :scope > th').nth(await viewsColumn(console)).textContent();
      }, { timeout: 60_000, interval: 3_000 })
      .toBe(String(exact));
    await site.close();
    await console.close();
  }, 180_000);
});

/** The index of the Views column among the table's cells. */
async function viewsColumn(page: Page): Promise<number> {
  const headers = await page.locator('table thead th').allTextContents();
  return headers.findIndex((text) => text.trim().startsWith('Views'));
}
