import type { Browser, Page } from 'playwright-core';
import { api, local } from './aws.ts';

/**
 * Signs in through the site's /auth page (where the console sends guests) and lands on a console path.
 * Defaults to the admin account the runtime created on first start.
 */
export async function openConsole(page: Page, consolePath = '/admin', who: { email: string; password: string } = local().admin): Promise<void> {
  const { urls } = local();
  await page.goto(`${urls.site}/auth?redirect=${encodeURIComponent(consolePath)}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await page.waitForURL((url) => url.pathname === consolePath.split('?')[0]);
}

/** A new page of `browser` signed in and on `consolePath`, 1366x900 unless another viewport is given. */
export async function newConsolePage(
  browser: Browser,
  consolePath: string,
  { width = 1366, height = 900, who }: { width?: number; height?: number; who?: { email: string; password: string } } = {},
): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height } });
  await openConsole(page, consolePath, who);
  return page;
}

/** The ID token the page holds (Amplify keeps it in localStorage), for checking the API directly. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => name.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });
  if (!token) throw new Error('The page holds no ID token');
  return token;
}

/** A console API call with a token, as the browser makes it: status and parsed body (text stays text). */
export async function callApi<T = Record<string, unknown>>(token: string | undefined, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const answer = await api(method, path, token, body);
  return { status: answer.status, body: answer.body as T };
}

/**
 * The failures a walk expects: a fixture picture on an offline example host (the browser's own fetch, or the
 * site's resizer answering 404 for it) and a page's own 404 (an unknown address answers 404 by design).
 */
export function expectedFailure(text: string, resourceUrl: string, pageUrl: string): boolean {
  if (text.includes('net::ERR_NAME_NOT_RESOLVED')) return true;
  if (text.includes('status of 404') && new URL(resourceUrl, pageUrl).pathname.startsWith('/img/')) return true;
  return text.includes('status of 404') && resourceUrl === pageUrl;
}
