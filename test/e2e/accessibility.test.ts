import { describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';

const chromium = useChromium();

describe('accessibility (axe-core, WCAG 2.1 AA): no serious or critical violations', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`on the home page (${theme})`, async () => {
      await chromium.page.goto(local().urls.site);
      await chromium.page.evaluate((value) => localStorage.setItem('news-hub-theme', value), theme);
      await chromium.page.reload();
      await chromium.page.locator('article h2').first().waitFor();
      expect(await seriousViolations(chromium.page)).toEqual([]);
    });
  }

  it('on a category page', async () => {
    await chromium.page.goto(`${local().urls.site}/categories/brand-partnerships`);
    await chromium.page.locator('article h2').first().waitFor();
    expect(await seriousViolations(chromium.page)).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`on a story's own page (${theme})`, async () => {
      await chromium.page.goto(local().urls.site);
      await chromium.page.evaluate((value) => localStorage.setItem('news-hub-theme', value), theme);
      const path = await chromium.page.locator('article h2').first().getAttribute('id');
      await chromium.page.goto(`${local().urls.site}/story/${path!.slice('title-'.length)}`);
      await chromium.page.getByRole('heading', { level: 1 }).waitFor();
      await chromium.page.getByRole('heading', { name: 'Related Articles' }).waitFor();
      expect(await seriousViolations(chromium.page)).toEqual([]);
    });
  }

  it('in the article dialog', async () => {
    await chromium.page.goto(local().urls.site);
    await chromium.page.locator('article h2 a').first().click();
    await chromium.page.getByRole('dialog').getByRole('heading', { name: 'Related Articles' }).waitFor();
    expect(await seriousViolations(chromium.page)).toEqual([]);
  });

  it('on the 404 page', async () => {
    await chromium.page.goto(`${local().urls.site}/nowhere`);
    await chromium.page.getByText('Oops! Page not found.').waitFor();
    expect(await seriousViolations(chromium.page)).toEqual([]);
  });
});
