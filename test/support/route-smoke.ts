import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { local, signedUpReader } from './aws.ts';
import { launchChromium } from './browser.ts';
import { expectedFailure } from './console.ts';
import { CONSOLE_ROUTES, PUBLIC_ROUTES, SIGNED_IN_ONLY_ROUTES } from './site-routes.ts';

/**
 * The route smoke: every route a reader or an admin can open (test/support/site-routes.ts), and the home
 * page's Personalized Feed tab, under one server. Two test files use it, one per server (the production build, Vite's dev server as `npm start` serves it), so test shards can run them
 * side by side. A route fails on an error screen (or Vite's error overlay), an uncaught page error or a
 * console error; offline example-host images (net::ERR_NAME_NOT_RESOLVED) are the one exception. One
 * browser; one page per role.
 */

/** The reader site's routes, a guest's view; /payment-success is opened for an order the runtime really made (pending). */
const readerRoutes = (orderId: string) => [
  ...PUBLIC_ROUTES,
  `/payment-success?order_id=${encodeURIComponent(orderId)}&payment_id=pay_smoke`,
  ...SIGNED_IN_ONLY_ROUTES,
];

const SIGNED_IN_ROUTES = ['/', '/?tab=feed', ...SIGNED_IN_ONLY_ROUTES, '/newsletter', '/auth'];

/** The error screens of the reader site and the console (ErrorBoundary, the console's guard). */
/** Routes that are another route's page (a second address, or a redirect to it): they share its title. */
const SAME_PAGE: Record<string, string> = {
  '/user-dashboard': '/dashboard',
  '/admin/dashboard': '/admin',
  '/admin/system': '/admin/system/pipeline',
  '/admin/system/config': '/admin/system/settings',
  '/admin/system/emergency-recovery': '/admin/system/recovery',
  '/admin/no-such-screen': '/admin',
};
/** The title of a page that has not named itself. */
const PLAIN_TITLE = 'Creator News Hub';

const ERROR_SCREEN = /^(Application Error|Critical Application Error|Admin Panel Error|Component Error|Article Loading Error)$|^Error checking permissions/;
const ROUTE_TIMEOUT_MS = 30_000;

/**
 * `load`: each route is a fresh page load (deep links, written pages, the server's 404s). `in-app`: the first
 * route of a walk is loaded, the others are opened inside the app, as its links do: under Vite's dev server a
 * fresh load refetches every source module (about 4 s a route on 2 cores), while what can break only there
 * (a module Vite cannot transform or resolve) shows the same way when the route's module loads in the app.
 */
export type Server = { name: string; site: string; api: string; urls: Parameters<typeof signedUpReader>[1]; navigation: 'load' | 'in-app' };
let browser: Awaited<ReturnType<typeof launchChromium>>;
const contexts: BrowserContext[] = [];
const timings: { server: string; route: string; ms: number }[] = [];
/** Each page's title as the walks found it: `reader:<route>`, `signed-in:<route>`, `console:<route>`. */
const titles: Record<string, string> = {};

/** A page whose console errors and uncaught errors are collected until taken. */
async function watchedPage(): Promise<{ page: Page; take: () => string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  let problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !expectedFailure(message.text(), message.location().url, page.url())) problems.push(`console error: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.name}: ${error.message}`));
  return {
    page,
    take: () => {
      const taken = problems;
      problems = [];
      return taken;
    },
  };
}

/** Opens a route and waits until it has loaded what it asks for; the problems seen on the way, if any. */
async function openRoute(watched: Awaited<ReturnType<typeof watchedPage>>, server: Server, journey: Journey, route: string): Promise<string[]> {
  const { page, take } = watched;
  take();
  const startedAt = Date.now();
  try {
    const inApp = server.navigation === 'in-app' && page.url().startsWith(server.site);
    const titleBefore = await page.title();
    if (inApp) {
      // As a link in the app opens it: react-router follows the history entry; the route's lazy module and data load.
      await page.evaluate((next) => {
        history.pushState(null, '', next);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
      }, route);
    } else {
      await page.goto(`${server.site}${route}`, { waitUntil: 'load', timeout: ROUTE_TIMEOUT_MS });
    }
    await page.waitForLoadState('networkidle', { timeout: ROUTE_TIMEOUT_MS });
    // The last page's heading and title stay until the new route renders: its title tells it has (a route that
    // is the same page as the last one keeps it, hence the short wait).
    if (inApp) await page.waitForFunction((before) => document.title !== before, titleBefore, { timeout: 4_000 }).catch(() => undefined);
    await page.locator('h1').first().waitFor({ timeout: ROUTE_TIMEOUT_MS });
    // The title follows the page's first render (a category's name, the console's screen).
    await page.waitForFunction((plain) => document.title !== plain, PLAIN_TITLE, { timeout: 10_000 }).catch(() => undefined);
  } catch (error) {
    return [...take(), `did not load: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`];
  }
  const problems = take();
  const errorScreens = await page.getByText(ERROR_SCREEN).allTextContents();
  if (errorScreens.length) problems.unshift(`error screen: ${errorScreens.join(' | ')}`);
  // The dev server's own error screen, for a module it could not transform or resolve.
  const overlay = page.locator('vite-error-overlay');
  if (await overlay.count()) problems.unshift(`Vite error overlay: ${(await overlay.locator('.message').first().textContent()) ?? ''}`);
  if (route.includes('tab=feed') && (await page.getByRole('tab', { name: 'Personalized Feed', selected: true }).count()) !== 1) problems.push('the Personalized Feed tab is not the one shown');
  timings.push({ server: server.name, route, ms: Date.now() - startedAt });
  titles[`${journey}:${route}`] = await page.title();
  return problems;
}

