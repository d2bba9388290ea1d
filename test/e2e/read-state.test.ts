import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { local, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { elementsPastRightEdge, useChromium, signInThroughSite } from '../support/browser.ts';

/**
 * Read marks in Chromium for a signed-in reader on the home list: a story opened shows as read after a
 * reload, Hide read takes it off the page (and is remembered), Mark all as read marks the page, and the
 * headlines view shows one line per story, survives a reload and fits a 390 px phone. Set
 * READ_STATE_SHOTS=<folder> to keep screenshots of both views at 1366x900 and 390x844.
 */
const chromium = useChromium();
const site = () => local().urls.site;
const page = (): Page => chromium.page;
const shots = process.env.READ_STATE_SHOTS;

let reader: Reader;
/**
 * A reloaded list shows its written cards at once; the read marks come after the app has hydrated, learnt the
 * session and asked for them (seconds on a loaded machine, beyond expect.poll's default second).
 */
const MARKS_SHOWN = { timeout: 15_000 };

async function shot(name: string): Promise<void> {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  await page().screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
}

const cardIds = async (): Promise<string[]> =>
  (await page().locator('.grid article.card h2[id^="title-"]').evaluateAll((titles) => titles.map((title) => title.id))).map((id) => id.slice('title-'.length));
const cardOf = (id: string) => page().locator(`article.card[aria-labelledby="title-${id}"]`);

async function homeList(): Promise<void> {
  await page().goto(site());
  await page().getByRole('group', { name: 'List options' }).waitFor();
}

beforeAll(async () => {
  useLocalAws();
  reader = await signedUpReader('Rita Reader');
  await signInThroughSite(page(), site(), reader);
  await page().setViewportSize({ width: 1366, height: 900 });
});

describe('read marks on the home list', () => {
  it('shows none of the tools to a guest', async () => {
    const guest = await chromium.browser.newPage();
    await guest.goto(site());
    await guest.locator('.grid article.card').first().waitFor();
    expect(await guest.getByRole('group', { name: 'List options' }).count()).toBe(0);
    expect(await guest.getByRole('button', { name: 'Mark all as read' }).count()).toBe(0);
    await guest.close();
  });

  it('marks a story the reader opened as read, in words, after a reload', async () => {
    await homeList();
    await page().locator('.grid article.card').first().waitFor();
    const [id] = await cardIds();
    expect(await cardOf(id!).getByText('Read', { exact: true }).count()).toBe(0);
    const marked = page().waitForResponse((response) => response.url().endsWith('/me/reads') && response.request().method() === 'POST');
    await cardOf(id!).locator('.title-button').click();
    await page().getByRole('dialog').locator('#dialog-title').waitFor();
    expect((await marked).status()).toBe(200);
    // Closing the dialog goes Back to the list's address; reloading before that would load the story's own page.
    await page().keyboard.press('Escape');
    await page().waitForURL((url) => url.pathname === '/');
    await page().reload();
    await cardOf(id!).getByText('Read', { exact: true }).waitFor();
    expect(await cardOf(id!).getAttribute('class')).toContain('read');
  });

  it('hides read stories when asked, and remembers it', async () => {
    await homeList();
    await page().locator('.grid article.card.read').first().waitFor();
    const readIds = await page().locator('.grid article.card.read h2').evaluateAll((titles) => titles.map((title) => title.id.slice('title-'.length)));
    await page().getByLabel('Hide read').check();
    await page().getByText(/read articles? hidden on this page/).waitFor();
    for (const id of readIds) expect(await cardOf(id).count()).toBe(0);
    await page().reload();
    await page().getByText(/read articles? hidden on this page/).waitFor();
    expect(await page().getByLabel('Hide read').isChecked()).toBe(true);
    for (const id of readIds) expect(await cardOf(id).count()).toBe(0);
    await page().getByRole('button', { name: 'Show read' }).click();
    expect(await page().getByLabel('Hide read').isChecked()).toBe(false);
    await cardOf(readIds[0]!).waitFor();
  });

  it('marks every story of the list read with Mark all as read', async () => {
    await homeList();
    await page().locator('.grid article.card').first().waitFor();
    const ids = await cardIds();
    expect(ids.length).toBeGreaterThan(3);
    await page().getByRole('button', { name: 'Mark all as read' }).click();
    await page().getByText('Marked as read').first().waitFor();
    await expect.poll(() => page().locator('.grid article.card.read').count(), MARKS_SHOWN).toBe(ids.length);
    expect(await page().getByRole('button', { name: 'Mark all as read' }).isDisabled()).toBe(true);
    await page().reload();
    await page().locator('.grid article.card').first().waitFor();
    // Other tests may publish a story meanwhile: the ones marked are still read.
    await expect.poll(async () => {
      const classes = await Promise.all(ids.map((id) => cardOf(id).getAttribute('class').catch(() => null)));
      return classes.filter((name) => name?.includes('read')).length;
    }, MARKS_SHOWN).toBe(ids.length);
    await shot('cards-1366');
  });

  it('shows one line per story in the headlines view, after a reload and on a 390 px phone', async () => {
    await homeList();
    await page().locator('.grid article.card').first().waitFor();
    const count = await page().locator('.grid article.card').count();
    await page().getByRole('button', { name: 'Headlines' }).click();
    const rows = page().locator('ol.headlines > li');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(count - 1);
    expect(await page().locator('.grid article.card').count()).toBe(0);
    // Rows taller than one line: one line box for the title, and the row no taller than a line and its padding.
    const taller = () => rows.evaluateAll((items) => items.flatMap((item) => {
      const title = item.querySelector('.headline-title');
      const lines = title?.getClientRects().length ?? 0;
      const height = item.getBoundingClientRect().height;
      const limit = 3 * parseFloat(title ? getComputedStyle(title).fontSize : '16');
      return lines === 1 && height < limit ? [] : [`${title?.textContent ?? ''}: ${lines} boxes, ${height} px`];
    }));
    expect(await taller()).toEqual([]);
    await page().locator('ol.headlines > li.read').first().waitFor();
    // Title, source and time on each line.
    const first = rows.first();
    expect(await first.locator('.headline-title').innerText()).not.toBe('');
    expect(await first.locator('.headline-source').innerText()).not.toBe('');
    expect(await first.locator('time').count()).toBe(1);
    await shot('headlines-1366');

    await page().reload();
    await rows.first().waitFor();
    expect(await page().getByRole('button', { name: 'Headlines' }).getAttribute('aria-pressed')).toBe('true');

    await page().setViewportSize({ width: 390, height: 844 });
    await page().reload();
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThan(3);
    expect(await taller()).toEqual([]);
    // No sideways scroll: nothing reaches past the viewport's right edge.
    const overflowing = () => elementsPastRightEdge(page());
    expect(await overflowing()).toEqual([]);
    await page().locator('ol.headlines > li.read').first().waitFor();
    await page().locator('.read-tools').scrollIntoViewIfNeeded();
    await shot('headlines-390');
    await page().getByRole('button', { name: 'Cards' }).click();
    await page().locator('.grid article.card.read').first().waitFor();
    expect(await overflowing()).toEqual([]);
    await shot('cards-390');
  });
});
