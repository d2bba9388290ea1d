import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { launchChromium } from '../support/browser.ts';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
});

afterAll(async () => {
  await browser?.close();
});

describe('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violations', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`on the home page (${theme})`, async () => {
      await page.goto(local().urls.site);
      await page.evaluate((value) => localStorage.setItem('news-hub-theme', value), theme);
      await page.reload();
      await page.locator('article h2').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('on a category page', async () => {
    await page.goto(`${local().urls.site}/categories/brand-partnerships`);
    await page.locator('article h2').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('in the article dialog', async () => {
    await page.goto(local().urls.site);
    await page.locator('article h2 button').first().click();
    await page.getByRole('dialog').getByRole('heading', { name: 'Related Articles' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });

  it('on the 404 page', async () => {
    await page.goto(`${local().urls.site}/nowhere`);
    await page.getByText('Oops! Page not found.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
