import type { ApiAnswer } from '#http/answers.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { local } from '../support/aws.ts';
import { readFileSync } from 'node:fs';
import { DESKTOP, PHONE, useChromium } from '../support/browser.ts';
import { FIRST_SCREEN_STYLE_ATTRIBUTE } from '#domain/reader/first-screen-style.ts';
import { IMAGE_CODEC_FILES } from '../../lib/stack-description.ts';
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

/** A screenshot's pixels (the PNG bytes differ between two shots of the same pixels). */
async function pixelsOf(shot: Buffer): Promise<Uint8Array> {
  const png = (await import(new URL(IMAGE_CODEC_FILES.pngDecoderJs, `file://${process.cwd()}/`).href)) as { default: (module: WebAssembly.Module) => Promise<unknown>; decode: (bytes: Uint8Array) => { data: Uint8ClampedArray } };
  await png.default(await WebAssembly.compile(readFileSync(IMAGE_CODEC_FILES.pngDecoder)));
  return new Uint8Array(png.decode(shot).data.buffer);
}

describe('a written page\'s own stylesheet', () => {
  it('draws the page as the whole stylesheet does, pixel for pixel, the whole page long: home, a category and a story, phone and desktop', async () => {
    const list = await api<ApiAnswer<'GET /articles'>>('/articles?limit=1&market=indian');
    const paths = ['/', '/categories/platform-updates', storyPath(list.items[0] as { id: string; title: string })];
    for (const viewport of [PHONE, DESKTOP]) {
      // Its own rules alone: the page as written, before the app's entry loads the file (held back here).
      const ownRules = await chromium.browser.newContext({ viewport });
      await ownRules.route(/\/assets\/.*\.(js|css)$/, (route) => route.abort());
      // The whole stylesheet: without JavaScript the page links the file (<noscript>).
      const whole = await chromium.browser.newContext({ viewport, javaScriptEnabled: false });
      for (const path of paths) {
        const [trimmed, full] = [await ownRules.newPage(), await whole.newPage()];
        // 'commit': the app never starts here, so goto must not wait for it (support/browser.ts).
        await trimmed.goto(`${local().urls.site}${path}`, { waitUntil: 'commit' });
        await trimmed.waitForLoadState('load');
        await full.goto(`${local().urls.site}${path}`, { waitUntil: 'load' });
        const style = trimmed.locator(`style[${FIRST_SCREEN_STYLE_ATTRIBUTE}]`);
        expect(await style.count(), path).toBe(1);
        const [ownLength, wholeSheet] = await Promise.all([style.evaluate((element) => element.textContent?.length ?? 0), full.evaluate(() => [...document.styleSheets].find((sheet) => sheet.href)?.cssRules.length ?? 0)]);
        // It is a cut: fewer rules than the file's, and the file is there for the rest.
        expect(ownLength, path).toBeGreaterThan(1000);
        expect(await trimmed.evaluate(() => document.styleSheets[0]?.cssRules.length ?? 0), path).toBeLessThan(wholeSheet);
        // Pictures hidden (their boxes stay): whether a lazy one below the fold has arrived yet is timing, not style.
        const shot = (of: Page) => of.screenshot({ fullPage: true, style: 'img { visibility: hidden !important; }' });
        const [a, b] = [await shot(trimmed), await shot(full)];
        expect(Buffer.from(await pixelsOf(a)).equals(Buffer.from(await pixelsOf(b))), `${path} at ${viewport.width}px`).toBe(true);
        await Promise.all([trimmed.close(), full.close()]);
      }
      await Promise.all([ownRules.close(), whole.close()]);
    }
  }, 60_000);
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
