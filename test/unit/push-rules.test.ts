import webpush from 'web-push';
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DAILY_PUSH_CAP, DEFAULT_PUSH_CHOICES, inQuietHours, indiaHourOf, isPushServiceEndpoint, pushDayOf, pushDecision, pushMessageOf, type PushChoices } from '../../lambdas/domain/reader/push.ts';
import { breakingNotification } from '../../lambdas/domain/reader/notifications.ts';
import { decryptPush } from '../../lib/local/push-service.ts';

/** An instant given as India's wall clock (IST is UTC+05:30 all year). */
const ist = (isoLocal: string) => new Date(`${isoLocal}+05:30`);

describe('quiet hours, in India time', () => {
  it('reads the hour in IST, not UTC or the machine\'s zone', () => {
    expect(indiaHourOf(new Date('2026-03-01T16:29:00Z'))).toBe(21);
    expect(indiaHourOf(new Date('2026-03-01T16:30:00Z'))).toBe(22);
    expect(indiaHourOf(new Date('2026-06-30T18:30:00Z'))).toBe(0);
  });

  it('covers hours across midnight, from included to excluded', () => {
    const night = { from: 22, to: 7 };
    expect(inQuietHours(ist('2026-03-01T21:59:00'), night)).toBe(false);
    expect(inQuietHours(ist('2026-03-01T22:00:00'), night)).toBe(true);
    expect(inQuietHours(ist('2026-03-02T03:00:00'), night)).toBe(true);
    expect(inQuietHours(ist('2026-03-02T06:59:00'), night)).toBe(true);
    expect(inQuietHours(ist('2026-03-02T07:00:00'), night)).toBe(false);
  });

  it('covers hours within one day, and none when off or empty', () => {
    expect(inQuietHours(ist('2026-03-01T13:30:00'), { from: 13, to: 15 })).toBe(true);
    expect(inQuietHours(ist('2026-03-01T15:00:00'), { from: 13, to: 15 })).toBe(false);
    expect(inQuietHours(ist('2026-03-01T12:00:00'), { from: 13, to: 15 })).toBe(false);
    expect(inQuietHours(ist('2026-03-01T23:00:00'), null)).toBe(false);
    expect(inQuietHours(ist('2026-03-01T23:00:00'), { from: 5, to: 5 })).toBe(false);
  });

  it('counts a day from midnight in India', () => {
    expect(pushDayOf(ist('2026-03-01T23:59:00'))).toBe('2026-03-01');
    expect(pushDayOf(ist('2026-03-02T00:00:00'))).toBe('2026-03-02');
    // 20:00 UTC on the 1st is already the 2nd in India.
    expect(pushDayOf(new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
  });
});

describe('what is pushed', () => {
  const afternoon = ist('2026-03-01T15:00:00');
  const choices: PushChoices = { ...DEFAULT_PUSH_CHOICES };

  it('follows the reader\'s choice per kind; a message from the team needs none; welcome and account notices stay in the center', () => {
    expect(pushDecision('breaking', choices, afternoon, 0)).toBe('send');
    expect(pushDecision('breaking', { ...choices, breaking: false }, afternoon, 0)).toBe('switched-off');
    expect(pushDecision('categories', { ...choices, categories: false }, afternoon, 0)).toBe('switched-off');
    expect(pushDecision('topics', { ...choices, topics: false }, afternoon, 0)).toBe('switched-off');
    expect(pushDecision('stories', { ...choices, stories: false }, afternoon, 0)).toBe('switched-off');
    expect(pushDecision('message', { ...choices, breaking: false, categories: false, topics: false, stories: false }, afternoon, 0)).toBe('send');
    expect(pushDecision('welcome', choices, afternoon, 0)).toBe('not-pushed');
    expect(pushDecision('account', choices, afternoon, 0)).toBe('not-pushed');
    expect(pushDecision(undefined, choices, afternoon, 0)).toBe('not-pushed');
  });

  it('holds everything in quiet hours, breaking news included', () => {
    expect(pushDecision('breaking', choices, ist('2026-03-01T23:30:00'), 0)).toBe('quiet-hours');
    expect(pushDecision('message', choices, ist('2026-03-02T06:00:00'), 0)).toBe('quiet-hours');
    expect(pushDecision('breaking', { ...choices, quietHours: null }, ist('2026-03-01T23:30:00'), 0)).toBe('send');
  });

  it(`stops at ${DAILY_PUSH_CAP} a day`, () => {
    expect(pushDecision('breaking', choices, afternoon, DAILY_PUSH_CAP - 1)).toBe('send');
    expect(pushDecision('breaking', choices, afternoon, DAILY_PUSH_CAP)).toBe('daily-cap');
    expect(pushDecision('message', choices, afternoon, DAILY_PUSH_CAP + 3)).toBe('daily-cap');
  });

  it('opens a breaking story at its own page, and anything else at a page of the site', () => {
    const id = '0190f0e0-0000-7000-8000-000000000001';
    const breaking = breakingNotification('YouTube Shorts changes monetisation', id);
    expect(pushMessageOf({ id: 'n1', ...breaking })).toEqual({ title: 'Breaking', body: 'YouTube Shorts changes monetisation', url: `/story/youtube-shorts-changes-monetisation-${id}`, tag: 'n1', kind: 'breaking' });
    expect(pushMessageOf({ id: 'n2', title: 'Hi', message: 'x', actionUrl: 'https://elsewhere.example/', kind: 'message' }).url).toBe('/dashboard?tab=notifications');
    expect(pushMessageOf({ id: 'n3', title: 'Hi', message: 'x', actionUrl: 'javascript:alert(1)', kind: 'message' }).url).toBe('/dashboard?tab=notifications');
    expect(pushMessageOf({ id: 'n4', title: 'New', message: 'y'.repeat(1000), kind: 'categories' })).toMatchObject({ tag: 'categories' });
    expect(pushMessageOf({ id: 'n4', title: 'New', message: 'y'.repeat(1000), kind: 'categories' }).body.length).toBeLessThanOrEqual(240);
  });
});

describe('push service endpoints', () => {
  it('accepts the browsers\' push services over https, and an origin the deployment adds', () => {
    expect(isPushServiceEndpoint('https://fcm.googleapis.com/fcm/send/abc:def')).toBe(true);
    expect(isPushServiceEndpoint('https://updates.push.services.mozilla.com/wpush/v2/gAAA')).toBe(true);
    expect(isPushServiceEndpoint('https://web.push.apple.com/QO3x')).toBe(true);
    expect(isPushServiceEndpoint('https://wns2-par02p.notify.windows.com/w/?token=x')).toBe(true);
    expect(isPushServiceEndpoint('http://127.0.0.1:4713/push/x', ['http://127.0.0.1:4713'])).toBe(true);
  });

  it('refuses any other address, so the push function never posts where a reader points it', () => {
    for (const endpoint of ['http://fcm.googleapis.com/fcm/send/x', 'https://fcm.googleapis.com.evil.example/x', 'https://evilpush.apple.com.example/x', 'https://fcm.googleapis.com:8443/x', 'https://user:pw@fcm.googleapis.com/x', 'http://127.0.0.1:4713/push/x', 'not a url']) {
      expect(isPushServiceEndpoint(endpoint), endpoint).toBe(false);
    }
  });
});

describe('the push service stand-in\'s decryption (RFC 8291), written apart from the library that encrypts', () => {
  const browser = createECDH('prime256v1');
  browser.generateKeys();
  const keys = { privateKey: browser.getPrivateKey().toString('base64url'), publicKey: browser.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };

  it('decrypts what web-push encrypts for the subscription', () => {
    const { body } = webpush.generateRequestDetails({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: keys.publicKey, auth: keys.auth } }, JSON.stringify({ title: 'नमस्ते', body: 'Hello' }), { contentEncoding: 'aes128gcm' });
    expect(JSON.parse(decryptPush(body as Buffer, keys))).toEqual({ title: 'नमस्ते', body: 'Hello' });
  });

  it('refuses a body encrypted for another subscription, or altered', () => {
    const { body } = webpush.generateRequestDetails({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: keys.publicKey, auth: keys.auth } }, 'secret', { contentEncoding: 'aes128gcm' });
    const otherAuth = { ...keys, auth: randomBytes(16).toString('base64url') };
    expect(() => decryptPush(body as Buffer, otherAuth)).toThrow(/does not decrypt/);
    const altered = Buffer.from(body as Buffer);
    altered[altered.length - 20] = (altered[altered.length - 20] as number) ^ 1;
    expect(() => decryptPush(altered, keys)).toThrow(/does not decrypt/);
  });
});
