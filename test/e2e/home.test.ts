import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';

const chromium = useChromium();
const consoleErrors: string[] = [];

beforeAll(() => {
  chromium.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  chromium.page.on('pageerror', (error) => consoleErrors.push(error.message));
});

describe('the home page, served by npm start and read through the API from DynamoDB Local', () => {
  it('lists the newest published articles, as the API returns them', async () => {
    const api = (await (await fetch(`${local().urls.api}/articles?limit=15`)).json()) as { items: Array<{ title: string }> };
    expect(api.items).toHaveLength(15);

    await chromium.page.goto(local().urls.site);
    await chromium.page.locator('article h2').first().waitFor();
    const titles = await chromium.page.locator('article h2').allTextContents();
    expect(titles).toEqual(api.items.map((item) => item.title));
    await chromium.page.screenshot({ path: path.join(os.tmpdir(), 'cnh-home.png'), fullPage: false });
  });

  it('loads the next page with the cursor, up to every public article', async () => {
    const all = (await (await fetch(`${local().urls.api}/articles?limit=100`)).json()) as { items: unknown[] };
    expect(all.items.length).toBeGreaterThan(15);
    const more = chromium.page.getByRole('button', { name: 'Load more articles' });
    let shown = await chromium.page.locator('article h2').count();
    while ((await more.count()) > 0) {
      await more.click();
      // The button hides while a page loads; wait for the page's cards, not for the button.
      await expect.poll(() => chromium.page.locator('article h2').count()).toBeGreaterThan(shown);
      shown = await chromium.page.locator('article h2').count();
    }
    expect(shown).toBe(all.items.length);
  });

  it('links each card to its source in a new tab', async () => {
    const link = chromium.page.locator('article a', { hasText: 'Read Full Article' }).first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/[\w.-]+\.example\.com\//);
  });

  it('shows the 404 text on an unknown route and leads home', async () => {
    await chromium.page.goto(`${local().urls.site}/no/such/page`);
    await chromium.page.getByText('Oops! Page not found.').waitFor();
    await chromium.page.getByRole('link', { name: 'Return to Home' }).click();
    await chromium.page.locator('article h2').first().waitFor();
    expect(new URL(chromium.page.url()).pathname).toBe('/');
  });

  it('logged no errors in the browser', () => {
    expect(consoleErrors).toEqual([]);
  });
});