async function signIn(page: Page, server: Server, who: { email: string; password: string }, destination: string): Promise<void> {
  await page.goto(`${server.site}/auth?redirect=${encodeURIComponent(destination)}`);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await page.waitForURL((url) => url.pathname === destination, { timeout: ROUTE_TIMEOUT_MS });
}

/** Each route in turn: a map of route to its problems, for the routes that have any. */
type Journey = 'reader' | 'signed-in' | 'console';

async function smoke(server: Server, journey: Journey, routes: string[], who?: { email: string; password: string }): Promise<Record<string, string[]>> {
  const watched = await watchedPage();
  if (who) await signIn(watched.page, server, who, routes[0]?.startsWith('/admin') ? '/admin' : '/');
  const failures: Record<string, string[]> = {};
  for (const route of routes) {
    const problems = await openRoute(watched, server, journey, route);
    if (problems.length) failures[route] = problems;
  }
  return failures;
}

/** A donation order as the Donate form makes it, so /payment-success has a real one to look up. */
async function donationOrder(server: Server): Promise<string> {
  const answer = await fetch(`${server.api}/donations`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: 10_000, is_anonymous: true }) });
  const body = (await answer.json()) as { order_id?: string };
  if (!answer.ok || !body.order_id) throw new Error(`POST /donations answered ${answer.status}`);
  return body.order_id;
}

/**
 * The smoke's three journeys under one server; `prepare` starts what the server needs (it answers the
 * server) and `finish` stops it.
 */
export function describeRouteSmoke(serverName: string, prepare: () => Promise<Server>, finish: () => Promise<void> = async () => {}): void {
  let server: Server;

  beforeAll(async () => {
    [server, browser] = await Promise.all([prepare(), launchChromium()]);
  }, 180_000);

  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close();
    await browser?.close();
    await finish();
    const mine = timings.splice(0).sort((a, b) => b.ms - a.ms);
    const total = mine.reduce((sum, timing) => sum + timing.ms, 0);
    console.info(`Route smoke, ${serverName}: ${mine.length} routes in ${(total / 1000).toFixed(1)} s; slowest ${mine.slice(0, 3).map((timing) => `${timing.route} ${timing.ms} ms`).join(', ')}`);
  });

  describe(`every route under the ${serverName}`, () => {
    it('reader routes, signed out', async () => {
      expect(await smoke(server, 'reader', readerRoutes(await donationOrder(server)))).toEqual({});
    }, 240_000);

    it('reader routes, signed in as a reader (dashboard, bookmarks, Personalized Feed)', async () => {
      const reader = await signedUpReader('Smoke Reader', server.urls);
      expect(await smoke(server, 'signed-in', SIGNED_IN_ROUTES, reader)).toEqual({});
    }, 240_000);

    it('console routes, signed in as the admin', async () => {
      expect(await smoke(server, 'console', CONSOLE_ROUTES, local().admin)).toEqual({});
    }, 240_000);

    it('names every page in its title, one title a page (the titles the three walks above found)', () => {
      const found = Object.entries(titles);
      expect(found.length).toBe(readerRoutes('x').length + SIGNED_IN_ROUTES.length + CONSOLE_ROUTES.length);
      expect(titles['reader:/about']).toBe('About · Creator News Hub');
      expect(titles['reader:/no-such-page']).toBe('Page not found · Creator News Hub');
      // The lists' titles are the written pages' (lambdas/domain/reader/page-head.ts listTitle).
      expect(titles['reader:/']).toBe('Creator News Hub: creator economy and influencer marketing news, India first');
      expect(titles['reader:/categories/platform-updates']).toBe('Platform Updates news · Creator News Hub');
      expect(titles['console:/admin/content/articles']).toBe('Manage Articles · Console · Creator News Hub');
      expect(titles['console:/admin/content/articles/new']).toBe('Add Article · Manage Articles · Console · Creator News Hub');
      // A guest sent to /auth from a signed-in page is on the sign-in page, and a reader opening /auth is sent on:
      // the signed-in pages are named by the signed-in walk, the others by the guest's.
      const named = found.filter(([key]) => {
        const [journey, route] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
        if (journey === 'reader') return !SIGNED_IN_ONLY_ROUTES.includes(route);
        return journey === 'console' || SIGNED_IN_ONLY_ROUTES.includes(route);
      });
      for (const [key, title] of named) {
        expect(title, key).toMatch(/ · Creator News Hub$|^Creator News Hub: /);
        expect(title, key).not.toBe(PLAIN_TITLE);
      }
      // One title a page: routes share a title only when they are one page (a guest's and a reader's / are one).
      const pageOf = (key: string) => {
        const route = key.slice(key.indexOf(':') + 1).replace(/^\/payment-success\?.*/, '/payment-success');
        return SAME_PAGE[route] ?? route;
      };
      const byTitle = new Map<string, Set<string>>();
      for (const [key, title] of named) byTitle.set(title, (byTitle.get(title) ?? new Set()).add(pageOf(key)));
      const shared = [...byTitle.entries()].filter(([, pages]) => pages.size > 1).map(([title, pages]) => `${title}: ${[...pages].join(', ')}`);
      expect(shared).toEqual([]);
    });
  });
}
