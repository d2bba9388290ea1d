import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { ReceivedPush } from '../../lib/local/push-service.ts';
import { api, local, type Reader } from './aws.ts';
import { DESKTOP } from './browser.ts';

/**
 * Web push in Chromium against the local push service stand-in (lib/local/push-service.ts). The server encrypts
 * and VAPID-signs each message for the subscription; the stand-in decrypts it with the subscription's keys; a
 * test delivers the decrypted message to the site's service worker through the DevTools protocol
 * (ServiceWorker.deliverPushMessage), which shows it.
 *
 * Headless Chromium cannot reach its vendor's push service here, so PushManager.subscribe is answered in the page
 * by a subscription the stand-in issued for the key the page asks with; everything else (the permission, the
 * applicationServerKey, the API calls, the worker) is the site's own.
 */
export interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushBrowser {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** The stand-in's subscription the page gets when it subscribes. */
  subscription: StandInSubscription;
  /** Service worker registrations by scope URL, as DevTools reports them. */
  registrations: Map<string, string>;
}

async function standInSubscription(applicationServerKey: string): Promise<StandInSubscription> {
  const response = await fetch(`${local().urls.push}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) });
  return (await response.json()) as StandInSubscription;
}

/** What the stand-in received for the subscription, decrypted, oldest first. */
export async function pushesReceived(subscription: StandInSubscription): Promise<ReceivedPush[]> {
  const response = await fetch(`${local().urls.push}/subscriptions/${subscription.endpoint.split('/').at(-1)}/messages`);
  return ((await response.json()) as { items: ReceivedPush[] }).items;
}

/** A browser context for the reader whose pages can subscribe to push (notifications allowed) and a page in it. */
export async function pushBrowser(browser: Browser, reader: Reader, site: string): Promise<PushBrowser> {
  const key = ((await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>).publicKey;
  const subscription = await standInSubscription(key);
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['notifications'], { origin: site });
  // The browser's side of subscribe(): the stand-in's subscription, handed out only for the site's own key.
  // Kept in localStorage, as a browser keeps a subscription across page loads.
  await context.addInitScript((issued: StandInSubscription & { key: string }) => {
    const SUBSCRIBED = 'test-push-subscribed';
    const toBase64url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const fromBase64url = (value: string) => Uint8Array.from(atob(value.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
    const subscription = () =>
      ({
        endpoint: issued.endpoint,
        expirationTime: null,
        options: { applicationServerKey: fromBase64url(issued.key).buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint: issued.endpoint, expirationTime: null, keys: issued.keys }),
        unsubscribe: async () => {
          localStorage.removeItem(SUBSCRIBED);
          return true;
        },
      }) as unknown as PushSubscription;
    PushManager.prototype.getSubscription = async () => (localStorage.getItem(SUBSCRIBED) ? subscription() : null);
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const asked = options?.applicationServerKey;
      const key = asked instanceof Uint8Array ? toBase64url(asked) : '';
      if (key !== issued.key || options?.userVisibleOnly !== true) throw new DOMException('Registration failed - wrong key', 'AbortError');
      localStorage.setItem(SUBSCRIBED, '1');
      return subscription();
    };
  }, { ...subscription, key });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  return { context, page, cdp, subscription, registrations };
}

/** Turns push on in the dashboard, as the reader does, and switches quiet hours off (a run at night would push nothing). */
export async function turnPushOn(page: Page, site: string, reader: Reader): Promise<void> {
  await page.goto(`${site}/dashboard`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const checkbox = page.getByLabel('Push notifications on this browser');
  await expect.poll(() => checkbox.isEnabled(), { timeout: 20_000 }).toBe(true);
  // Checked once the browser is subscribed and the API has the subscription, not at the click.
  await checkbox.click();
  await page.getByText('Push notifications are on for this browser').first().waitFor();
  expect(((await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices).toBe(1);
  // The reader's choices appear once push is on.
  const quiet = page.getByLabel('Quiet at night (10 pm to 7 am IST)');
  await quiet.waitFor();
  await quiet.click();
  await expect.poll(async () => ((await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>).choices.quietHours).toBeNull();
}

/** Delivers a received message to the site's service worker, as the browser would; answers the notifications it shows. */
export async function deliverToWorker(push: PushBrowser, site: string, payload: string): Promise<Array<{ title: string; body: string; url: string }>> {
  const registrationId = push.registrations.get(`${site}/`);
  expect(registrationId, 'the site has a service worker').toBeDefined();
  const before = await shownNotifications(push.page);
  await push.cdp.send('ServiceWorker.deliverPushMessage', { origin: site, registrationId: registrationId as string, data: payload });
  let shown: Awaited<ReturnType<typeof shownNotifications>> = [];
  await expect.poll(async () => (shown = await shownNotifications(push.page)).length, { timeout: 20_000 }).toBeGreaterThan(before.length);
  return shown;
}

function shownNotifications(page: Page): Promise<Array<{ title: string; body: string; url: string }>> {
  return page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url })));
}
