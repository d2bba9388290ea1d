import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { Page } from 'playwright-core';
import { local } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';

/** Article cards as a reader sees them: the summary's clamp, the pictures and their fallback, in Chromium. */
const chromium = useChromium();
const site = () => local().urls.site;

const CLAMPED_LINES = 3;

/** The public category with the most articles: its page has full rows of cards. */
async function fullestCategory(): Promise<string> {
  const { items } = (await (await fetch(`${local().urls.api}/articles?limit=100&market=all`)).json()) as ApiAnswer<'GET /articles'>;
  const counts = new Map<string, number>();
  for (const { category } of items) counts.set(category, (counts.get(category) ?? 0) + 1);
  const [fullest] = [...counts].sort((a, b) => b[1] - a[1]);
  if (!fullest) throw new Error('No published articles');
  return fullest[0];
}

/**
 * Every collapsed card summary on the page: its box height against the height of CLAMPED_LINES lines of
 * its own text style (measured with a one-line copy, so a `line-height: normal` is measured too).
 */
function summaryBoxes(page: Page) {
  return page.locator('article.card:not(.expanded) > .summary').evaluateAll((summaries) =>
    summaries.map((summary) => {
      const probe = summary.cloneNode() as HTMLElement;
      probe.textContent = 'Line';
      probe.style.cssText = 'position:absolute;visibility:hidden;display:block;height:auto;';
      summary.parentElement?.appendChild(probe);
      const lineHeight = probe.getBoundingClientRect().height;
      probe.remove();
      return { height: summary.getBoundingClientRect().height, fullHeight: summary.scrollHeight, lineHeight, text: summary.textContent ?? '' };
    }),
  );
}

describe('article cards', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`clamps a long summary to ${CLAMPED_LINES} lines on the 3-column category grid (${theme}): no line shows under the ellipsis`, async () => {
      const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
      try {
        await page.addInitScript((value) => localStorage.setItem('news-hub-theme', value), theme);
        await page.goto(`${site()}/categories/${await fullestCategory()}`);
        await page.locator('article.card').first().waitFor();
        // Three cards a row: rows stretch to their tallest card, which is where the spill showed.
        const columns = await page.locator('.grid').first().evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
        expect(columns).toBe(3);
        const boxes = await summaryBoxes(page);
        expect(boxes.length).toBeGreaterThan(3);
        // At least one summary is long enough to need the clamp, else the check proves nothing.
        expect(boxes.some((box) => box.fullHeight > CLAMPED_LINES * box.lineHeight + 1)).toBe(true);
        for (const box of boxes) expect(box.height, box.text.slice(0, 60)).toBeLessThanOrEqual(CLAMPED_LINES * box.lineHeight + 1);
      } finally {
        await page.close();
      }
    });
  }
});

/** The public cards of the home page's first list, as the API gives them. */
async function homeCards(): Promise<Array<{ id: string; title: string; category: string; sourceName: string; imageUrl: string | null }>> {
  const { items } = (await (await fetch(`${local().urls.api}/articles?limit=100&market=all`)).json()) as ApiAnswer<'GET /articles'>;
  return items;
}

