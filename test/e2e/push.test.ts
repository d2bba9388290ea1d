import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { PushMessage } from '#domain/reader/push.ts';
import { api, local, signedInRoles, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { launchChromium, signInThroughSite } from '../support/browser.ts';
import { deliverToWorker, pushBrowser, pushesReceived, turnPushOn, type PushBrowser } from '../support/push-browser.ts';

/**
 * Web push in Chromium against the built site (test/support/push-browser.ts): the reader turns push on in the
 * dashboard, the server pushes a notification through the push service stand-in, and the decrypted message,
 * delivered to the site's service worker, shows.
 */
let browser: Browser;
let push: PushBrowser;
let page: Page;
let reader: Reader;
let admin: string;
const site = () => local().urls.site;

beforeAll(async () => {
  useLocalAws();
  ({ admin } = await signedInRoles());
  reader = await signedUpReader('Push Journey');
  browser = await launchChromium();
  push = await pushBrowser(browser, reader, site());
  page = push.page;
  await signInThroughSite(page, site(), reader);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('push notifications in the browser', () => {
  it('turns push on from the dashboard, and shows a push the server sent, with the page its click opens', async () => {
    await turnPushOn(page, site(), reader);

    // The server pushes a message from the team; the stand-in decrypts it with the subscription's keys.
    const { userId } = (await api('GET', '/me', reader.idToken)).body as ApiAnswer<'GET /me'>;
    expect((await api('POST', `/admin/users/${userId}/messages`, admin, { message: 'Your weekly creator brief is out' })).status).toBe(200);
    let received: Awaited<ReturnType<typeof pushesReceived>> = [];
    await expect.poll(async () => (received = await pushesReceived(push.subscription)).length, { timeout: 20_000 }).toBe(1);
    const message = JSON.parse(received[0]!.payload) as PushMessage;
    expect(message).toMatchObject({ title: 'Message from Admin', body: 'Your weekly creator brief is out' });

    // The decrypted message, delivered to the site's worker as the browser would: it shows the notification.
    const shown = await deliverToWorker(push, site(), received[0]!.payload);
    expect(shown).toEqual([{ title: 'Message from Admin', body: 'Your weekly creator brief is out', url: message.url }]);
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
