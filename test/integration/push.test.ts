import { createECDH, createHash, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '../../lambdas/http/answers.ts';
import { DAILY_PUSH_CAP, indiaHourOf, type PushMessage } from '../../lambdas/domain/reader/push.ts';
import type { ReceivedPush } from '../../lib/local/push-service.ts';
import { api, local, signedInRoles, signedUpReader, type Reader } from '../support/aws.ts';

/**
 * Web push end to end on the local runtime: a reader's browser is a subscription the push service stand-in
 * issues (it keeps the private key, as a browser does); the app's own notifications go through the table
 * stream to the push function, which encrypts and signs them (web-push) and posts them to the stand-in; the
 * stand-in checks the VAPID token and decrypts the message with the subscription's keys.
 */
interface Subscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

const pushService = () => local().urls.push;

async function newBrowserSubscription(applicationServerKey?: string): Promise<Subscription> {
  const response = await fetch(`${pushService()}/subscriptions`, { method: 'POST', body: JSON.stringify(applicationServerKey ? { applicationServerKey } : {}) });
  expect(response.status).toBe(201);
  return (await response.json()) as Subscription;
}

const subscriptionIdOf = (subscription: Subscription) => subscription.endpoint.split('/').at(-1) as string;

async function received(subscription: Subscription): Promise<ReceivedPush[]> {
  const response = await fetch(`${pushService()}/subscriptions/${subscriptionIdOf(subscription)}/messages`);
  return ((await response.json()) as { items: ReceivedPush[] }).items;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}

/** Messages from the team: always pushed while push is on, and easy for a test to make (the console's Send Message). */
async function messageFromTeam(adminToken: string, userId: string, message: string) {
  const answer = await api('POST', `/admin/users/${userId}/messages`, adminToken, { message });
  expect(answer.status).toBe(200);
}

async function userIdOf(reader: Reader): Promise<string> {
  return ((await api('GET', '/me', reader.idToken)).body as ApiAnswer<'GET /me'>).userId;
}

/** Quiet hours that cannot cover now: the three hours that start 12 hours from now, India time. */
function quietHoursAwayFromNow() {
  const from = (indiaHourOf(new Date()) + 12) % 24;
  return { from, to: (from + 3) % 24 };
}

let admin: string;
let vapidPublicKey: string;

beforeAll(async () => {
  ({ admin } = await signedInRoles());
  vapidPublicKey = (JSON.parse(readFileSync(path.join(local().dataDir, 'vapid.json'), 'utf8')) as { publicKey: string }).publicKey;
});

describe('web push through the local push service', () => {
  // First in the file: no push of another test is still on its way to move the figures.
  it("counts the console's push figures: devices subscribed (once each), pushes sent, failed and devices removed", async () => {
    const figures = async () => ((await api('GET', '/admin/dashboard', admin)).body as ApiAnswer<'GET /admin/dashboard'>).push;
    const before = await figures();
    const reader = await signedUpReader('Counted Devices');
    const userId = await userIdOf(reader);
    await api('PUT', '/me/push/choices', reader.idToken, { quietHours: null });
    // A browser subscribed with another site's key: the push service refuses our pushes to it (a failure, not gone).
    const otherSite = createECDH('prime256v1');
    otherSite.generateKeys();
    const [kept, gone, refusing] = [await newBrowserSubscription(), await newBrowserSubscription(), await newBrowserSubscription(otherSite.getPublicKey('base64url'))];
    for (const device of [kept, gone, refusing, kept]) expect((await api('PUT', '/me/push/subscriptions', reader.idToken, device)).status).toBe(200);
    expect((await figures()).subscribedDevices).toBe(before.subscribedDevices + 3);
    await fetch(`${pushService()}/subscriptions/${subscriptionIdOf(gone)}/end`, { method: 'POST', body: JSON.stringify({ status: 410 }) });

    await messageFromTeam(admin, userId, 'A counted message');
    await until(() => received(kept), (items) => items.length === 1);
    const expected = { subscribedDevices: before.subscribedDevices + 2, sent: before.sent + 1, failed: before.failed + 1, removed: before.removed + 1 };
    expect(await until(figures, (now) => now.sent === expected.sent && now.removed === expected.removed && now.failed === expected.failed)).toEqual(expected);
  });

  it('delivers a notification, encrypted for the device and signed with VAPID, that decrypts to the message the app made', async () => {
    const reader = await signedUpReader('Push Reader');
    const userId = await userIdOf(reader);
    const choices = (await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>;
    // The browser subscribes with the key the API hands out: the stand-in then refuses pushes signed with any other.
    expect(choices.publicKey).toBe(vapidPublicKey);
    expect(choices.devices).toBe(0);
    await api('PUT', '/me/push/choices', reader.idToken, { quietHours: quietHoursAwayFromNow() });
    const browser = await newBrowserSubscription(choices.publicKey);
    const saved = await api('PUT', '/me/push/subscriptions', reader.idToken, browser);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ deviceId: createHash('sha256').update(browser.endpoint).digest('base64url'), subscribed: true });

    await messageFromTeam(admin, userId, 'Your creator report is ready.');
    const messages = await until(() => received(browser), (items) => items.length > 0);
    expect(messages).toHaveLength(1);
    const message = JSON.parse(messages[0]!.payload) as PushMessage;
    expect(message).toMatchObject({ title: 'Message from Admin', body: 'Your creator report is ready.', kind: 'message', url: '/dashboard?tab=notifications' });
    expect(messages[0]).toMatchObject({ subject: 'mailto:hello@creatornewshub.local', urgency: 'normal' });
    expect(messages[0]!.ttl).toBeGreaterThan(0);
    expect(((await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices).toBe(1);
  });

  it('removes a device whose push service answers 410 Gone, and keeps pushing to the reader\'s other devices', async () => {
    const reader = await signedUpReader('Two Devices');
    const userId = await userIdOf(reader);
    await api('PUT', '/me/push/choices', reader.idToken, { quietHours: null });
    const [phone, laptop] = [await newBrowserSubscription(), await newBrowserSubscription()];
    for (const device of [phone, laptop]) expect((await api('PUT', '/me/push/subscriptions', reader.idToken, device)).status).toBe(200);
    await fetch(`${pushService()}/subscriptions/${subscriptionIdOf(phone)}/end`, { method: 'POST', body: JSON.stringify({ status: 410 }) });

    await messageFromTeam(admin, userId, 'First message');
    await until(() => received(laptop), (items) => items.length === 1);
    const devices = await until(async () => ((await api('GET', '/me/push/choices', reader.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices, (count) => count === 1);
    expect(devices).toBe(1);

    await messageFromTeam(admin, userId, 'Second message');
    const laptopMessages = await until(() => received(laptop), (items) => items.length === 2);
    expect(laptopMessages.map((item) => (JSON.parse(item.payload) as PushMessage).body)).toEqual(['First message', 'Second message']);
    expect(await received(phone)).toEqual([]);
    // Gone from the reader's devices: deleting it again finds nothing.
    const phoneId = createHash('sha256').update(phone.endpoint).digest('base64url');
    expect((await api('DELETE', `/me/push/subscriptions/${phoneId}`, reader.idToken)).status).toBe(404);
  });

  it('pushes nothing in the reader\'s quiet hours (India time), while the notification still arrives in the center', async () => {
    const [sleeper, control] = [await signedUpReader('Quiet Reader'), await signedUpReader('Control Reader')];
    const [sleeperId, controlId] = [await userIdOf(sleeper), await userIdOf(control)];
    const hour = indiaHourOf(new Date());
    // Quiet from this hour to two hours on: now is inside, whatever the clock says.
    await api('PUT', '/me/push/choices', sleeper.idToken, { quietHours: { from: hour, to: (hour + 2) % 24 } });
    await api('PUT', '/me/push/choices', control.idToken, { quietHours: null });
    const [sleeperBrowser, controlBrowser] = [await newBrowserSubscription(), await newBrowserSubscription()];
    await api('PUT', '/me/push/subscriptions', sleeper.idToken, sleeperBrowser);
    await api('PUT', '/me/push/subscriptions', control.idToken, controlBrowser);

    await messageFromTeam(admin, sleeperId, 'Sent while they sleep');
    // The stream brings notifications to the push function in the order they were made: once the control
    // reader's later one has arrived, the sleeper's has been decided.
    await messageFromTeam(admin, controlId, 'Sent to someone awake');
    expect(await until(() => received(controlBrowser), (items) => items.length > 0)).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await received(sleeperBrowser)).toEqual([]);
    const center = ((await api('GET', '/me/notifications', sleeper.idToken)).body as ApiAnswer<'GET /me/notifications'>).items;
    expect(center.map((item) => item.message)).toContain('Sent while they sleep');

    // Quiet hours off: the next one is pushed, and the one made in the quiet hours is not sent afterwards.
    await api('PUT', '/me/push/choices', sleeper.idToken, { quietHours: null });
    await messageFromTeam(admin, sleeperId, 'Sent in the morning');
    const messages = await until(() => received(sleeperBrowser), (items) => items.length > 0);
    expect(messages.map((item) => (JSON.parse(item.payload) as PushMessage).body)).toEqual(['Sent in the morning']);
  });

  it(`pushes at most ${DAILY_PUSH_CAP} a day to a reader, however many notifications they get`, async () => {
    const reader = await signedUpReader('Busy Reader');
    const userId = await userIdOf(reader);
    await api('PUT', '/me/push/choices', reader.idToken, { quietHours: null });
    const browser = await newBrowserSubscription();
    await api('PUT', '/me/push/subscriptions', reader.idToken, browser);
    for (let index = 1; index <= DAILY_PUSH_CAP + 2; index += 1) await messageFromTeam(admin, userId, `Message ${index}`);
    const center = await until(async () => ((await api('GET', '/me/notifications', reader.idToken)).body as ApiAnswer<'GET /me/notifications'>).items, (items) => items.filter((item) => item.message.startsWith('Message ')).length === DAILY_PUSH_CAP + 2);
    expect(center.filter((item) => item.message.startsWith('Message '))).toHaveLength(DAILY_PUSH_CAP + 2);
    await until(() => received(browser), (items) => items.length >= DAILY_PUSH_CAP);
    // The stream consumer has seen every notification by the time the last ones are in the center; a moment more for it to act.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const messages = await received(browser);
    expect(messages).toHaveLength(DAILY_PUSH_CAP);
    expect(messages.map((item) => (JSON.parse(item.payload) as PushMessage).body)).toEqual(Array.from({ length: DAILY_PUSH_CAP }, (_, index) => `Message ${index + 1}`));
  });
});

describe('the push rules at a given clock (the service the push function calls)', () => {
  /** An instant given as India's wall clock. */
  const ist = (isoLocal: string) => new Date(`${isoLocal}+05:30`);

  it('holds pushes in the default quiet hours (10 pm to 7 am IST) and stops at the cap, counted per India day', async () => {
    process.env.VAPID_KEYS = readFileSync(path.join(local().dataDir, 'vapid.json'), 'utf8');
    const { pushNotification } = await import('../../lambdas/services/push-delivery.ts');
    const reader = await signedUpReader('Clocked Reader');
    const userId = await userIdOf(reader);
    const browser = await newBrowserSubscription();
    await api('PUT', '/me/push/subscriptions', reader.idToken, browser);
    const breaking = (n: number) => ({ userId, id: randomUUID(), title: 'Breaking', message: `Story ${n}`, kind: 'breaking' as const });

    expect((await pushNotification(breaking(0), ist('2026-01-15T23:30:00'))).decision).toBe('quiet-hours');
    expect((await pushNotification(breaking(0), ist('2026-01-16T06:59:00'))).decision).toBe('quiet-hours');
    const day = [];
    for (let n = 1; n <= DAILY_PUSH_CAP + 1; n += 1) day.push(await pushNotification(breaking(n), ist(`2026-01-16T${String(9 + n).padStart(2, '0')}:00:00`)));
    expect(day.map((report) => report.decision)).toEqual([...Array.from({ length: DAILY_PUSH_CAP }, () => 'send'), 'daily-cap']);
    expect(day.slice(0, DAILY_PUSH_CAP).every((report) => report.delivered === 1)).toBe(true);
    // The cap is India's day: 7 am on the 17th is a new one.
    expect((await pushNotification(breaking(99), ist('2026-01-17T07:00:00'))).decision).toBe('send');
    // A notification already pushed (a retried stream batch) is not pushed again.
    const once = breaking(100);
    expect((await pushNotification(once, ist('2026-01-17T08:00:00'))).decision).toBe('send');
    expect((await pushNotification(once, ist('2026-01-17T08:00:00'))).decision).toBe('already-pushed');

    const bodies = (await until(() => received(browser), (items) => items.length >= DAILY_PUSH_CAP + 2)).map((item) => (JSON.parse(item.payload) as PushMessage).body);
    expect(bodies).toEqual([...Array.from({ length: DAILY_PUSH_CAP }, (_, index) => `Story ${index + 1}`), 'Story 99', 'Story 100']);
  });
});

describe('push devices and choices are the signed-in reader\'s own', () => {
  it('refuses guests (401) on every push route', async () => {
    expect((await api('GET', '/me/push/choices')).status).toBe(401);
    expect((await api('PUT', '/me/push/choices', undefined, { breaking: false })).status).toBe(401);
    expect((await api('PUT', '/me/push/subscriptions', undefined, await newBrowserSubscription())).status).toBe(401);
    expect((await api('DELETE', `/me/push/subscriptions/${'a'.repeat(43)}`)).status).toBe(401);
  });

  it('lets another reader neither see nor remove my device, and moves a browser to whoever subscribes it last', async () => {
    const [asha, ravi] = [await signedUpReader('Asha'), await signedUpReader('Ravi')];
    const browser = await newBrowserSubscription();
    const { deviceId } = (await api('PUT', '/me/push/subscriptions', asha.idToken, browser)).body as ApiAnswer<'PUT /me/push/subscriptions'>;
    expect(((await api('GET', '/me/push/choices', ravi.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices).toBe(0);
    expect((await api('DELETE', `/me/push/subscriptions/${deviceId}`, ravi.idToken)).status).toBe(404);
    expect(((await api('GET', '/me/push/choices', asha.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices).toBe(1);

    // Ravi signs in on the same browser and turns push on: it is his now, not Asha's as well.
    await api('PUT', '/me/push/subscriptions', ravi.idToken, browser);
    expect(((await api('GET', '/me/push/choices', asha.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices).toBe(0);
    expect(((await api('GET', '/me/push/choices', ravi.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices).toBe(1);
    expect((await api('DELETE', `/me/push/subscriptions/${deviceId}`, ravi.idToken)).body).toEqual({ deviceId, subscribed: false });
    expect(((await api('GET', '/me/push/choices', ravi.idToken)).body as ApiAnswer<'GET /me/push/choices'>).devices).toBe(0);
  });

  it('exports the reader\'s devices without their keys, and forgets devices and choices with the account', async () => {
    const reader = await signedUpReader('Leaving Reader');
    const userId = await userIdOf(reader);
    const browser = await newBrowserSubscription();
    await api('PUT', '/me/push/subscriptions', reader.idToken, browser);
    await api('PUT', '/me/push/choices', reader.idToken, { stories: false });
    const exported = (await api('GET', '/me/export', reader.idToken)).body as { pushDevices: unknown[]; pushChoices: { stories: boolean } };
    expect(exported.pushDevices).toEqual([{ deviceId: createHash('sha256').update(browser.endpoint).digest('base64url'), pushService: pushService(), createdAt: expect.any(String) }]);
    expect(exported.pushChoices.stories).toBe(false);
    expect(JSON.stringify(exported)).not.toContain(browser.keys.auth);

    expect((await api('DELETE', '/me', reader.idToken)).status).toBe(200);
    const { pushSubscriptionsOf, getPushChoices } = await import('#store/push-subscriptions.ts');
    expect(await pushSubscriptionsOf(userId)).toEqual([]);
    expect((await getPushChoices(userId)).stories).toBe(true);
  });

  it('answers bad subscriptions and choices with a 400 that says what is wrong', async () => {
    const reader = await signedUpReader('Careful Reader');
    const browser = await newBrowserSubscription();
    const cases: Array<[unknown, RegExp]> = [
      [{ ...browser, endpoint: 'https://attacker.example/collect' }, /push service/],
      [{ ...browser, endpoint: 'http://169.254.169.254/latest' }, /push service/],
      [{ ...browser, keys: { ...browser.keys, p256dh: 'abc' } }, /p256dh/],
      [{ ...browser, keys: { ...browser.keys, auth: Buffer.alloc(8).toString('base64url') } }, /auth/],
      [{ endpoint: browser.endpoint }, /keys/],
      ['not an object', /Invalid body/],
    ];
    for (const [body, message] of cases) {
      const answer = await api('PUT', '/me/push/subscriptions', reader.idToken, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(answer.body)).toMatch(message);
    }
    for (const body of [{ quietHours: { from: 24, to: 7 } }, { quietHours: { from: 1.5, to: 7 } }, { breaking: 'yes' }, { everything: true }]) {
      const answer = await api('PUT', '/me/push/choices', reader.idToken, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api('DELETE', '/me/push/subscriptions/not-a-device', reader.idToken)).status).toBe(400);
    const saved = await api('PUT', '/me/push/choices', reader.idToken, { categories: false, quietHours: { from: 23, to: 6 } });
    expect((saved.body as ApiAnswer<'PUT /me/push/choices'>).choices).toEqual({ breaking: true, categories: false, topics: true, stories: true, quietHours: { from: 23, to: 6 } });
  });
});
