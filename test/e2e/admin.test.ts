import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { local, signedInUser } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';

const chromium = useChromium();

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${local().urls.site}/admin`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('the console, signed in through Amplify against cognito-local', () => {
  it('shows the admin the article counts the server keeps', async () => {
    const page = await chromium.browser.newPage();
    const { admin, urls } = local();
    await signIn(page, admin.email, admin.password);
    await page.getByText('Dashboard Overview').waitFor();
    const published = Number(await page.getByTestId('count-published').textContent());
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
      return key ? localStorage.getItem(key) : null;
    });
    const ping = (await (await fetch(`${urls.api}/admin/ping`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      articlesByStatus: Record<string, number>;
    };
    expect(published).toBe(ping.articlesByStatus.published);
    expect(published).toBeGreaterThan(0);
    await page.close();
  });

  it('tells a reader that admin privileges are required', async () => {
    const page = await chromium.browser.newPage();
    const reader = await signedInUser();
    await signIn(page, reader.email, 'Reader-Pass-2026');
    await page.getByText('Access denied. Admin privileges required.').waitFor();
    await page.close();
  });

  it('shows a failed sign-in', async () => {
    const page = await chromium.browser.newPage();
    await signIn(page, local().admin.email, 'Wrong-Password-1');
    await page.getByText(/Login Failed/).first().waitFor();
    await page.close();
  });
});
