import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { localSettings } from '../../lib/local/settings.ts';
import { api, local, useLocalAws } from '../support/aws.ts';
import { mailsTo, waitForMail } from '../support/inbox.ts';
import { withinOneWindow } from '../support/rate-windows.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * Donations through the local gateway, with the Razorpay SDK talking to the local stand-in: orders,
 * the checkout's signed result, the signed webhook (the source of truth), totals moved once per payment.
 */
const { razorpay: keys } = localSettings();

type Summary = ApiAnswer<'GET /donations/summary'>;
type Order = ApiAnswer<'POST /donations'>;
interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

const summary = async () => (await api('GET', '/donations/summary')).body as Summary;
const orderStatus = async (orderId: string) => ((await api('GET', `/donations/orders/${orderId}`)).body as ApiAnswer<'GET /donations/orders/{orderId}'>).status;

async function createOrder(body: Record<string, unknown>): Promise<Order> {
  const answer = await api('POST', '/donations', undefined, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Order;
}

/** What the test checkout does when the donor presses Pay (or Fail): the stand-in makes the payment and sends the webhooks. */
async function payAtCheckout(orderId: string, outcome: 'success' | 'failure' = 'success'): Promise<{ status: number; body: CheckoutResult }> {
  const response = await fetch(`${local().urls.razorpay}/checkout/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: orderId, outcome }) });
  return { status: response.status, body: (await response.json()) as CheckoutResult };
}

/** A webhook signed as Razorpay signs it (X-Razorpay-Signature: HMAC-SHA256 of the raw body); refunds and disputes carry their entity beside the payment. */
async function sendWebhook(event: string, payment: Record<string, unknown>, eventId: string, secret = keys.webhookSecret, extra: Record<string, unknown> = {}) {
  const body = webhookBody(event, payment, extra);
  const response = await fetch(`${local().urls.api}/donations/webhooks/razorpay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', secret).update(body).digest('hex'), 'x-razorpay-event-id': eventId },
    body,
  });
  return { status: response.status, body: (await response.json()) as { status?: string; message?: string } };
}

function webhookBody(event: string, payment: Record<string, unknown>, extra: Record<string, unknown> = {}): string {
  const payload = { payment: { entity: payment }, ...Object.fromEntries(Object.entries(extra).map(([name, entity]) => [name, { entity }])) };
  return JSON.stringify({ entity: 'event', event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000) });
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)} after 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const moved = (before: Summary, after: Summary) => ({
  totalRaised: after.totalRaised - before.totalRaised,
  donations: after.donations - before.donations,
  supporters: after.supporters - before.supporters,
  monthRaised: after.monthRaised - before.monthRaised,
});

beforeAll(() => {
  useLocalAws();
  // For the functions this file runs in its own process (settings are read once, at first import).
  Object.assign(process.env, { RAZORPAY_KEY_ID: keys.keyId, RAZORPAY_KEY_SECRET: keys.keySecret, RAZORPAY_WEBHOOK_SECRET: keys.webhookSecret });
});

