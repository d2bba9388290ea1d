import type { ApiAnswer } from '#http/answers.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { local } from '../support/aws.ts';
import { PHONE, useChromium } from '../support/browser.ts';
import { expectedFailure } from '../support/console.ts';

/**
 * The first screen in the HTML (docs/decisions/first-screen-html.md): the pages the page writer wrote when
 * the runtime started, read with JavaScript off as a crawler reads them, and hydrated by the app with it on.
 */
const chromium = useChromium();
let noScript: BrowserContext;
let page: Page;

beforeAll(async () => {
  noScript = await chromium.browser.newContext({ javaScriptEnabled: false, viewport: PHONE });
  page = await noScript.newPage();
});
afterAll(async () => {
  await noScript.close();
});

const api = async <T>(path: string) => (await (await fetch(`${local().urls.api}${path}`)).json()) as T;
const cardTitles = (on: Page) => on.locator('article h2').allTextContents();

describe('without JavaScript', () => {
  it('reads the home page\'s first cards, as the app would list them', async () => {
    const list = await api<ApiAnswer<'GET /articles'>>('/articles?limit=15&market=indian');
    await page.goto(local().urls.site);
    expect(await cardTitles(page)).toEqual(list.items.map((item) => item.title));
    // The first picture is in the HTML, sized, asked for first.
    const first = page.locator('article img').first();
    if (await first.count()) {
      expect(await first.getAttribute('fetchpriority')).toBe('high');
      expect(Number(await first.getAttribute('width'))).toBeGreaterThan(0);
    }
  });

  it('pages to the second page of the list by its link', async () => {
    const second = await api<ApiAnswer<'GET /articles'>>('/articles?limit=15&market=indian&page=2');
    expect(second.items.length).toBeGreaterThan(0);
    await page.getByRole('link', { name: 'Page 2' }).first().click();
    expect(new URL(page.url()).search).toBe('?page=2');
    expect(await cardTitles(page)).toEqual(second.items.map((item) => item.title));
  });

  it('opens a category page from the menu, and a story page from a card', async () => {
    await page.goto(local().urls.site);
    await page.locator('.category-nav summary').click();
    await page.locator('.category-nav').getByRole('link', { name: 'Platform Updates' }).click();
    expect(new URL(page.url()).pathname).toBe('/categories/platform-updates');
    expect(await page.locator('h1').textContent()).toBe('Platform Updates');
    const titles = await cardTitles(page);
    expect(titles.length).toBeGreaterThan(0);
    await page.locator('article h2 a').first().click();
    expect(new URL(page.url()).pathname).toMatch(/^\/story\/[a-z0-9-]+$/);
    expect(await page.locator('h1').textContent()).toBe(titles[0]);
    expect(await page.title()).toContain(titles[0] as string);
  });
});

describe('with JavaScript', () => {
  it('hydrates the written home page: the same first cards and title, no hydration error', async () => {
    const errors: string[] = [];
    const browserPage = chromium.page;
    browserPage.on('console', (message) => {
      if (message.type() === 'error' && !expectedFailure(message.text(), message.location().url, browserPage.url())) errors.push(message.text());
    });
    browserPage.on('pageerror', (error) => errors.push(error.message));
    const written = await (await fetch(local().urls.site)).text();
    const writtenTitles = [...written.matchAll(/<h2 id="title-[^"]+"><a[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
    expect(writtenTitles.length).toBeGreaterThan(0);
    await browserPage.goto(local().urls.site);
    // Hydrated: the session is read, so a guest is offered Sign In (the written page shows neither).
    await browserPage.getByRole('link', { name: 'Sign In' }).waitFor();
    expect((await cardTitles(browserPage)).slice(0, writtenTitles.length)).toEqual(writtenTitles.map((title) => title?.replace(/&amp;/g, '&').replace(/&#x27;/g, "'").replace(/&quot;/g, '"')));
    // The tab keeps the written page's name once the app has the page (one title function on both sides).
    const writtenTitle = /<title>([^<]+)<\/title>/.exec(written)?.[1]?.replace(/&amp;/g, '&');
    expect(writtenTitle).toMatch(/^Creator News Hub: /);
    expect(await browserPage.title()).toBe(writtenTitle);
    expect(errors).toEqual([]);
  });

  it('opens a story over the list with its own address; Back closes it', async () => {
    const list = await api<ApiAnswer<'GET /articles'>>('/articles?limit=15&market=indian');
    const first = list.items[0] as (typeof list.items)[number];
    await chromium.page.locator('article h2 a').first().click();
    await chromium.page.getByRole('dialog').waitFor();
    expect(new URL(chromium.page.url()).pathname).toBe(storyPath(first));
    await chromium.page.goBack();
    await chromium.page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(new URL(chromium.page.url()).pathname).toBe('/');
  });
});
