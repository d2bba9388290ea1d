import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { local } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';

/** Article cards as a reader sees them: the summary's clamp, the pictures and their fallback, in Chromium. */
const chromium = useChromium();
const site = () => local().urls.site;

const CLAMPED_LINES = 3;

/** The public category with the most articles: its page has full rows of cards. */
async function fullestCategory(): Promise<string> {
  const { items } = (await (await fetch(`${local().urls.api}/articles?limit=100&market=all`)).json()) as { items: Array<{ category: string }> };
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
