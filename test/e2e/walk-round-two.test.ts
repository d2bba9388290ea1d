import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { CATEGORY_NAMES, CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import { anotherClient, apiFrom, local } from '../support/aws.ts';
import { DESKTOP, freshPage as openFreshPage, PHONE, useChromium } from '../support/browser.ts';
import { openConsole } from '../support/console.ts';
import { REFUSED_LINK_ROUTES } from '../support/site-routes.ts';
import { dailyCountersWritten } from '../support/daily-counters.ts';
import { waitForMail } from '../support/inbox.ts';

/**
 * The second walk through the site and the console, in Chromium against the built site: a bad confirmation
 * link, the one filter control, the card's Share menu, the floating bar's Share, Manage Articles at 1366 px,
 * the execution timeline's status words, the Analytics category labels, and the titles of a refused link's page and of the article dialog.
 * With CNH_SHOTS_DIR set, screenshots at 1366x900 and 390x844 are written there.
 */
const chromium = useChromium();
const site = () => local().urls.site;
const freshPage = (viewport = DESKTOP): Promise<Page> => openFreshPage(chromium.browser, viewport);

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.CNH_SHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(dir, `${name}-${size.width}.png`), fullPage: true });
  }
  await page.setViewportSize(before);
}

describe('a reader on the second walk', () => {
  it('is told in words that a bad confirmation link is invalid or has expired, and the API answers 400 so', async () => {
    for (const token of ['abc', 'x'.repeat(2001)]) {
      const answer = await fetch(`${local().urls.api}/newsletter/confirmations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe('This link is invalid or has expired. Please subscribe again.');
    }
    const page = await freshPage();
    await page.goto(`${site()}/newsletter/confirm?token=abc`);
    await page.getByRole('alert').getByText('This link is invalid or has expired. Please subscribe again.').waitFor();
    expect(await page.getByText(/Invalid body|Too small|expected string/).count()).toBe(0);
    await shoot(page, 'newsletter-confirm-bad-link');
    await page.context().close();
  });

  it('sends a message from a name with an emoji, and the acknowledgement says the team will reply within 24-48 hours', async () => {
    const page = await freshPage();
    const email = `walk-${Date.now()}@example.com`;
    await page.goto(`${site()}/contact`);
    await page.getByLabel('Name*').fill('Asha 🌸');
    await page.getByLabel('Email*').fill(email);
    await page.getByLabel('Subject*').fill('Hello from the walk');
    await page.getByLabel('Message*').fill('An emoji in my name should be fine.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent!').waitFor();
    expect(await page.getByText('Name contains invalid characters').count()).toBe(0);
    const mail = await waitForMail(local().urls.mail, email, /We received your message/);
    expect(mail.body.text).toContain('Hi Asha 🌸,');
    expect(mail.body.text).toContain('and will reply within 24-48 hours.');
    await page.context().close();
  });

  it('has one Filters control: on a desktop it shows and hides the filter panel, on a phone it is the only one and opens it', async () => {
    const page = await freshPage();
    await page.goto(site());
    await page.locator('article.card').first().waitFor();
    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    expect(await filters.count()).toBe(1);
    const sort = page.getByLabel('Sort', { exact: true });
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    expect(await sort.isVisible()).toBe(true);
    await filters.click();
    await expect.poll(() => sort.isVisible()).toBe(false);
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    await filters.click();
    await sort.waitFor({ state: 'visible' });
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    // From the Personalized Feed tab it brings the reader to the filters of All Articles.
    await page.getByRole('tab', { name: 'Personalized Feed' }).click();
    await filters.click();
    await page.getByRole('tab', { name: 'All Articles', selected: true }).waitFor();
    await sort.waitFor({ state: 'visible' });
    await page.context().close();

    const phone = await freshPage(PHONE);
    await phone.goto(site());
    await phone.locator('article.card').first().waitFor();
    const buttons = phone.getByRole('button', { name: /^Filters?$/ });
    expect(await buttons.count()).toBe(1);
    const phoneSort = phone.getByLabel('Sort', { exact: true });
    expect(await phoneSort.isVisible()).toBe(false);
    await buttons.click();
    await phoneSort.waitFor({ state: 'visible' });
    await shoot(phone, 'home-filters-open');
    await phone.context().close();
  });

  it('closes a card\'s Share menu on Escape, after Copy link and on a click elsewhere', async () => {
    const page = await freshPage();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site() });
    await page.goto(site());
    const card = page.locator('article.card').first();
    await card.waitFor();
    const menu = card.locator('details.share-menu');
    const open = async () => {
      await menu.locator('summary').click();
      await card.getByRole('button', { name: 'Copy link' }).waitFor();
      expect(await menu.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    };
    const isOpen = () => menu.evaluate((element) => (element as HTMLDetailsElement).open);

    await open();
    await page.keyboard.press('Escape');
    await expect.poll(isOpen).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SUMMARY');

    await open();
    await card.getByRole('button', { name: 'Copy link' }).click();
    await page.getByText('Article link copied to clipboard').waitFor();
    await expect.poll(isOpen).toBe(false);
    // The story's own page on the site, not the API's share page.
    const story = { id: (await card.locator('h2').getAttribute('id'))!.slice('title-'.length), title: (await card.locator('h2').textContent())! };
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site()}${storyPath(story)}`);

    await open();
    await page.locator('h1').click();
    await expect.poll(isOpen).toBe(false);
    await page.context().close();
  });

  it('has the floating bar\'s Share say what it copied: the page\'s link, not an article\'s', async () => {
    const page = await freshPage(PHONE);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site() });
    await page.goto(site());
    await page.locator('article.card').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    const bar = page.locator('.floating-bar.scrolled');
    await bar.waitFor();
    await bar.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Page link copied to clipboard').waitFor();
    expect(await page.getByText('Article link copied to clipboard').count()).toBe(0);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${site()}/`);
    await page.context().close();
  });
});

describe('the console on the second walk', () => {
  it('fits Manage Articles at 1366 px: every row\'s Actions in view without scrolling sideways', async () => {
    const page = await freshPage();
    await openConsole(page, '/admin/content/articles');
    const actions = page.getByRole('button', { name: /^Actions for / });
    await actions.first().waitFor();
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
    for (const button of (await actions.all()).slice(0, 5)) {
      const box = await button.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1366);
      // Nothing covers it: the point at its middle is the button.
      const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x as number, y as number)?.closest('button')?.getAttribute('aria-label') ?? '', [(box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2]);
      if ((box?.y ?? 0) + (box?.height ?? 0) < 900) expect(hit).toBe(await button.getAttribute('aria-label'));
    }
    await actions.first().click();
    await page.getByRole('menuitem', { name: 'View details' }).waitFor();
    await page.keyboard.press('Escape');
    await shoot(page, 'admin-articles');
    await page.context().close();
  });

  it('keeps each status word of an execution\'s timeline on one line, at 1366 and 390 px', async () => {
    const page = await freshPage();
    await openConsole(page, '/admin/system/pipeline');
    const link = page.getByRole('link', { name: /^[0-9a-f-]{36}$/ }).first();
    await expect.poll(() => page.getByRole('link', { name: /^[0-9a-f-]{36}$/ }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await link.click();
    const timeline = page.getByRole('table').filter({ hasText: 'Time in state' });
    await timeline.locator('tbody tr').first().waitFor();
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.waitForTimeout(300);
      // Each word of each status cell (the 4th column): its letters sit on one line.
      const broken = await timeline.locator('tbody tr td:nth-child(4), tbody tr th:nth-child(4)').evaluateAll((cells) =>
        cells.flatMap((cell) => {
          const words: string[] = [];
          const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            const text = node.textContent ?? '';
            for (const match of text.matchAll(/\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index);
              range.setEnd(node, match.index + match[0].length);
              const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
              if (tops.size > 1) words.push(match[0]);
            }
          }
          return words;
        }),
      );
      expect(await timeline.locator('tbody tr').count()).toBeGreaterThan(0);
      expect(broken, `at ${size.width}px`).toEqual([]);
    }
    await page.setViewportSize(DESKTOP);
    await shoot(page, 'admin-execution');
    await page.context().close();
  });

  it('names categories by their labels on Analytics, never by their codes', async () => {
    const { items } = (await (await fetch(`${local().urls.api}/articles?limit=1`)).json()) as ApiAnswer<'GET /articles'>;
    const [article] = items as [(typeof items)[number]];
    for (let i = 0; i < 3; i++) expect((await apiFrom(anotherClient(), 'POST', `/articles/${article.id}/views`)).status).toBe(202);
    await dailyCountersWritten();
    const page = await freshPage();
    await openConsole(page, '/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Content' }).click();
    const top = page.getByRole('table', { name: 'Top articles' });
    await top.locator('tbody tr').first().waitFor();
    await page.getByText('Article views by category').waitFor();
    const label = CATEGORY_NAMES[article.category as keyof typeof CATEGORY_NAMES];
    await expect.poll(async () => (await top.locator('tbody').textContent()) ?? '', { timeout: 20_000 }).toContain(label);
    const content = (await page.locator('main, [class*="content"]').first().textContent()) ?? '';
    for (const slug of CATEGORY_SLUGS) if (slug !== 'general') expect(content, slug).not.toContain(slug);
    await shoot(page, 'admin-analytics-content');
    await page.context().close();
  });
});

describe('page titles', () => {
  // Every route's title is checked by the route smoke (test/support/route-smoke.ts), which opens them all.
  it('names a refused mail link\'s page, and the article dialog while it is open', async () => {
    const guest = await freshPage();
    for (const route of REFUSED_LINK_ROUTES) {
      await guest.goto(`${site()}${route}`);
      await guest.locator('h1').first().waitFor();
      await expect.poll(() => guest.title(), { timeout: 10_000 }).toMatch(/^.+ · Creator News Hub$/);
    }

    await guest.goto(site());
    const home = await guest.title();
    const first = guest.locator('article.card').first();
    const headline = (await first.locator('h2').textContent())?.trim() ?? '';
    await first.locator('h2 a').click();
    await guest.locator('dialog.article-dialog #dialog-title').waitFor();
    await expect.poll(() => guest.title()).toBe(`${headline} · Creator News Hub`);
    await guest.keyboard.press('Escape');
    await expect.poll(() => guest.title()).toBe(home);
    await guest.context().close();
  });
});
