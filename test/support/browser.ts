import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/**
 * Waits until the app is ready on the page: started and hydrated (it marks <html data-app="ready">: HydrationProvider
 * in frontend/src/shared/ui/hydration.ts). A
 * written page is on screen, readable and followable before the app runs (it starts after the first picture:
 * frontend/src/app/first-paint.ts); its controls (the card's dialog, Save, the filters) answer only after. A page
 * without the app's script (the API's own pages, a mail link's answer) has nothing to wait for.
 */
export async function untilAppReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('script[type="module"]') || document.documentElement.dataset.app === 'ready', undefined, { timeout: 20_000 });
}

/**
 * A page whose goto returns once the app is ready, as a reader's next move comes after its controls answer. A goto
 * that asks to return at the response's `commit` does not wait: a test of what a reader does before the app runs.
 */
function readyAfterGoto(page: Page): Page {
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== 'commit') await untilAppReady(page);
    return response;
  };
  return page;
}

/** Debian's Chromium (the test tools may not download browsers here); CHROMIUM_PATH overrides. */
export async function launchChromium(): Promise<Browser> {
  const browser = await launchBareChromium();
  // Every page the tests open, except in a context without JavaScript (the app never starts there).
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    return options?.javaScriptEnabled === false ? page : readyAfterGoto(page);
  };
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    if (options?.javaScriptEnabled === false) return context;
    const contextPage = context.newPage.bind(context);
    context.newPage = async () => readyAfterGoto(await contextPage());
    return context;
  };
  return browser;
}

async function launchBareChromium(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(executablePath)) throw new Error(`Chromium not found at ${executablePath}: apt-get install chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      // Cloudscape then shows flashes and dialogs without their fade-in, so axe never measures a half-faded colour.
      '--force-prefers-reduced-motion',
    ],
  });
}

export interface ChromiumSession {
  browser: Browser;
  /** One page for the file's tests (desktop viewport). */
  page: Page;
}

/** Chromium for one test file: launched with a page before its tests, closed after them. */
export function useChromium(): ChromiumSession {
  const session = {} as ChromiumSession;
  beforeAll(async () => {
    session.browser = await launchChromium();
    session.page = await session.browser.newPage({ viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await session.browser?.close();
  });
  return session;
}

/** The two widths every page is checked at. */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A page in a context of its own (no cookies or storage from other tests), at the given viewport. */
export async function freshPage(browser: Browser, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport });
  return context.newPage();
}

/**
 * What reaches past the viewport's right edge (a sideways scroll on a phone): up to five elements named by tag,
 * class and right edge, or none when the page fits.
 */
export function elementsPastRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className)}: ${Math.round(element.getBoundingClientRect().right)} px`);
  });
}

/**
 * Waits until a guest's reader page has hydrated: a written page shows its cards before the app listens for keys
 * and events, and the header's Sign In appears only once it does (a written page knows no session).
 */
export async function untilHydratedAsGuest(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Sign In' }).waitFor();
}

/** Signs a reader in through the site's /auth page, as a reader would, and waits for the account menu. */
export async function signInThroughSite(page: Page, site: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(`${site}/auth`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.locator('.account-menu').waitFor();
}
