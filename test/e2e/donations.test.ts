import { describe, expect, it } from 'vitest';
import { api, local } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { waitForMail } from '../support/inbox.ts';
import type { ApiAnswer } from '#http/answers.ts';

/** Donations in Chromium: the Donate page's figures, the form's rules, the local test checkout, the success page. */
const chromium = useChromium();
const site = () => local().urls.site;

type Summary = ApiAnswer<'GET /donations/summary'>;
const summary = async () => (await api('GET', '/donations/summary')).body as Summary;
const rupees = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: paise % 100 ? 2 : 0 }).format(paise / 100);

describe('donations in Chromium', () => {
  it('refuses 0, 50,001 and "abc" with the spec\'s texts in the page', async () => {
    const page = chromium.page;
    await page.goto(`${site()}/donate`);
    await page.getByRole('button', { name: 'Make a Donation' }).click();
    const custom = page.getByLabel('Custom amount (₹1 to ₹50,000)');
    for (const [value, text] of [
      ['0', 'Please enter a valid donation amount'],
      ['50001', 'Maximum donation amount is ₹50,000'],
      ['abc', 'Please enter a valid donation amount'],
    ] as const) {
      await custom.fill(value);
      await page.locator('.donate-button').click();
      await page.locator('#donation-amount-error').getByText(text).waitFor();
    }
    expect(await page.getByTestId('test-checkout').count()).toBe(0);
    // The server answers the same for the same amounts (paise), whatever a browser sends.
    for (const amount of [0, 5_000_100, 'abc']) expect((await api('POST', '/donations', undefined, { amount })).status).toBe(400);
    await custom.fill('');
    expect(await page.locator('.donate-button').isDisabled()).toBe(true);
  });

  it('takes ₹250 through the local test checkout: Completed from the server, the totals move by exactly 250, a receipt arrives', async () => {
    const page = chromium.page;
    const before = await summary();
    const email = `donor-${Date.now()}@example.com`;
    await page.goto(`${site()}/donate`);
    await page.getByRole('heading', { name: 'Recent Supporters' }).waitFor();
    await page.locator('.donate-tiles').getByText(rupees(before.totalRaised), { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Make a Donation' }).click();
    // 250 is chosen at first; the live summary and the button say so.
    expect(await page.getByRole('button', { name: '₹250', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.locator('.donation-summary').getByText('₹250').waitFor();
    await page.getByLabel('Your name (optional)').fill('Meera from Pune');
    await page.getByLabel('Email for your receipt (optional)').fill(email);
    await page.getByLabel('Message (optional)').fill('For the regional creator coverage');
    await page.getByText('33/500').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Donate ₹250' }).click();

    const checkout = page.getByTestId('test-checkout');
    await checkout.getByText('TEST CHECKOUT: local Razorpay stand-in. No money moves.').waitFor();
    await checkout.getByRole('button', { name: 'Pay ₹250 (test)' }).click();

    await page.waitForURL(/\/payment-success\?order_id=order_\w+&payment_id=pay_\w+/);
    await page.getByRole('heading', { name: 'Thank you for your generous donation!' }).waitFor();
    const details = page.locator('.donation-details');
    await details.getByText('Completed').waitFor();
    await details.getByText('₹250').waitFor();
    await details.getByText('For the regional creator coverage').waitFor();
    await page.getByText('A receipt has been sent to your e-mail address.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // Checkout callback and both webhooks have arrived: the payment counted once.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await summary();
    expect(after.totalRaised - before.totalRaised).toBe(25_000);
    expect(after.supporters - before.supporters).toBe(1);
    expect(after.monthRaised - before.monthRaised).toBe(25_000);
    const receipt = await waitForMail(local().urls.mail, email, /^Receipt for your ₹250 donation/);
    expect(receipt.body.text).toContain('Meera from Pune');

    await page.goto(`${site()}/donate`);
    await page.locator('.donate-tiles').getByText(rupees(after.totalRaised), { exact: true }).waitFor();
    await page.locator('.donate-tiles').getByText(`${after.goalPercent}%`, { exact: true }).waitFor();
    const newest = page.locator('.supporters li').first();
    await newest.getByText('Meera from Pune · ₹250').waitFor();
    await newest.getByText('For the regional creator coverage').waitFor();
  });

  it('says it cannot verify an order nobody paid, and never shows Completed for it', async () => {
    const page = chromium.page;
    const order = (await api('POST', '/donations', undefined, { amount: 10_000, is_anonymous: true })).body as ApiAnswer<'POST /donations'>;
    await page.goto(`${site()}/payment-success?order_id=${order.order_id}&payment_id=pay_MadeUpByBrowser`);
    await page.locator('.donation-details').getByText('Pending').waitFor();
    expect(await page.getByText('Completed').count()).toBe(0);
    await page.goto(`${site()}/payment-success?order_id=order_NoSuchOrder99`);
    await page.getByRole('heading', { name: 'Unable to verify payment details' }).waitFor();
  });
});
