import { describe, expect, it } from 'vitest';
import { local, signedUpReader } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';

/** Signing in from a page that needs it (issue 33): back to that page after, and one message for every refusal. */
const chromium = useChromium();

describe('signing in', () => {
  it('sends a reader who opened /dashboard signed out back to /dashboard after signing in', async () => {
    const reader = await signedUpReader('Return Reader');
    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.goto(`${local().urls.site}/dashboard`);
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    await page.getByLabel('Email').fill(reader.email);
    await page.getByLabel('Password').fill(reader.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await page.close();
  });

  it('says the same for an address with no account and for a wrong password', async () => {
    const reader = await signedUpReader('Wrong Password Reader');
    const messageFor = async (email: string, password: string) => {
      const page = await chromium.browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${local().urls.site}/auth`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
      await page.getByText('Login Failed').first().waitFor();
      const text = (await page.locator('.notice.error[role="alert"]').allTextContents()).join(' ');
      const toast = await page.locator('.toast').first().textContent();
      await page.close();
      return { text, toast };
    };
    const unknown = await messageFor(`nobody-${Date.now()}@test.local`, 'Some-Password-2026');
    const wrong = await messageFor(reader.email, 'Wrong-Password-2026');
    expect(unknown).toEqual(wrong);
    expect(wrong.toast).toContain('Incorrect email or password.');
    expect(wrong.text).toBe('Incorrect email or password.');
  });
});
