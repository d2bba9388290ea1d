import { describe, expect, it } from 'vitest';
import { PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import { local } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';
import { expectMenuItemsClickable } from '../support/menus.ts';
import type { ApiAnswer } from '#http/answers.ts';

/** The defects a new reader hit, each seen as the reader sees it, in Chromium. */
const chromium = useChromium();
const site = () => local().urls.site;

type Card = ApiAnswer<'GET /articles'>['items'][number];

async function articles(query = 'limit=100&market=all'): Promise<Card[]> {
  return ((await (await fetch(`${local().urls.api}/articles?${query}`)).json()) as ApiAnswer<'GET /articles'>).items;
}

describe('reader defects, fixed', () => {
  it('Show Details prints the longer summary and key points as plain text, once', async () => {
    // An article whose feed content is HTML (paragraphs, bold, an image).
    let withHtml: Card | undefined;
    for (const card of await articles('limit=100&market=indian')) {
      const detail = (await (await fetch(`${local().urls.api}/articles/${card.id}`)).json()) as ApiAnswer<'GET /articles/{id}'>;
      if (/<(p|strong|img)\b/.test(detail.content)) {
        withHtml = card;
        break;
      }
    }
    if (!withHtml) throw new Error('No fixture article with HTML content on the first page');
    const page = chromium.page;
    await page.goto(site());
    const card = page.locator('article', { has: page.getByRole('heading', { name: withHtml.title }) });
    await card.getByRole('button', { name: 'Show Details' }).click();
    const details = card.locator('.card-details');
    await details.getByText('Quality:').waitFor();
    const text = (await details.innerText()) ?? '';
    expect(text).not.toMatch(/<\/?(p|strong|img|a|div)\b|&amp;|&lt;/);
    const summary = await details.locator('.summary').innerText();
    // The longer summary is not printed twice (as summary and again as a key point).
    for (const point of await details.locator('li').allInnerTexts()) expect(summary.startsWith(point)).toBe(false);
    expect(summary.length).toBeGreaterThan(0);
  });

  it('opens every share target from a card: the menu is not clipped by the card', async () => {
    const page = chromium.page;
    await page.goto(site());
    // The last card of the first row: its menu overlaps the next row's cards.
    const card = page.locator('article.card').first();
    await card.locator('.share-menu summary').click();
    for (const name of ['Twitter', 'LinkedIn', 'Facebook', 'WhatsApp', 'Email', 'Copy link']) {
      // A trial click checks the button is the element a click at its centre would hit.
      await card.locator('.share-menu').getByRole('button', { name, exact: true }).click({ trial: true, timeout: 3000 });
    }
  });

  it('keeps a card\'s whole share menu on a phone\'s screen when it opens near the screen\'s foot', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(site());
    // Opened once the page has loaded, as a reader would: the figures above the cards arrive late and push them down.
    await page.waitForLoadState('networkidle');
    const card = page.locator('article.card').first();
    await card.locator('.share-menu summary').click();
    expect(await expectMenuItemsClickable(card.locator('.share-menu li button'))).toEqual(['Twitter', 'LinkedIn', 'Facebook', 'WhatsApp', 'Email', 'Copy link']);
    await page.close();
  });

  it('keeps a share menu opened near the screen\'s foot clear of the floating action bar, on a phone and a desktop', async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
      const page = await chromium.browser.newPage({ viewport });
      await page.goto(site());
      await page.waitForLoadState('networkidle');
      // The first card below the first screen, scrolled so its Share button sits 150 px above the screen's foot: the
      // floating bar shows (on a phone once scrolled), and the menu opening downwards ran under it (Email and Copy
      // link went to the bar's Settings link).
      const tops = await page.locator('article.card .share-menu summary').evaluateAll((summaries) => summaries.map((summary) => summary.getBoundingClientRect().top));
      const below = tops.findIndex((top) => top > viewport.height);
      expect(below, 'a card below the first screen').toBeGreaterThan(-1);
      const card = page.locator('article.card').nth(below);
      await page.evaluate((by) => window.scrollBy(0, by), tops[below]! - (viewport.height - 150));
      await page.locator('.floating-bar').waitFor();
      await card.locator('.share-menu summary').click();
      const items = card.locator('.share-menu li button');
      expect(await expectMenuItemsClickable(items), `${viewport.width} px`).toEqual(['Twitter', 'LinkedIn', 'Facebook', 'WhatsApp', 'Email', 'Copy link']);
      await page.close();
    }
  });

  it('shows a picture or the publisher band on every card, and the same band in the dialog, its text said once', async () => {
    const page = chromium.page;
    await page.goto(site());
    await page.locator('article.card').first().waitFor();
    const cards = await page.locator('article.card').count();
    // Lazy images load when scrolled to: load them all now.
    await page.locator('article.card img.card-image').evaluateAll((images) => images.forEach((image) => ((image as HTMLImageElement).loading = 'eager')));
    // Every card shows the publisher's picture or, without one (or when it fails to load: the fixture feeds'
    // example hosts do not resolve here), the band with the publisher's name.
    await expect
      .poll(() =>
        page.locator('article.card').evaluateAll(
          (all) => all.filter((card) => card.querySelector('.card-publisher') || [...card.querySelectorAll('img.card-image')].some((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).length,
        ),
      )
      .toBe(cards);
    expect(await page.locator('article.card .card-publisher').count()).toBeGreaterThan(0);
    const first = page.locator('article.card img.card-image').first();
    const box = await first.boundingBox();
    expect(box && Math.round(box.width / box.height)).toBe(2);
    // A story without a publisher's picture: the dialog shows the same publisher band as its card, never a
    // stand-in picture whose word can contradict the category.
    // One whose summary has words enough to find again (which story that is depends on what other tests published).
    const bandCards = page.locator('article.card', { has: page.locator('.card-publisher') });
    const summaries = await bandCards.evaluateAll((cards) => cards.map((card) => card.querySelector('.summary')?.textContent ?? ''));
    const withSummary = summaries.findIndex((text) => text.trim().length > 20);
    expect(withSummary).toBeGreaterThanOrEqual(0);
    const bandCard = bandCards.nth(withSummary);
    const publisher = await bandCard.locator('.publisher-name').textContent();
    const category = await bandCard.locator('.card-publisher').getAttribute('data-category');
    await bandCard.locator('h2 a').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.locator('.card-publisher .publisher-name').textContent()).toBe(publisher);
    expect(await dialog.locator('.card-publisher').getAttribute('data-category')).toBe(category);
    expect(await dialog.locator('img[src*="/images/fallback/"]').count()).toBe(0);
    // Its feed gave a description only (stored as summary and content alike): the dialog says it once.
    const opening = (await bandCard.locator('.summary').textContent())?.slice(0, 40) ?? '';
    expect(opening.length).toBeGreaterThan(20);
    await expect.poll(async () => ((await dialog.locator('.dialog-main').textContent()) ?? '').split(opening).length - 1).toBe(1);
  });

  it('on a phone, shows a card on the first screen, keeps the menus on screen and the filters above the action bar', async () => {
    const phone = await chromium.browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    try {
      await phone.goto(site());
      const first = phone.locator('article.card').first();
      await first.waitFor();
      const box = await first.boundingBox();
      expect(box && box.y + 120).toBeLessThan(844);
      // Nothing fixed covers the first card's title.
      const title = await first.locator('h2').boundingBox();
      const hit = await phone.evaluate(([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('article')?.className ?? '', [(title?.x ?? 0) + 10, (title?.y ?? 0) + 5]);
      expect(hit).toContain('card');
      await phone.screenshot({ path: 'test-results/phone-home.png' });

      await phone.locator('.category-nav summary').click();
      const menu = await phone.locator('.category-nav ul').boundingBox();
      expect(menu && menu.x >= 0 && menu.x + menu.width <= 390).toBe(true);
      await phone.locator('.category-nav summary').click();

      await phone.evaluate(() => window.scrollTo(0, 400));
      await phone.locator('.floating-bar.scrolled').waitFor();
      await phone.getByRole('button', { name: 'Filters' }).click();
      const panel = phone.locator('.filter-panel.open');
      await panel.waitFor();
      const panelBox = await panel.boundingBox();
      const barBox = await phone.locator('.floating-bar').boundingBox();
      if (panelBox && barBox && panelBox.y + panelBox.height > barBox.y) {
        // Where they overlap, the popover is on top.
        const onTop = await phone.evaluate(([x, y]) => Boolean(document.elementFromPoint(x as number, y as number)?.closest('.filter-panel')), [panelBox.x + 20, barBox.y + barBox.height / 2]);
        expect(onTop).toBe(true);
      }
    } finally {
      await phone.close();
    }
  });

  it('counts a category page\'s Articles tile like its grid, and serves /categories and legacy slugs', async () => {
    const page = chromium.page;
    for (const [legacy, slug, name] of [['brands', 'brand-partnerships', 'Brand Partnerships'], ['platforms', 'platform-updates', 'Platform Updates'], ['trends', 'industry-insights', 'Industry Insights']] as const) {
      await page.goto(`${site()}/${legacy}`);
      await page.waitForURL(`${site()}/categories/${slug}`);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.goto(`${site()}/categories/${legacy}`);
      await page.waitForURL(`${site()}/categories/${slug}`);
    }
    await page.goto(`${site()}/categories`);
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    expect(await page.locator('.category-list li').count()).toBe(PUBLIC_CATEGORY_SLUGS.length);
    await page.getByRole('link', { name: 'Creator Economy' }).first().click();
    await page.waitForURL(`${site()}/categories/creator-economy`);
    await page.getByTestId('category-count').waitFor();
    await page.getByTestId('result-count').waitFor();
    const tile = await page.getByTestId('category-count').textContent();
    expect(await page.getByTestId('result-count').textContent()).toMatch(new RegExp(`^${tile} articles?$`));
  });

  it('opens the article named in /?article=<id>, at the story\'s own address', async () => {
    const [card] = await articles();
    if (!card) throw new Error('No articles');
    await chromium.page.goto(`${site()}/?article=${encodeURIComponent(card.id)}`);
    await chromium.page.getByRole('dialog').getByRole('heading', { name: card.title }).waitFor();
    await expect.poll(() => new URL(chromium.page.url()).pathname).toBe(storyPath(card));
    await chromium.page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    // Closing goes Back to the list's address, asynchronously: the story's address has no ?article= either,
    // so wait for the path, then check the query.
    await expect.poll(() => new URL(chromium.page.url()).pathname).toBe('/');
    expect(new URL(chromium.page.url()).searchParams.has('article')).toBe(false);
  });

  it('says "Failed to fetch articles" when the list fails, not the server\'s text, and decodes entities', async () => {
    // The service worker would answer the list itself (page.route sees only the page's own requests).
    const context = await chromium.browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    try {
      await page.route(/\/articles\?/, (route) => route.fulfill({ status: 500, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify({ message: 'DynamoDB ProvisionedThroughputExceeded at shard 7' }) }));
      // A sorted list: the written pages hold the unsorted first pages' cards, so the app asks for this one.
      await page.goto(`${site()}/?sort=latest`);
      await page.getByText('Failed to fetch articles').first().waitFor();
      expect(await page.getByText('ProvisionedThroughputExceeded').count()).toBe(0);
      await page.unroute(/\/articles\?/);
      await page.getByRole('button', { name: 'Try Again' }).first().click();
      await page.locator('article.card').first().waitFor();
      expect(await page.locator('main').innerText()).not.toMatch(/&(amp|lt|gt|quot|#\d+);/);
    } finally {
      await context.close();
    }
  });

  it('announces the site\'s feeds for autodiscovery', async () => {
    await chromium.page.goto(site());
    await chromium.page.locator('link[rel="alternate"][type="application/rss+xml"]').waitFor({ state: 'attached' });
    const href = await chromium.page.locator('link[rel="alternate"][type="application/rss+xml"]').getAttribute('href');
    // A path on the site's own origin (the API is served under /api), as the served HTML carries it.
    const feed = await fetch(new URL(href ?? '', site()));
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain('<rss');
  });

  it('shows badges only where they set a card apart', async () => {
    await chromium.page.goto(site());
    await chromium.page.locator('article.card').first().waitFor();
    const badgeSets = await chromium.page.locator('article.card .card-meta').evaluateAll((metas) =>
      metas.map((meta) => [...meta.querySelectorAll('.badge')].slice(1).map((badge) => badge.textContent ?? '')),
    );
    const counts = new Map<string, number>();
    for (const set of badgeSets) for (const label of set) counts.set(label, (counts.get(label) ?? 0) + 1);
    // No badge besides the category is on every card.
    for (const [label, count] of counts) expect(count, label).toBeLessThan(badgeSets.length);
    expect(await chromium.page.locator('article.card .badge', { hasText: /^(Today|This week|Excellent)$/ }).count()).toBe(0);
  });
});
