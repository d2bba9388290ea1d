import { describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';

/** The market focus the list starts on (India, reader spec section 2) is shown as an active filter with a way out (issue 33). */
const chromium = useChromium();

describe('the default market focus', () => {
  it('says the list is India-focused beside its count, and one click shows every market', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(`${local().urls.site}/?search=creators`);
    const count = page.getByTestId('result-count');
    await count.waitFor();
    await page.getByText('India-focused stories only').waitFor();
    const indiaOnly = Number((await count.textContent())?.replace(/\D/g, ''));
    await page.getByRole('button', { name: 'Show all markets' }).click();
    await page.waitForURL((url) => url.searchParams.get('market') === 'all');
    await expect.poll(async () => page.getByText('India-focused stories only').count()).toBe(0);
    await expect.poll(async () => Number((await count.textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(indiaOnly);
    await page.screenshot({ path: '/tmp/market-filter-390.png' });
    await page.close();
  });
});
