import type { Locator, Page } from 'playwright-core';
import type { ApiAnswer } from '#http/answers.ts';
import { describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { SEARCH_MAX_CHARS } from '#domain/reader/public-articles.ts';
import { local } from '../support/aws.ts';
import { DESKTOP, freshPage as openFreshPage, PHONE, untilHydratedAsGuest, useChromium } from '../support/browser.ts';
import { expectServedFeedLinks } from '../support/feed-discovery.ts';
import { expectMenuItemsClickable } from '../support/menus.ts';

/** What a new reader met on a walk through the site (feeds, categories, search, toasts, layout, forms), in Chromium. */
const chromium = useChromium();
const site = () => local().urls.site;
const freshPage = (viewport = DESKTOP): Promise<Page> => openFreshPage(chromium.browser, viewport);

/** Whether `element`'s box overlaps `other`'s. */
async function overlaps(element: Locator, other: Locator): Promise<boolean> {
  const [a, b] = await Promise.all([element.boundingBox(), other.boundingBox()]);
  if (!a || !b) return false;
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Scrolls to the page's end until its height holds for half a second (late content lengthens it). */
async function scrollToSettledEnd(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  let height = -1;
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const current = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    if (current === height) return;
    height = current;
    await page.waitForTimeout(500);
  }
  throw new Error(`the page kept growing past ${height}px`);
}

describe('a reader walking the site', () => {
  it('finds the RSS, Atom and JSON feeds announced in the served HTML of / (no JavaScript), and each parses', async () => {
    const links = await expectServedFeedLinks(site());
    for (const href of Object.values(links)) expect(href.startsWith(`${site()}/api/feeds/all/`)).toBe(true);
    // The page adds no second copy once its script runs.
    const page = await freshPage();
    await page.goto(site());
    await page.locator('article.card').first().waitFor();
    expect(await page.locator('head link[rel="alternate"]').count()).toBe(3);
    await page.context().close();
  });

  it('offers Tools & Technology like every category: header menu, home filter, search chips and its own page', async () => {
    const page = await freshPage();
    await page.goto(site());
    await page.locator('.category-nav summary').click();
    const names = PUBLIC_CATEGORY_SLUGS.map((slug) => CATEGORY_NAMES[slug]);
    const inMenu = await expectMenuItemsClickable(page.locator('.category-nav li a'));
    expect(inMenu).toEqual([...names, 'All categories']);
    await page.locator('.category-nav summary').click();
    // The filter bar offers the same list as the header.
    const options = await page.getByLabel('Category', { exact: true }).locator('option').allTextContents();
    expect(options).toEqual(['All categories', ...names]);
    await page.getByLabel('Search articles').click();
    // Clicked as soon as the page shows, perhaps before the app starts: the suggestions open once it has.
    await page.getByRole('group', { name: 'Categories' }).waitFor();
    expect(await page.getByRole('group', { name: 'Categories' }).getByRole('button').allTextContents()).toEqual(names);
    await page.keyboard.press('Escape');
    const tools = (await (await fetch(`${local().urls.api}/articles?category=tools-technology&market=all&limit=100`)).json()) as ApiAnswer<'GET /articles'>;
    await page.goto(`${site()}/categories/tools-technology`);
    await page.getByRole('heading', { level: 1, name: 'Tools & Technology' }).waitFor();
    expect(await page.getByText('Category not found').count()).toBe(0);
    // A choice made before the app runs is the browser's alone: the list changes once the app listens.
    await untilHydratedAsGuest(page);
    await page.getByLabel('Market focus').selectOption('all');
    await expect.poll(() => page.getByTestId('category-count').textContent()).toBe(String(tools.total));
    await page.context().close();
  });

  it('keeps a 600-character search to the server\'s limit, in its column, and shows the server\'s message for an over-long address', async () => {
    const page = await freshPage();
    await page.goto(site());
    const box = page.getByLabel('Search articles');
    expect(await box.getAttribute('maxlength')).toBe(String(SEARCH_MAX_CHARS));
    await box.fill('');
    await box.pressSequentially('creator '.repeat(75), { delay: 0 });
    expect((await box.inputValue()).length).toBe(SEARCH_MAX_CHARS);
    await box.press('Enter');
    const heading = page.locator('.section-title', { hasText: 'Search results for' });
    await heading.waitFor();
    const [title, main, side] = await Promise.all([heading.boundingBox(), page.locator('.home-main').boundingBox(), page.locator('.side-widgets').boundingBox()]);
    expect(title!.x + title!.width).toBeLessThanOrEqual(main!.x + main!.width + 1);
    expect(title!.x + title!.width).toBeLessThanOrEqual(side!.x);
    expect(title!.height).toBeLessThan(120);
    expect(await page.getByText('Failed to fetch articles').count()).toBe(0);

    // A shared address with a longer search: the server refuses it, and the reader reads why, with no Try Again.
    await page.goto(`${site()}/?search=${'x'.repeat(600)}`);
    const alert = page.getByRole('alert').filter({ hasText: 'Error' });
    await alert.getByText(`Search text is at most ${SEARCH_MAX_CHARS} characters`).waitFor();
    expect(await alert.getByRole('button', { name: 'Try Again' }).count()).toBe(0);
    expect(await page.getByText('Failed to fetch articles').count()).toBe(0);
    const long = await page.locator('.section-title', { hasText: 'Search results for' }).boundingBox();
    expect(long!.x + long!.width).toBeLessThanOrEqual((await page.locator('.side-widgets').boundingBox())!.x);
    await page.context().close();
  });

  it('shows a guest\'s toast above the article dialog, not behind it', async () => {
    const page = await freshPage();
    await page.goto(site());
    await page.locator('article h2 a').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    const toast = page.locator('.toast', { hasText: 'Sign in required' });
    await toast.waitFor();
    // The toast is the element under its own centre: nothing (the dialog, its backdrop) covers it.
    const onTop = await toast.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return Boolean(hit && element.contains(hit));
    });
    expect(onTop).toBe(true);
    await dialog.getByRole('button', { name: 'Like', exact: true }).click();
    await page.locator('.toast', { hasText: 'Login Required' }).waitFor();
    // Inside the dialog, so a screen reader hears it (the page outside a modal dialog is inert).
    expect(await dialog.locator('.toast', { hasText: 'Login Required' }).count()).toBe(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The toasts move back to the page on the dialog's close event, a task after the click: wait for it (5 s at
    // most), or the count below races it (CI saw the region still inside the closing dialog once).
    await page.waitForFunction(() => document.querySelector('.toasts') !== null && document.querySelector('dialog .toasts') === null, undefined, { timeout: 5000 });
    expect(await page.locator('dialog .toasts').count()).toBe(0);
    await page.context().close();
  });

  it('fits the article dialog, its Close button included, inside a phone\'s screen', async () => {
    const page = await freshPage(PHONE);
    await page.goto(site());
    await page.locator('article h2 a').first().click();
    const dialog = page.getByRole('dialog');
    const close = dialog.getByRole('button', { name: 'Close' });
    await close.waitFor();
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    const closeBox = await close.boundingBox();
    expect(closeBox!.x + closeBox!.width).toBeLessThanOrEqual(PHONE.width);
    await close.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  for (const viewport of [DESKTOP, PHONE]) {
    it(`lets the floating action bar cover neither the page's last line nor the footer (${viewport.width}px)`, async () => {
      const page = await freshPage(viewport);
      await page.goto(site());
      await page.locator('article.card').first().waitFor();
      const bar = page.locator('.floating-bar');
      // The side widgets and lazy pictures load after the cards and lengthen the page (below the cards on a
      // phone), so scroll to the end of the page as it is once it has stopped growing, as a reader would.
      await scrollToSettledEnd(page);
      await bar.waitFor({ state: 'visible' });
      // Every line of the footer (the page's last lines) is clear of the bar.
      const footerLines = page.locator('.site-footer').locator('a, p, h2');
      const count = await footerLines.count();
      expect(count).toBeGreaterThan(0);
      for (let index = 0; index < count; index += 1) expect(await overlaps(footerLines.nth(index), bar), await footerLines.nth(index).textContent() ?? '').toBe(false);
      await page.context().close();
    });
  }

  it('holds the footer at the bottom of a short page', async () => {
    const page = await freshPage();
    // An unknown address is the edge's own 404 page now (docs/decisions/first-screen-html.md): a short page of the app instead.
    await page.goto(`${site()}/unsubscribe`);
    await page.locator('main').waitFor();
    const footer = await page.locator('.site-footer').boundingBox();
    expect(Math.round(footer!.y + footer!.height)).toBeGreaterThanOrEqual(DESKTOP.height - 1);
    await page.context().close();
  });

  it('says an empty e-mail on the contact form is required', async () => {
    const page = await freshPage();
    await page.goto(`${site()}/contact`);
    await page.getByLabel('Name*').fill('Asha');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Email is required').waitFor();
    expect(await page.getByText('Please enter a valid email address').count()).toBe(0);
    await page.context().close();
  });

  it('counts in words that agree with the number, and says "no earlier figure" nowhere', async () => {
    const page = await freshPage();
    await page.goto(site());
    await page.getByRole('heading', { name: 'Creator Economy Pulse' }).waitFor();
    await page.locator('.side-widgets .widget-list li').first().waitFor();
    const text = await page.locator('main').innerText();
    expect(text).not.toMatch(/\b1 (stories|articles|searches|views|publishers)\b/);
    expect(text).not.toContain('no earlier figure');
    // One note at most says a figure has nothing to compare with.
    expect(await page.getByTestId('pulse-no-comparison').count()).toBeLessThanOrEqual(1);
    // Trending topics: one entry per topic, singular and plural together.
    const tags = (await page.locator('.widget', { has: page.getByRole('heading', { name: 'Trending Creator Topics' }) }).locator('li button').allTextContents()).map((tag) => tag.toLowerCase().replace(/s$/, ''));
    expect(new Set(tags).size).toBe(tags.length);
    await page.context().close();
  });

  it('draws one clear button in the search box, styled selects and a Categories button without the bare triangle', async () => {
    const page = await freshPage();
    // As soon as the written page is there, before the app runs (it waits for the first picture).
    await page.goto(site(), { waitUntil: 'commit' });
    const box = page.getByLabel('Search articles');
    await box.fill('creators');
    // The browser's own clear button is a pseudo-element getComputedStyle cannot read: a rule of ours hides it for this box.
    const hidden = await box.evaluate((input) =>
      [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]).some((rule) => {
        if (!(rule instanceof CSSStyleRule) || rule.style.display !== 'none') return false;
        return rule.selectorText.split(',').some((selector) => selector.includes('::-webkit-search-cancel-button') && input.matches(selector.replace('::-webkit-search-cancel-button', '')));
      }),
    );
    expect(hidden).toBe(true);
    // Typed as soon as the written page shows, perhaps before the app starts: the app takes the text and offers Clear.
    await page.getByRole('button', { name: 'Clear search' }).waitFor();
    expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(1);
    expect(await box.inputValue()).toBe('creators');
    for (const select of [page.getByLabel('Theme'), page.getByLabel('Sort')]) expect(await select.evaluate((element) => getComputedStyle(element).appearance)).toBe('none');
    const summary = page.locator('.category-nav summary');
    expect(await summary.evaluate((element) => getComputedStyle(element).display)).not.toBe('list-item');
    await page.context().close();
  });

  it('says so when the test checkout is cancelled', async () => {
    const page = await freshPage();
    await page.goto(`${site()}/donate`);
    await page.getByRole('button', { name: 'Make a Donation' }).click();
    await page.getByRole('button', { name: 'Donate ₹250' }).click();
    const checkout = page.getByTestId('test-checkout');
    await checkout.getByRole('button', { name: 'Cancel' }).click();
    await page.locator('.toast', { hasText: 'Payment cancelled' }).getByText('nothing was charged').waitFor();
    expect(await page.getByRole('button', { name: 'Donate ₹250' }).isEnabled()).toBe(true);
    await page.context().close();
  });
});
