import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { local, signedUpReader } from './aws.ts';
import { launchChromium } from './browser.ts';
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
const ERROR_SCREEN = /^(Application Error|Critical Application Error|Admin Panel Error|Component Error|Article Loading Error)$|^Error checking permissions/;
const ROUTE_TIMEOUT_MS = 30_000;

export type Server = { name: string; site: string; api: string; urls: Parameters<typeof signedUpReader>[1] };
let browser: Awaited<ReturnType<typeof launchChromium>>;
const contexts: BrowserContext[] = [];
const timings: { server: string; route: string; ms: number }[] = [];

/** A page whose console errors and uncaught errors are collected until taken. */
async function watchedPage(): Promise<{ page: Page; take: () => string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  let problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('net::ERR_NAME_NOT_RESOLVED')) problems.push(`console error: ${message.text()} (${message.location().url})`);
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
async function openRoute(watched: Awaited<ReturnType<typeof watchedPage>>, server: Server, route: string): Promise<string[]> {
  const { page, take } = watched;
  take();
  const startedAt = Date.now();
  try {
    await page.goto(`${server.site}${route}`, { waitUntil: 'load', timeout: ROUTE_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: ROUTE_TIMEOUT_MS });
    await page.locator('h1').first().waitFor({ timeout: ROUTE_TIMEOUT_MS });
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
async function smoke(server: Server, routes: string[], who?: { email: string; password: string }): Promise<Record<string, string[]>> {
  const watched = await watchedPage();
  if (who) await signIn(watched.page, server, who, routes[0]?.startsWith('/admin') ? '/admin' : '/');
  const failures: Record<string, string[]> = {};
  for (const route of routes) {
    const problems = await openRoute(watched, server, route);
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
      expect(await smoke(server, readerRoutes(await donationOrder(server)))).toEqual({});
    }, 240_000);

    it('reader routes, signed in as a reader (dashboard, bookmarks, Personalized Feed)', async () => {
      const reader = await signedUpReader('Smoke Reader', server.urls);
      expect(await smoke(server, SIGNED_IN_ROUTES, reader)).toEqual({});
    }, 240_000);

    it('console routes, signed in as the admin', async () => {
      expect(await smoke(server, CONSOLE_ROUTES, local().admin)).toEqual({});
    }, 240_000);
  });
}