describe('card pictures', () => {
  it('without a publisher picture, a card shows a slim band with the publisher in its category colour, not a big stand-in picture', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    try {
      await page.goto(site());
      await page.locator('article.card').first().waitFor();
      const known = new Map((await homeCards()).map((card) => [card.title, card]));
      const bands = await page.locator('article.card').evaluateAll((cards) =>
        cards.flatMap((card) => {
          const band = card.querySelector<HTMLElement>('.card-publisher');
          if (!band) return [];
          return [{ title: card.querySelector('h2')?.textContent ?? '', text: band.textContent ?? '', category: band.dataset.category, height: band.getBoundingClientRect().height, colour: getComputedStyle(band).backgroundColor }];
        }),
      );
      expect(bands.length).toBeGreaterThan(0);
      for (const band of bands) {
        const article = known.get(band.title);
        expect(article, band.title).toBeDefined();
        expect(band.text).toBe(`${article!.sourceName.match(/[\p{L}\p{N}]/u)![0]!.toUpperCase()}${article!.sourceName}`);
        expect(band.category).toBe(article!.category);
        expect(band.height).toBeLessThan(64);
      }
      // One colour per category: the same category never shows two, two categories never share one.
      const colourOf = new Map<string, string>();
      for (const band of bands) {
        expect(colourOf.get(band.category!) ?? band.colour).toBe(band.colour);
        colourOf.set(band.category!, band.colour);
      }
      expect(new Set(colourOf.values()).size).toBe(colourOf.size);
      // The site's stand-in pictures (a big word) are no longer put on cards.
      expect(await page.locator('article.card img[src*="/images/fallback/"]').count()).toBe(0);
    } finally {
      await page.close();
    }
  });

  it('sizes every card picture, fetches the page\'s first picture first and the rest lazily, and it is the publisher\'s picture', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    try {
      await page.goto(site());
      // The first card with a picture (a story added without one, as the console does, shows the band above it).
      const firstImage = page.locator('article.card img.card-image').first();
      await firstImage.waitFor();
      const images = await page.locator('article.card img.card-image').evaluateAll((all) =>
        all.map((image) => ({ width: image.getAttribute('width'), height: image.getAttribute('height'), loading: image.getAttribute('loading'), priority: image.getAttribute('fetchpriority') })),
      );
      for (const image of images) expect(Number(image.width) / Number(image.height)).toBe(2);
      expect(images[0]).toMatchObject({ loading: 'eager', priority: 'high' });
      for (const image of images.slice(1)) expect(image).toMatchObject({ loading: 'lazy' });
      await expect.poll(() => firstImage.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    } finally {
      await page.close();
    }
  });

  it('asks for its config once, and for the home page\'s first list at most once: the written page carries its cards', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
    const lists: string[] = [];
    const warnings: string[] = [];
    let configs = 0;
    page.on('request', (request) => {
      // The list of the page's own filters (the new-stories check asks for another list).
      const url = new URL(request.url());
      if (url.pathname.endsWith('/api/articles') && url.searchParams.get('market') === 'indian' && url.searchParams.get('page') === '1') lists.push(request.url());
      if (url.pathname === '/config.json') configs += 1;
    });
    page.on('console', (message) => warnings.push(message.text()));
    try {
      const answer = await page.goto(site());
      // The cards are in the HTML as served: no list request stands between the page and its first screen.
      expect((await answer?.text()) ?? '').toMatch(/<article[^>]*class="card/);
      await page.locator('article.card').first().waitFor();
      // Past the few seconds after which Chromium reports an unused preload.
      await page.waitForTimeout(3500);
      // Once at most: the app refreshes the written page's list when it is older than the list's freshness.
      expect(lists.length).toBeLessThanOrEqual(1);
      expect(await page.locator('link[rel="preload"][href^="/api/articles"]').count()).toBe(0);
      // /config.json, which every API call waits for, is preloaded and asked for once.
      expect(configs).toBe(1);
      expect(await page.locator('link[rel="preload"][as="fetch"][href="/config.json"]').count()).toBe(1);
      expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('on a phone, three stories start on one screen', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await page.goto(site());
      const first = page.locator('article.card').first();
      await first.waitFor();
      await page.evaluate(() => {
        const card = document.querySelector('article.card');
        if (card) window.scrollTo(0, card.getBoundingClientRect().top + window.scrollY);
      });
      const tops = await page.locator('article.card').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().top));
      expect(tops.filter((top) => top > -1 && top < 844).length, JSON.stringify(tops.slice(0, 4))).toBeGreaterThanOrEqual(3);
    } finally {
      await page.close();
    }
  });
});
