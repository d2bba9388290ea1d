import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { PushMessage } from '#domain/reader/push.ts';
import type { ReceivedPush } from '../../lib/local/push-service.ts';
import { api, local, signedInRoles, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { launchChromium, signInThroughSite } from '../support/browser.ts';

/**
 * Web push in Chromium against the built site: the reader turns push on in the dashboard, the server pushes a
 * notification through the push service stand-in (encrypted, VAPID-signed, decrypted there with the
 * subscription's keys), and the decrypted message is delivered to the site's service worker through the DevTools
 * protocol (ServiceWorker.deliverPushMessage), which shows it.
 *
 * Headless Chromium cannot reach its vendor's push service here, so PushManager.subscribe is answered in the page
 * by a subscription the stand-in issued for the key the page asks with; everything else (the permission, the
 * applicationServerKey, the API calls, the worker) is the site's own.
 */
interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let cdp: CDPSession;
let reader: Reader;
let admin: string;
const registrations = new Map<string, string>();
const site = () => local().urls.site;

async function standInSubscription(applicationServerKey: string): Promise<StandInSubscription> {
  const response = await fetch(`${local().urls.push}/subscriptions`, { method: 'POST', body: JSON.stringify({ applicationServerKey }) });
  return (await response.json()) as StandInSubscription;
}

async function receivedBy(subscription: StandInSubscription): Promise<ReceivedPush[]> {
  const response = await fetch(`${local().urls.push}/subscriptions/${subscription.endpoint.split('/').at(-1)}/messages`);
  return ((await response.json()) as { items: ReceivedPush[] }).items;
}

beforeAll(async () => {
  useLocalAws();
  ({ admin } = await signedInRoles());
  reader = await signedUpReader('Push Journey');
  const key = ((await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>).publicKey;
  const subscription = await standInSubscription(key);

  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.grantPermissions(['notifications'], { origin: site() });
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
  page = await context.newPage();
  cdp = await context.newCDPSession(page);
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }: { registrations: Array<{ registrationId: string; scopeURL: string; isDeleted: boolean }> }) => {
    for (const registration of updated) if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  await cdp.send('ServiceWorker.enable');

  await signInThroughSite(page, site(), reader);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('push notifications in the browser', () => {
  it('turns push on from the dashboard, and shows a push the server sent, with the page its click opens', async () => {
    await page.goto(`${site()}/dashboard`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    const checkbox = page.getByLabel('Push notifications on this browser');
    await expect.poll(() => checkbox.isEnabled(), { timeout: 20_000 }).toBe(true);
    // Checked once the browser is subscribed and the API has the subscription, not at the click.
    await checkbox.click();
    await page.getByText('Push notifications are on for this browser').first().waitFor();
    expect(((await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices).toBe(1);
    // The reader's choices appear once push is on.
    await page.getByLabel('Quiet at night (10 pm to 7 am IST)').waitFor();
    await page.getByLabel('Quiet at night (10 pm to 7 am IST)').click();
    await expect.poll(async () => ((await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>).choices.quietHours).toBeNull();

    // The server pushes a message from the team; the stand-in decrypts it with the subscription's keys.
    const { userId } = (await api('GET', '/me', reader.idToken)).body as ApiAnswer<'GET /me'>;
    expect((await api('POST', `/admin/users/${userId}/messages`, admin, { message: 'Your weekly creator brief is out' })).status).toBe(200);
    const subscription = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.toJSON());
    let received: ReceivedPush[] = [];
    await expect.poll(async () => (received = await receivedBy(subscription as StandInSubscription)).length, { timeout: 20_000 }).toBe(1);
    const message = JSON.parse(received[0]!.payload) as PushMessage;
    expect(message).toMatchObject({ title: 'Message from Admin', body: 'Your weekly creator brief is out' });

    // The decrypted message, delivered to the site's worker as the browser would: it shows the notification.
    const registrationId = registrations.get(`${site()}/`);
    expect(registrationId).toBeDefined();
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: site(), registrationId: registrationId as string, data: received[0]!.payload });
    let shown: Array<{ title: string; body: string; url: string }> = [];
    await expect.poll(async () => {
      shown = await page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url })));
      return shown.length;
    }, { timeout: 20_000 }).toBe(1);
    expect(shown[0]).toEqual({ title: 'Message from Admin', body: 'Your weekly creator brief is out', url: message.url });
  });

  it('turns push off: the device is removed on the server and the browser unsubscribed', async () => {
    await page.goto(`${site()}/dashboard`);
    const checkbox = page.getByLabel('Push notifications on this browser');
    await expect.poll(() => checkbox.isChecked(), { timeout: 20_000 }).toBe(true);
    await checkbox.click();
    await page.getByText('Push notifications are off for this browser').first().waitFor();
    expect(((await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices).toBe(0);
    expect(await page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription()) === null)).toBe(true);
  });
});
