import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { local } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';

const chromium = useChromium();

describe('reader pages in Chromium', () => {
  it('shows a category with its counted figures and only its articles', async () => {
    const all = (await (await fetch(`${local().urls.api}/articles?category=platform-updates&limit=100`)).json()) as ApiAnswer<'GET /articles'>;
    const indian = (await (await fetch(`${local().urls.api}/articles?category=platform-updates&market=indian&limit=100`)).json()) as ApiAnswer<'GET /articles'>;
    await chromium.page.goto(`${local().urls.site}/categories/platform-updates`);
    await chromium.page.getByRole('heading', { level: 1, name: 'Platform Updates' }).waitFor();
    // The Articles tile counts what the grid lists (same market focus), before and after changing it.
    await expect.poll(() => chromium.page.getByTestId('category-count').textContent()).toBe(String(indian.items.length));
    await chromium.page.locator('article h2').first().waitFor();
    expect((await chromium.page.locator('article h2').allTextContents()).sort()).toEqual(indian.items.map((item) => item.title).sort());
    expect(await chromium.page.getByTestId('result-count').textContent()).toBe(`${indian.items.length} ${indian.items.length === 1 ? 'article' : 'articles'}`);
    await chromium.page.getByLabel('Market focus').selectOption('all');
    await expect.poll(async () => (await chromium.page.locator('article h2').allTextContents()).sort()).toEqual(all.items.map((item) => item.title).sort());
    await expect.poll(() => chromium.page.getByTestId('category-count').textContent()).toBe(String(all.total));
  });

  it('says Category not found for an unknown category', async () => {
    await chromium.page.goto(`${local().urls.site}/categories/cooking`);
    await chromium.page.getByRole('heading', { name: 'Category not found' }).waitFor();
  });

  it('opens the article dialog with related articles, and moves to a related one', async () => {
    await chromium.page.goto(local().urls.site);
    const first = chromium.page.locator('article h2 a').first();
    const title = await first.textContent();
    await first.click();
    const dialog = chromium.page.getByRole('dialog');
    await dialog.getByRole('heading', { name: title ?? '' }).waitFor();
    await dialog.getByRole('heading', { name: 'Related Articles' }).waitFor();
    const related = dialog.locator('.related li button');
    expect(await related.count()).toBe(4);
    const next = await related.first().textContent();
    await related.first().click();
    await dialog.getByRole('heading', { level: 2, name: next ?? '' }).waitFor();
    expect(await dialog.locator('.content script').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await chromium.page.getByRole('dialog').count()).toBe(0);
  });

  it('tells a guest to sign in to save and to like', async () => {
    await chromium.page.goto(local().urls.site);
    await chromium.page.locator('article').first().getByRole('button', { name: 'Save' }).click();
    await chromium.page.getByText('Please sign in to bookmark articles').waitFor();
    await chromium.page.locator('article').first().getByRole('button', { name: 'Like' }).click();
    await chromium.page.getByText('Please log in to like articles.').waitFor();
    expect(await chromium.page.getByText('Sign in required').count()).toBe(1);
    expect(await chromium.page.getByText('Login Required').count()).toBe(1);
  });

  it('keeps the chosen theme across a reload', async () => {
    await chromium.page.goto(local().urls.site);
    await chromium.page.getByLabel('Theme').selectOption('dark');
    await expect.poll(() => chromium.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    await chromium.page.reload();
    await chromium.page.locator('article h2').first().waitFor();
    await expect.poll(() => chromium.page.evaluate(() => [localStorage.getItem('news-hub-theme'), document.documentElement.classList.contains('dark')])).toEqual(['dark', true]);
    await chromium.page.getByLabel('Theme').selectOption('light');
    await chromium.page.reload();
    await chromium.page.locator('article h2').first().waitFor();
    await expect.poll(() => chromium.page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
  });
});
