import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { local, useLocalAws } from '../support/aws.ts';
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

describe('the contact page', () => {
  it('shows the field errors of the spec and sends nothing while they stand', async () => {
    await page.goto(`${local().urls.site}/contact`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByLabel('Name*').fill('R0bot <script>');
    await page.getByLabel('Email*').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Name contains invalid characters').waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
  });

  it('sends a valid message, clears the form and stores the message', async () => {
    const subject = `URGENT: interview request ${Date.now()}`;
    await page.goto(`${local().urls.site}/contact`);
    await page.getByLabel('Name*').fill("Asha D'Souza");
    await page.getByLabel('Email*').fill('asha@example.com');
    await page.getByLabel('Subject*').fill(subject);
    await page.getByLabel('Message*').fill('Could we talk about creator payouts in Pune?');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent!').waitFor();
    expect(await page.getByLabel('Subject*').inputValue()).toBe('');
    useLocalAws();
    const { listContactMessages } = await import('../../lambdas/store/operations.ts');
    const { items } = await listContactMessages({ limit: 5 });
    expect(items.find((message) => message.subject === subject)).toMatchObject({ name: "Asha D'Souza", email: 'asha@example.com' });
  });

  it('has no serious or critical accessibility violations, nor have about and mission', async () => {
    await page.goto(`${local().urls.site}/contact`);
    await page.getByRole('heading', { name: 'Contact', level: 1 }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    for (const path of ['/about', '/mission', '/privacy', '/terms']) {
      await page.goto(`${local().urls.site}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
});