describe('donations', () => {
  it('refuses amounts outside 1 to 50,000 rupees and bad fields with the spec\'s texts, never a 500', async () => {
    const cases: Array<[unknown, string]> = [
      [0, 'Please enter a valid donation amount'],
      ['abc', 'Please enter a valid donation amount'],
      [-100, 'Please enter a valid donation amount'],
      [1250, 'Please enter a valid donation amount'],
      [null, 'Please enter a valid donation amount'],
      [5_000_100, 'Maximum donation amount is ₹50,000'],
    ];
    for (const [amount, message] of cases) {
      const answer = await api('POST', '/donations', undefined, { amount, currency: 'INR' });
      expect(answer, `amount ${String(amount)}`).toMatchObject({ status: 400, body: { message } });
    }
    expect((await api('POST', '/donations', undefined, { amount: 10_000, message: 'x'.repeat(501) })).status).toBe(400);
    expect((await api('POST', '/donations', undefined, { amount: 10_000, currency: 'USD' })).status).toBe(400);
    expect((await api('POST', '/donations', undefined, { amount: 10_000, donor_email: 'not-mail' })).status).toBe(400);
    expect((await api('GET', '/donations/orders/not-an-order')).status).toBe(400);
    expect((await api('GET', '/donations/orders/order_DoesNotExist1')).status).toBe(404);
  });

  it('counts a ₹250 checkout once: verified on the server against Razorpay, totals, supporters and the month move by exactly 250, a receipt is mailed', async () => {
    const before = await summary();
    const email = `donor-${Date.now()}@example.com`;
    const order = await createOrder({ amount: 25_000, currency: 'INR', donor_name: 'Asha Rao', donor_email: email, message: 'Keep it up!', is_anonymous: false, donation_type: 'one-time' });
    expect(order).toMatchObject({ key_id: keys.keyId, amount: 25_000, currency: 'INR' });
    expect(order.order_id).toMatch(/^order_/);
    expect(await orderStatus(order.order_id)).toBe('pending');

    const paid = await payAtCheckout(order.order_id);
    expect(paid.status).toBe(200);
    const verified = await api('POST', '/donations/verifications', undefined, paid.body);
    expect(verified).toMatchObject({ status: 200, body: { status: 'completed', order_id: order.order_id } });
    expect(await api('GET', `/donations/orders/${order.order_id}`)).toMatchObject({
      status: 200,
      body: { status: 'completed', amount: 25_000, currency: 'INR', donation_type: 'one-time', message: 'Keep it up!' },
    });
    // Whichever call counted the payment (this one, or the stand-in's webhook that may have come first) mails the
    // receipt; until it has gone the order says so (the success page's "on its way").
    await expect.poll(async () => (await api('GET', `/donations/orders/${order.order_id}`)).body, { timeout: 10_000 }).toMatchObject({ receipt_sent: true, receipt_pending: false });
    // The stand-in's webhooks (payment.captured, order.paid) arrive too; they count nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const after = await summary();
    expect(moved(before, after)).toEqual({ totalRaised: 25_000, donations: 1, supporters: 1, monthRaised: 25_000 });
    expect(after.recentSupporters[0]).toMatchObject({ name: 'Asha Rao', amount: 25_000, message: 'Keep it up!' });
    expect(after.goalPercent).toBe(Math.floor((after.monthRaised / after.monthlyGoal) * 100));

    const receipt = await waitForMail(local().urls.mail, email, /^Receipt for your ₹250 donation/);
    expect(receipt.body.text).toContain(paid.body.razorpay_payment_id);
    expect(receipt.body.html).toContain('Thank you for your generous donation!');
    expect((await mailsTo(local().urls.mail, email)).filter((mail) => mail.subject.startsWith('Receipt'))).toHaveLength(1);

    // The same donor again: one more donation, not one more supporter.
    const again = await createOrder({ amount: 10_000, donor_name: 'Asha Rao', donor_email: email });
    await api('POST', '/donations/verifications', undefined, (await payAtCheckout(again.order_id)).body);
    expect(moved(after, await summary())).toEqual({ totalRaised: 10_000, donations: 1, supporters: 0, monthRaised: 10_000 });
  });

  it('refuses a forged checkout signature and a forged webhook with 400, counting nothing', async () => {
    const before = await summary();
    const order = await createOrder({ amount: 50_000 });
    const forged = { razorpay_order_id: order.order_id, razorpay_payment_id: 'pay_ForgedPayment01', razorpay_signature: randomBytes(32).toString('hex') };
    expect(await api('POST', '/donations/verifications', undefined, forged)).toMatchObject({ status: 400, body: { message: 'Payment verification failed. Please contact support.' } });
    // A signature made with a guessed key, over the right values, is as useless.
    const guessed = createHmac('sha256', 'guessed-secret').update(`${order.order_id}|pay_ForgedPayment01`).digest('hex');
    expect((await api('POST', '/donations/verifications', undefined, { ...forged, razorpay_signature: guessed })).status).toBe(400);
    expect((await api('POST', '/donations/verifications', undefined, { razorpay_order_id: order.order_id })).status).toBe(400);

    const payment = { id: 'pay_ForgedPayment01', order_id: order.order_id, amount: 50_000, currency: 'INR', status: 'captured' };
    expect(await sendWebhook('payment.captured', payment, 'evt_forged_1', 'not-the-webhook-secret')).toMatchObject({ status: 400 });
    const unsigned = await fetch(`${local().urls.api}/donations/webhooks/razorpay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ event: 'payment.captured' }) });
    expect(unsigned.status).toBe(400);

    expect(await orderStatus(order.order_id)).toBe('pending');
    expect(moved(before, await summary())).toEqual({ totalRaised: 0, donations: 0, supporters: 0, monthRaised: 0 });
  });

  it('counts a webhook delivered twice once, and a payment whose browser never came back', async () => {
    const order = await createOrder({ amount: 100_000, donor_name: 'Webhook Only', is_anonymous: true });
    const before = await summary();
    const payment = { id: `pay_${randomBytes(7).toString('hex')}`, order_id: order.order_id, amount: 100_000, currency: 'INR', status: 'captured' };
    expect(await sendWebhook('payment.captured', payment, 'evt_twice_1')).toMatchObject({ status: 200, body: { status: 'counted' } });
    expect(await sendWebhook('payment.captured', payment, 'evt_twice_1')).toMatchObject({ status: 200, body: { status: 'duplicate' } });
    expect(await sendWebhook('order.paid', payment, 'evt_twice_2')).toMatchObject({ status: 200, body: { status: 'already-counted' } });
    const after = await summary();
    expect(moved(before, after)).toEqual({ totalRaised: 100_000, donations: 1, supporters: 1, monthRaised: 100_000 });
    // Anonymous: never shown by name.
    expect(after.recentSupporters[0]).toMatchObject({ name: 'Anonymous Supporter', amount: 100_000 });

    // The donor paid and closed the tab: only the stand-in's webhook reports it.
    const silent = await createOrder({ amount: 30_000 });
    expect((await payAtCheckout(silent.order_id)).status).toBe(200);
    await eventually(() => orderStatus(silent.order_id), (status) => status === 'completed', 'the webhook-only payment');
    expect(moved(after, await summary())).toMatchObject({ totalRaised: 30_000, donations: 1 });
    expect((await summary()).recentSupporters[0]).toMatchObject({ name: 'Supporter', amount: 30_000 });
  });

  it('leaves failed payments and payments that do not match their order uncounted', async () => {
    const before = await summary();
    const failed = await createOrder({ amount: 20_000 });
    expect((await payAtCheckout(failed.order_id, 'failure')).status).toBe(400);
    await eventually(() => orderStatus(failed.order_id), (status) => status === 'failed', 'the failed payment');

    const order = await createOrder({ amount: 20_000 });
    const underpaid = { id: `pay_${randomBytes(7).toString('hex')}`, order_id: order.order_id, amount: 100, currency: 'INR', status: 'captured' };
    expect(await sendWebhook('payment.captured', underpaid, `evt_${randomBytes(6).toString('hex')}`)).toMatchObject({ status: 200, body: { status: 'mismatch' } });
    expect(await sendWebhook('payment.captured', { ...underpaid, order_id: 'order_NotOursAtAll1' }, `evt_${randomBytes(6).toString('hex')}`)).toMatchObject({ body: { status: 'unknown-order' } });
    // Signed, but the payment it carries was not captured.
    const notCaptured = { id: `pay_${randomBytes(7).toString('hex')}`, order_id: order.order_id, amount: 20_000, currency: 'INR', status: 'failed' };
    expect(await sendWebhook('payment.captured', notCaptured, `evt_${randomBytes(6).toString('hex')}`)).toMatchObject({ status: 200, body: { status: 'mismatch' } });
    // An event id no key can hold, or an event name of any size: a clear answer, never a 5xx.
    expect((await sendWebhook('payment.failed', notCaptured, 'e'.repeat(3000))).status).toBe(200);
    expect((await sendWebhook('x'.repeat(5000), notCaptured, `evt_${randomBytes(6).toString('hex')}`)).status).toBe(400);
    expect(await orderStatus(order.order_id)).toBe('failed');
    expect(moved(before, await summary())).toEqual({ totalRaised: 0, donations: 0, supporters: 0, monthRaised: 0 });
  });

  it('limits orders per client (a script cannot fill Razorpay with orders)', async () => {
    await withinOneWindow(3600, 40);
    const answers: number[] = [];
    for (let index = 0; index < 32; index += 1) answers.push((await api('POST', '/donations', undefined, { amount: 10_000 })).status);
    expect(answers).toContain(429);
    expect(answers.filter((status) => status === 200).length).toBeLessThanOrEqual(30);
  });
});

/**
 * An order as POST /donations records it, written straight to the runtime's table: these tests are about
 * the webhook, and the order limit per client (tested above) would otherwise refuse their orders.
 */
async function recordedOrder(input: { amount: number; donor_name?: string; donor_email?: string }): Promise<{ order_id: string }> {
  const { createDonation } = await import('#store/donations.ts');
  const orderId = `order_${randomBytes(7).toString('hex')}`;
  await createDonation({ amount: input.amount, razorpayOrderId: orderId, currency: 'INR', donorName: input.donor_name, donorEmail: input.donor_email });
  return { order_id: orderId };
}

describe('refunds and disputes', () => {
  const newPayment = (orderId: string, amount: number) => ({ id: `pay_${randomBytes(7).toString('hex')}`, order_id: orderId, amount, currency: 'INR', status: 'captured' });
  const refundOf = (payment: { id: string }, amount: number, id = `rfnd_${randomBytes(7).toString('hex')}`) => ({ refund: { id, payment_id: payment.id, amount, currency: 'INR', status: 'processed' } });
  const eventId = () => `evt_${randomBytes(6).toString('hex')}`;

  it('moves the totals back once for a refund after a counted payment, also when the refund arrives twice', async () => {
    // GIVEN a counted ₹500 payment
    const order = await recordedOrder({ amount: 50_000, donor_name: 'Refunded Later' });
    const payment = newPayment(order.order_id, 50_000);
    const before = await summary();
    expect((await sendWebhook('payment.captured', payment, eventId())).body.status).toBe('counted');
    expect(moved(before, await summary())).toEqual({ totalRaised: 50_000, donations: 1, supporters: 1, monthRaised: 50_000 });
    // WHEN ₹200 is refunded, and Razorpay delivers the refund again under another event id
    const partial = refundOf(payment, 20_000);
    expect((await sendWebhook('refund.processed', payment, eventId(), undefined, partial)).body.status).toBe('reversed');
    expect((await sendWebhook('refund.processed', payment, eventId(), undefined, partial)).body.status).toBe('already-reversed');
    // THEN the totals and the month lose ₹200 once; the donation still counts, with what is left
    expect(moved(before, await summary())).toEqual({ totalRaised: 30_000, donations: 1, supporters: 1, monthRaised: 30_000 });
    expect((await summary()).recentSupporters[0]).toMatchObject({ name: 'Refunded Later', amount: 30_000 });
    // WHEN the rest is refunded, THEN nothing of it is left and it no longer counts as a donation
    expect((await sendWebhook('refund.processed', payment, eventId(), undefined, refundOf(payment, 30_000))).body.status).toBe('reversed');
    expect(moved(before, await summary())).toMatchObject({ totalRaised: 0, donations: 0, monthRaised: 0 });
    expect((await summary()).recentSupporters.map((supporter) => supporter.name)).not.toContain('Refunded Later');
  });

  it('counts only what is left when the refund arrives before payment.captured, and takes nothing twice', async () => {
    const order = await recordedOrder({ amount: 40_000 });
    const payment = newPayment(order.order_id, 40_000);
    const before = await summary();
    // GIVEN a ₹100 refund that Razorpay delivered before the capture
    const early = refundOf(payment, 10_000);
    expect((await sendWebhook('refund.processed', payment, eventId(), undefined, early)).body.status).toBe('recorded-before-payment');
    expect(moved(before, await summary())).toEqual({ totalRaised: 0, donations: 0, supporters: 0, monthRaised: 0 });
    // WHEN the capture comes, and the early refund again
    expect((await sendWebhook('payment.captured', payment, eventId())).body.status).toBe('counted');
    expect((await sendWebhook('refund.processed', payment, eventId(), undefined, early)).body.status).toBe('already-reversed');
    // THEN ₹300 counted, once
    expect(moved(before, await summary())).toEqual({ totalRaised: 30_000, donations: 1, supporters: 1, monthRaised: 30_000 });

    // A payment refunded in full before its capture never counts.
    const refundedOrder = await recordedOrder({ amount: 25_000 });
    const refundedPayment = newPayment(refundedOrder.order_id, 25_000);
    const beforeFull = await summary();
    expect((await sendWebhook('refund.processed', refundedPayment, eventId(), undefined, refundOf(refundedPayment, 25_000))).body.status).toBe('recorded-before-payment');
    expect((await sendWebhook('payment.captured', refundedPayment, eventId())).body.status).toBe('counted');
    expect(moved(beforeFull, await summary())).toEqual({ totalRaised: 0, donations: 0, supporters: 0, monthRaised: 0 });
  });

  it('leaves the totals alone for an open or won dispute and subtracts a lost one once; refuses a refund of another payment', async () => {
    const order = await recordedOrder({ amount: 60_000 });
    const payment = newPayment(order.order_id, 60_000);
    expect((await sendWebhook('payment.captured', payment, eventId())).body.status).toBe('counted');
    const before = await summary();
    const dispute = { dispute: { id: `disp_${randomBytes(7).toString('hex')}`, payment_id: payment.id, amount: 60_000, status: 'open' } };
    expect((await sendWebhook('payment.dispute.created', payment, eventId(), undefined, dispute)).body.status).toBe('noted');
    expect(moved(before, await summary())).toEqual({ totalRaised: 0, donations: 0, supporters: 0, monthRaised: 0 });
    expect((await sendWebhook('payment.dispute.lost', payment, eventId(), undefined, dispute)).body.status).toBe('reversed');
    expect((await sendWebhook('payment.dispute.lost', payment, eventId(), undefined, dispute)).body.status).toBe('already-reversed');
    expect(moved(before, await summary())).toMatchObject({ totalRaised: -60_000, donations: -1, monthRaised: -60_000 });

    const other = await recordedOrder({ amount: 10_000 });
    const otherPayment = newPayment(other.order_id, 10_000);
    expect((await sendWebhook('payment.captured', otherPayment, eventId())).body.status).toBe('counted');
    const stranger = { ...otherPayment, id: 'pay_SomeoneElses1' };
    expect((await sendWebhook('refund.processed', stranger, eventId(), undefined, refundOf(stranger, 10_000))).body.status).toBe('mismatch');
  });
});

describe('receipts', () => {
  /** An SES endpoint that refuses every mail, as SES does when throttled or the account is paused. */
  async function refusingSes(): Promise<{ url: string; calls: () => number; close: () => Promise<void> }> {
    let calls = 0;
    const server = http.createServer((request, response) => {
      calls += 1;
      request.resume();
      response.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
      response.end(JSON.stringify({ message: 'Stand-in refusal: sending paused' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
  }

  it('sends a receipt whose first send failed on the retry, and the success page says it is on its way until then', async () => {
    // GIVEN the donations function, here in the test's process, whose SES refuses the first send
    const ses = await refusingSes();
    process.env.AWS_ENDPOINT_URL_SESV2 = ses.url;
    const { handler } = await import('../../lambdas/http/donations/donations.handler.ts');
    const email = `receipt-retry-${randomBytes(4).toString('hex')}@test.local`;
    const order = await recordedOrder({ amount: 15_000, donor_name: 'Retry Reader', donor_email: email });
    const payment = { id: `pay_${randomBytes(7).toString('hex')}`, order_id: order.order_id, amount: 15_000, currency: 'INR', status: 'captured' };
    const body = webhookBody('payment.captured', payment);
    const event = {
      version: '2.0',
      routeKey: 'POST /donations/webhooks/razorpay',
      rawPath: '/donations/webhooks/razorpay',
      rawQueryString: '',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': createHmac('sha256', keys.webhookSecret).update(body).digest('hex'), 'x-razorpay-event-id': `evt_${randomBytes(6).toString('hex')}` },
      requestContext: { http: { method: 'POST', path: '/donations/webhooks/razorpay', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' }, requestId: 'test', routeKey: 'POST /donations/webhooks/razorpay', stage: '$default' },
      body,
      isBase64Encoded: false,
    };
    // WHEN the payment is counted and its receipt refused
    const answer = (await handler(event as never, {} as never)) as { statusCode: number; body: string };
    await ses.close();
    expect(answer.statusCode).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ status: 'counted' });
    expect(ses.calls()).toBeGreaterThanOrEqual(1);
    // THEN the success page does not claim a receipt went out...
    const shown = (await api('GET', `/donations/orders/${order.order_id}`)).body as ApiAnswer<'GET /donations/orders/{orderId}'>;
    expect(shown.status).toBe('completed');
    if (!shown.receipt_sent) expect(shown.receipt_pending).toBe(true);
    // ...and the runtime's donation-receipts consumer sends it from the table stream
    const receipt = await waitForMail(local().urls.mail, email, /^Receipt for your ₹150 donation/);
    expect(receipt.body.text).toContain(payment.id);
    const after = await eventually(() => api('GET', `/donations/orders/${order.order_id}`), (response) => (response.body as { receipt_sent: boolean }).receipt_sent, 'the receipt recorded as sent');
    expect(after.body).toMatchObject({ receipt_sent: true, receipt_pending: false });
    expect(await mailsTo(local().urls.mail, email)).toHaveLength(1);
  });
});
