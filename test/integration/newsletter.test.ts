import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { api, httpEvent, lambdaContext, local, signedUpReader, useLocalAws } from '../support/aws.ts';
import { mailsTo, waitForMail, type InboxMail } from '../support/inbox.ts';
import { runStateMachine } from '../support/pipeline.ts';
import { withinOneWindow } from '../support/rate-windows.ts';

/**
 * The newsletter's subscriptions through the local gateway: double opt-in by a signed link in the local
 * inbox, no enumeration and no changes to another person's subscription, one-click unsubscribe, the
 * signed-in reader's subscription by their verified e-mail.
 */
const linkToken = (mail: InboxMail, path: string) => {
  const match = new RegExp(`${path}\\?token=([^"\\s]+)`).exec(mail.body.text ?? '');
  if (!match?.[1]) throw new Error(`No ${path} link in "${mail.subject}"`);
  return decodeURIComponent(match[1]);
};

beforeAll(() => {
  useLocalAws();
});

describe('newsletter subscriptions', () => {
  it('subscribes only after the mailed link is followed, with the preferences chosen', async () => {
    const email = `news-${Date.now()}@example.com`;
    const asked = await api('POST', '/newsletter/subscriptions', undefined, { email: ` ${email.toUpperCase()} `, frequency: 'daily', topics: ['creator-economy', 'platform-updates'] });
    expect(asked).toMatchObject({ status: 202, body: { needsVerification: true, message: 'Please check your email to verify your subscription' } });
    const { getSubscriber } = await import('#store/subscribers.ts');
    expect(await getSubscriber(email)).toMatchObject({ isVerified: false, isActive: false });

    const mail = await waitForMail(local().urls.mail, email, /Confirm your Creator News Hub newsletter/);
    expect(mail.body.text).toContain('Daily Digest');
    const token = linkToken(mail, '/newsletter/confirm');
    const confirmed = await api('POST', '/newsletter/confirmations', undefined, { token });
    expect(confirmed).toMatchObject({ status: 200, body: { email, subscribed: true, frequency: 'daily', topics: ['creator-economy', 'platform-updates'], message: 'Successfully subscribed to newsletter!' } });
    expect(await getSubscriber(email)).toMatchObject({ isVerified: true, isActive: true, subscriptionType: 'daily' });

    // A request for an address already confirmed changes nothing until its owner follows the new link.
    expect((await api('POST', '/newsletter/subscriptions', undefined, { email, frequency: 'monthly', topics: [] })).status).toBe(202);
    expect(await getSubscriber(email)).toMatchObject({ isVerified: true, isActive: true, subscriptionType: 'daily' });
  });

  it('refuses altered or foreign links with the spec-like text, never a 500', async () => {
    for (const token of ['x'.repeat(20), 'eyJhIjoxfQ.bad-signature', `${Buffer.from(JSON.stringify({ purpose: 'confirm', email: 'v@example.com', frequency: 'daily', topics: [], expiresAt: Date.now() + 1e6 })).toString('base64url')}.AAAA`]) {
      const answer = await api('POST', '/newsletter/confirmations', undefined, { token });
      expect(answer).toMatchObject({ status: 400, body: { message: 'This link is invalid or has expired. Please subscribe again.' } });
    }
    expect((await api('POST', '/newsletter/subscriptions', undefined, { email: 'not-an-email', frequency: 'hourly' })).status).toBe(400);
  });

  it('unsubscribes by the link (RFC 8058 one-click POST included), and without one only through a mailed link', async () => {
    const email = `leave-${Date.now()}@example.com`;
    await api('POST', '/newsletter/subscriptions', undefined, { email, frequency: 'weekly', topics: [] });
    await api('POST', '/newsletter/confirmations', undefined, { token: linkToken(await waitForMail(local().urls.mail, email, /Confirm/), '/newsletter/confirm') });

    // Without a link: the answer is the same for any address, and only the owner's mailbox gets the link.
    const stranger = await api('POST', '/newsletter/unsubscribe-requests', undefined, { email: `nobody-${Date.now()}@example.com` });
    const owner = await api('POST', '/newsletter/unsubscribe-requests', undefined, { email });
    expect(owner).toEqual({ ...stranger, headers: owner.headers });
    const { getSubscriber } = await import('#store/subscribers.ts');
    expect((await getSubscriber(email))?.isActive).toBe(true);

    const token = linkToken(await waitForMail(local().urls.mail, email, /^Unsubscribe from/), '/unsubscribe');
    // A mail client's one-click POST: form body, token in the URL.
    const oneClick = await fetch(`${local().urls.api}/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect((await getSubscriber(email))?.isActive).toBe(false);
    expect((await api('POST', `/newsletter/unsubscribe?token=${encodeURIComponent(token)}`)).status).toBe(200);
  });

  it('limits confirmation mails to 3 an hour per address', async () => {
    await withinOneWindow(3600, 30);
    const email = `flood-${Date.now()}@example.com`;
    for (let count = 0; count < 3; count += 1) expect((await api('POST', '/newsletter/subscriptions', undefined, { email })).status).toBe(202);
    const fourth = await api('POST', '/newsletter/subscriptions', undefined, { email });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(local().urls.mail, email)).toHaveLength(3);

    // Someone else's unsubscribe requests for an address do not use up its owner's subscribe requests.
    const owner = `owner-${Date.now()}@example.com`;
    for (let count = 0; count < 4; count += 1) await api('POST', '/newsletter/unsubscribe-requests', undefined, { email: owner });
    expect((await api('POST', '/newsletter/subscriptions', undefined, { email: owner })).status).toBe(202);
  });

  it('lets a signed-in reader subscribe with their verified e-mail at once, change and leave', async () => {
    const reader = await signedUpReader('News Reader');
    expect((await api('GET', '/me/newsletter', reader.idToken)).body).toMatchObject({ email: reader.email, subscribed: false });
    const joined = await api('PUT', '/me/newsletter', reader.idToken, { frequency: 'monthly', topics: ['success-stories'] });
    expect(joined.body).toMatchObject({ subscribed: true, frequency: 'monthly', topics: ['success-stories'], message: 'Preferences updated successfully!' });
    expect((await api('GET', '/me/newsletter', reader.idToken)).body).toMatchObject({ subscribed: true, frequency: 'monthly' });
    expect((await api('DELETE', '/me/newsletter', reader.idToken)).body).toMatchObject({ subscribed: false });
    expect((await api('GET', '/me/newsletter')).status).toBe(401);
    expect((await api('PUT', '/me/newsletter', reader.idToken, { frequency: 'hourly' })).status).toBe(400);
  });

  it('gives a signed-in reader whose address nobody proved (an admin changed it) the mailed confirmation, not a subscription', async () => {
    // The local user pool says every address is verified after an admin's change; Cognito does not: the token's claim, as
    // API Gateway hands it over, is what the route reads.
    const email = `unproved-${Date.now()}@example.com`;
    const handler = (await import('../../lambdas/http/newsletter/newsletter.handler.ts')).handler as unknown as (event: unknown, context: unknown) => Promise<{ statusCode: number; body: string }>;
    const claims = { sub: `unproved-${Date.now()}`, email, email_verified: 'false' };
    const answer = await handler(httpEvent('PUT /me/newsletter', { body: { frequency: 'daily', topics: [] }, claims }), lambdaContext);
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ email, subscribed: false, pending: true, message: 'Please check your email to verify your subscription' });
    const { getSubscriber } = await import('#store/subscribers.ts');
    expect((await getSubscriber(email))?.isVerified ?? false).toBe(false);
    await waitForMail(local().urls.mail, email, /confirm|subscri/i);
  });
});

describe('the newsletter digest state machine, through the Step Functions API', () => {
  const runDigest = (frequency: string) => runStateMachine('newsletter', { trigger: 'test', frequency });

  it('sends each confirmed subscriber one digest of their topics with one-click unsubscribe, once however often it runs', async () => {
    const email = `digest-${Date.now()}@example.com`;
    await api('POST', '/newsletter/subscriptions', undefined, { email, frequency: 'daily', topics: ['platform-updates'] });
    await api('POST', '/newsletter/confirmations', undefined, { token: linkToken(await waitForMail(local().urls.mail, email, /Confirm/), '/newsletter/confirm') });
    const pending = `digest-pending-${Date.now()}@example.com`;
    await api('POST', '/newsletter/subscriptions', undefined, { email: pending, frequency: 'daily', topics: [] });

    const first = await runDigest('daily');
    expect(first.status).toBe('SUCCEEDED');
    const digests = async () => (await mailsTo(local().urls.mail, email)).filter((mail) => mail.subject.startsWith('Daily Digest:'));
    const [digest, ...more] = await digests();
    expect(more).toEqual([]);
    expect(digest?.body.text).toContain('Manage preferences');
    const headers = Object.fromEntries((digest?.headers ?? []).map((header) => [header.name.toLowerCase(), header.value]));
    expect(headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const oneClick = /^<(https?:\/\/[^>]+)>$/.exec(headers['list-unsubscribe'] ?? '')?.[1];
    expect(oneClick).toMatch(/\/newsletter\/unsubscribe\?token=/);
    // Only stories of the chosen topic (Platform Updates), all published and public.
    const { items } = (await api('GET', '/articles?category=platform-updates&market=all&limit=100')).body as ApiAnswer<'GET /articles'>;
    const titles = items.map((item) => item.title);
    const linked = [...(digest?.body.html ?? '').matchAll(/<h2[^>]*>\s*<a[^>]*>([^<]+)<\/a>/g)].map((match) => match[1]);
    expect(linked.length).toBeGreaterThan(0);
    for (const title of linked) expect(titles).toContain(title?.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&'));
    // Never to an address that did not confirm.
    expect((await mailsTo(local().urls.mail, pending)).filter((mail) => mail.subject.startsWith('Daily Digest:'))).toEqual([]);

    // A re-run of the same issue sends nothing new.
    expect((await runDigest('daily')).status).toBe('SUCCEEDED');
    expect(await digests()).toHaveLength(1);

    // The mail client's one-click POST unsubscribes; no later issue reaches the address.
    const unsubscribed = await fetch(oneClick ?? '', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(unsubscribed.status).toBe(200);
    const { getSubscriber } = await import('#store/subscribers.ts');
    expect((await getSubscriber(email))?.isActive).toBe(false);
    const { listDigestRecipients } = await import('#store/subscribers.ts');
    const recipients = await listDigestRecipients('daily', { limit: 1000 });
    expect(recipients.items.map((item) => item.email)).not.toContain(email);
  });

  it('suppresses an address SES reports as bounced or complained (the mailbox simulator locally): no digest, no confirmation goes there again', async () => {
    const { activateSubscription, getSubscriber } = await import('#store/subscribers.ts');
    const bounced = `bounce+digest-${Date.now()}@simulator.amazonses.com`;
    await activateSubscription(bounced, { frequency: 'daily', topics: [] });
    expect((await runDigest('daily')).status).toBe('SUCCEEDED');
    expect((await mailsTo(local().urls.mail, bounced)).filter((mail) => mail.subject.startsWith('Daily Digest:'))).toHaveLength(1);
    const suppressed = await eventually(async () => (await getSubscriber(bounced))?.suppressedAt);
    expect(await getSubscriber(bounced)).toMatchObject({ isActive: false, suppressionReason: 'bounce', suppressedAt: suppressed });

    // Subscribing again: the same answer, but no mail, and a confirmation cannot bring it back.
    const before = (await mailsTo(local().urls.mail, bounced)).length;
    expect((await api('POST', '/newsletter/subscriptions', undefined, { email: bounced, frequency: 'daily', topics: [] })).status).toBe(202);
    const { signLinkToken } = await import('../../lambdas/services/link-tokens.ts');
    const { linkSigningKey } = await import('#core/secrets.ts');
    const token = signLinkToken({ purpose: 'confirm', email: bounced, frequency: 'daily', topics: [], expiresAt: Date.now() + 60_000 }, await linkSigningKey());
    const refused = await api('POST', '/newsletter/confirmations', undefined, { token });
    expect(refused).toMatchObject({ status: 400, body: { message: 'This address cannot receive our mail (it bounced or reported spam). Please use another address.' } });
    expect((await runDigest('daily')).status).toBe('SUCCEEDED');
    expect(await mailsTo(local().urls.mail, bounced)).toHaveLength(before);

    // A complaint about the confirmation mail itself: the link in it no longer subscribes.
    const complained = `complaint+${Date.now()}@simulator.amazonses.com`;
    await api('POST', '/newsletter/subscriptions', undefined, { email: complained, frequency: 'weekly', topics: [] });
    const confirmation = await waitForMail(local().urls.mail, complained, /Confirm/);
    await eventually(async () => (await getSubscriber(complained))?.suppressedAt);
    expect(await getSubscriber(complained)).toMatchObject({ suppressionReason: 'complaint', isVerified: false });
    expect((await api('POST', '/newsletter/confirmations', undefined, { token: linkToken(confirmation, '/newsletter/confirm') })).status).toBe(400);
  });
});

/** The value once `read` gives one (mail events arrive within a second or two), failing after 10 s. */
async function eventually<T>(read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('Nothing within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
