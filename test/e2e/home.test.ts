import os from 'node:os';
import type { ApiAnswer } from '#http/answers.ts';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';
import { expectedFailure } from '../support/console.ts';

const chromium = useChromium();
const consoleErrors: string[] = [];

beforeAll(() => {
  chromium.page.on('console', (message) => {
    // The fixture feeds' pictures live on example hosts that do not resolve offline; cards fall back to the
    // site's pictures (test/e2e/reader-defects.test.ts). Any other error counts.
    if (message.type() === 'error' && !expectedFailure(message.text(), message.location().url, chromium.page.url())) consoleErrors.push(message.text());
  });
  chromium.page.on('pageerror', (error) => consoleErrors.push(error.message));
});

describe('the home page, served by npm start and read through the API from DynamoDB Local', () => {
  it('lists the newest India-focused articles (the default market focus), as the API returns them', async () => {
    const api = (await (await fetch(`${local().urls.api}/articles?limit=15&market=indian`)).json()) as ApiAnswer<'GET /articles'>;
    expect(api.items.length).toBeGreaterThan(0);

    await chromium.page.goto(local().urls.site);
    await chromium.page.locator('article h2').first().waitFor();
    const titles = await chromium.page.locator('article h2').allTextContents();
    expect(titles).toEqual(api.items.map((item) => item.title));
    expect(await chromium.page.getByTestId('result-count').textContent()).toBe(`${api.total} articles`);
    await chromium.page.screenshot({ path: path.join(os.tmpdir(), 'cnh-home.png'), fullPage: false });
  });

  it('pages through every public article with page links', async () => {
    const all = (await (await fetch(`${local().urls.api}/articles?limit=100`)).json()) as ApiAnswer<'GET /articles'>;
    expect(all.total).toBeGreaterThan(15);
    await chromium.page.getByLabel('Market focus').selectOption('all');
    await expect.poll(() => chromium.page.getByTestId('result-count').textContent()).toBe(`${all.total} articles`);
    const shown = [...(await chromium.page.locator('article h2').allTextContents())];
    await chromium.page.getByRole('link', { name: 'Page 2' }).click();
    await expect.poll(() => chromium.page.url()).toContain('page=2');
    await expect.poll(async () => (await chromium.page.locator('article h2').allTextContents())[0]).toBe(all.items[15]?.title);
    shown.push(...(await chromium.page.locator('article h2').allTextContents()));
    expect(shown).toEqual(all.items.map((item) => item.title).slice(0, shown.length));
    expect(shown.length).toBe(Math.min(all.total, 30));
  });

  it('links each card to its source in a new tab', async () => {
    const link = chromium.page.locator('article a', { hasText: 'Read Full Article' }).first();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    // A fixture publisher's address, or the local feed host's article page (canonical: https).
    expect(await link.getAttribute('href')).toMatch(/^https:\/\/([\w.-]+\.example\.com|127\.0\.0\.1:\d+\/articles)\//);
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
