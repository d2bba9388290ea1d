import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { localSettings } from '../../lib/local/settings.ts';
import type { FaultPlan, FaultStats } from '../../lib/local/faults.ts';
import { anotherClient, answerBody, api, apiFrom, local, signedInUser, useLocalAws } from '../support/aws.ts';
import { mailsTo } from '../support/inbox.ts';

/**
 * Chaos for money and the reader's writes (issue #35): the fault injector in front of every stand-in
 * (lib/local/faults.ts, docs/faults.md) fails the calls the functions make, and each flow must either be
 * applied exactly once or answer 503 retryable; after the faults clear, every total equals a recount.
 * The last part walks a donation's webhook and checkout verification as if the Lambda were killed at each
 * await in turn, then redelivers as Razorpay (or the browser) does, and checks it completes once.
 */
const { razorpay: keys } = localSettings();

type Summary = ApiAnswer<'GET /donations/summary'>;
type Order = ApiAnswer<'POST /donations'>;
type OrderView = ApiAnswer<'GET /donations/orders/{orderId}'>;
interface Answer {
  status: number;
  body: unknown;
}

// ---- the fault injector's control port ----

async function setFaultPlan(plan: FaultPlan): Promise<void> {
  const response = await fetch(local().urls.faults, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(plan) });
  if (!response.ok) throw new Error(`PUT /faults answered ${response.status}: ${await response.text()}`);
}
async function clearFaultPlan(): Promise<void> {
  await fetch(local().urls.faults, { method: 'DELETE' });
}
async function resetFaultCounts(): Promise<void> {
  await fetch(`${local().urls.faults}/reset-counts`, { method: 'POST' });
}
async function faultStats(): Promise<FaultStats> {
  return (await (await fetch(local().urls.faults)).json()) as FaultStats;
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A 5xx must be the busy answer: 503, Retry-After, retryable; never a 500. */
function expectBusyOrOk(answer: Answer & { headers?: Headers }, what: string): void {
  if (answer.status < 500) return;
  expect(answer, what).toMatchObject({ status: 503, body: { retryable: true, message: 'We are busy for a moment - please try again in a few seconds' } });
  if (answer.headers) expect(answer.headers.get('retry-after'), what).toBe('2');
}

// ---- donations ----

const summary = async () => (await api('GET', '/donations/summary')).body as Summary;
const orderView = async (orderId: string) => (await api('GET', `/donations/orders/${orderId}`)).body as OrderView;
const moved = (before: Summary, after: Summary) => ({
  totalRaised: after.totalRaised - before.totalRaised,
  donations: after.donations - before.donations,
  supporters: after.supporters - before.supporters,
  monthRaised: after.monthRaised - before.monthRaised,
});
const receiptsTo = async (email: string) => (await mailsTo(local().urls.mail, email)).filter((mail) => mail.subject.startsWith('Receipt')).length;

/** POST /donations from its own address (the route allows 30 orders per client an hour; other files spend 127.0.0.1's). */
async function createOrder(body: Record<string, unknown>): Promise<Order> {
  const answer = await apiFrom(anotherClient(), 'POST', '/donations', body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Order;
}

/** A captured payment of the order and its webhook, signed as Razorpay signs it; re-posting it is Razorpay's redelivery. */
function capturedWebhook(order: Order, paymentId = `pay_${randomBytes(7).toString('hex')}`) {
  const payment = { id: paymentId, entity: 'payment', order_id: order.order_id, amount: order.amount, currency: 'INR', status: 'captured' };
  const body = JSON.stringify({ entity: 'event', event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: payment } }, created_at: Math.floor(Date.now() / 1000) });
  const eventId = `evt_${randomBytes(8).toString('hex')}`;
  const signature = createHmac('sha256', keys.webhookSecret).update(body).digest('hex');
  const deliver = async (): Promise<Answer & { headers: Headers }> => {
    const response = await fetch(`${local().urls.api}/donations/webhooks/razorpay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': eventId },
      body,
    });
    return { status: response.status, body: await answerBody(response), headers: response.headers };
  };
  return { payment, deliver };
}

/** Delivers until a 2xx, as Razorpay does; every non-2xx must be the busy answer. */
async function deliverUntilAccepted(deliver: () => Promise<Answer & { headers?: Headers }>, what: string, tries = 12): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let attempt = 0; attempt < tries; attempt += 1) {
    const answer = await deliver();
    answers.push(answer);
    expectBusyOrOk(answer, `${what}, delivery ${attempt + 1}`);
    if (answer.status < 300) return answers;
    await sleep(50);
  }
  throw new Error(`${what}: not accepted after ${tries} deliveries: ${JSON.stringify(answers.map((answer) => answer.status))}`);
}

/** Checks the donation counted exactly once in every total and its receipt mailed exactly once. */
async function expectCountedOnce(before: Summary, order: Order, email: string, what: string): Promise<void> {
  expect(moved(before, await summary()), what).toEqual({ totalRaised: order.amount, donations: 1, supporters: 1, monthRaised: order.amount });
  const view = await orderView(order.order_id);
  expect(view, what).toMatchObject({ status: 'completed', receipt_sent: true, receipt_pending: false });
  expect(await receiptsTo(email), `${what}: receipts`).toBe(1);
}

const uniqueEmail = (label: string) => `chaos-${label}-${randomBytes(4).toString('hex')}@example.com`;

beforeAll(() => {
  useLocalAws();
});
afterEach(async () => {
  await clearFaultPlan();
});
afterAll(async () => {
  await clearFaultPlan();
});

describe('donations under faults', () => {
  it('answers a checkout whose Razorpay order fails 503 retryable, leaves nothing counted, and the same checkout succeeds once the fault clears', async () => {
    const before = await summary();
    const email = uniqueEmail('order');
    const request = { amount: 15_000, currency: 'INR', donor_name: 'Chaos Donor', donor_email: email, is_anonymous: false, donation_type: 'one-time' };
    for (const fault of ['server-error', 'throttle', 'timeout'] as const) {
      await setFaultPlan({ rules: [{ service: 'razorpay', operations: ['CreateOrder'], fault, holdMs: 300 }] });
      const answer = await apiFrom(anotherClient(), 'POST', '/donations', request);
      expect(answer, `CreateOrder ${fault}`).toMatchObject({ status: 503, body: { retryable: true } });
    }
    await clearFaultPlan();
    expect(moved(before, await summary())).toEqual({ totalRaised: 0, donations: 0, supporters: 0, monthRaised: 0 });

    const order = await createOrder(request);
    const paid = await fetch(`${local().urls.razorpay}/checkout/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: order.order_id, outcome: 'success' }) });
    const verified = await api('POST', '/donations/verifications', undefined, await paid.json());
    expect(verified).toMatchObject({ status: 200, body: { status: 'completed' } });
    // The stand-in's own webhooks (payment.captured, order.paid) arrive too, and count nothing more.
    await expect.poll(async () => (await orderView(order.order_id)).receipt_sent, { timeout: 10_000 }).toBe(true);
    await sleep(1200);
    await expectCountedOnce(before, order, email, 'the checkout after the fault cleared');
  });

  it('counts a webhook once when its transaction is cancelled (TransactionConflict) and Razorpay redelivers', async () => {
    const email = uniqueEmail('conflict');
    const order = await createOrder({ amount: 21_000, donor_name: 'Conflict Donor', donor_email: email });
    const before = await summary();
    const { deliver } = capturedWebhook(order);
    // More cancellations than the client's and the store's retries of a conflicted transaction: the first deliveries fail.
    await setFaultPlan({ rules: [{ service: 'dynamodb', operations: ['TransactWriteItems'], fault: 'transaction-cancelled', times: 30 }] });
    const answers = await deliverUntilAccepted(deliver, 'cancelled transactions');
    expect(answers[0]?.status, 'the first delivery meets every cancellation').toBe(503);
    await clearFaultPlan();
    expect((await deliver()).body).toMatchObject({ status: 'duplicate' });
    await expectCountedOnce(before, order, email, 'after cancelled transactions');
  });

  it('counts a webhook once when DynamoDB answers are lost (the write happened, the retry repeats it)', async () => {
    const results: string[] = [];
    for (const seed of [3, 11, 29]) {
      const email = uniqueEmail(`lost-${seed}`);
      const order = await createOrder({ amount: 12_300 + seed * 100, donor_name: `Lost ${seed}`, donor_email: email });
      const before = await summary();
      const { deliver } = capturedWebhook(order);
      await setFaultPlan({ seed, rules: [{ service: 'dynamodb', fault: 'lost-response', rate: 0.5 }] });
      const answers = await deliverUntilAccepted(deliver, `lost responses, seed ${seed}`);
      const { injected } = await faultStats();
      await clearFaultPlan();
      results.push(`seed ${seed}: ${answers.map((answer) => answer.status).join(',')} injected ${JSON.stringify(injected)}`);
      await expect.poll(async () => (await orderView(order.order_id)).receipt_sent, { timeout: 5000 }).toBe(true);
      await expectCountedOnce(before, order, email, `lost responses, seed ${seed}`);
    }
    console.log(`lost-response webhook deliveries:\n  ${results.join('\n  ')}`);
  });
});

// ---- the reader's like, save and view ----

interface ArticleFigures {
  likesCount?: number;
  bookmarksCount?: number;
  viewsCount?: number;
}

describe("the reader's like, save and view under 25 % DynamoDB faults", () => {
  it('applies each request once or answers 503 retryable; after the faults clear every tally equals a recount', async () => {
    const { items } = (await (await fetch(`${local().urls.api}/articles?limit=6`)).json()) as ApiAnswer<'GET /articles'>;
    const articles = items.slice(0, 4).map((item) => item.id);
    expect(articles).toHaveLength(4);
    const readers = await Promise.all([signedInUser(), signedInUser(), signedInUser()]);
    const { getPublicArticleItem } = await import('#store/article-tallies.ts');
    const figures = async (id: string) => (await getPublicArticleItem(id)) as ArticleFigures;
    const before = new Map(await Promise.all(articles.map(async (id) => [id, await figures(id)] as const)));
    const viewers = Array.from({ length: 4 }, () => anotherClient());

    type Request = { what: string; send: () => Promise<Answer & { headers?: Headers }> };
    const requests: Request[] = [];
    for (const reader of readers) {
      for (const id of articles) {
        requests.push({ what: `like ${id}`, send: () => api('PUT', `/me/likes/${id}`, reader.idToken) });
        requests.push({ what: `save ${id}`, send: () => api('PUT', `/me/bookmarks/${id}`, reader.idToken) });
      }
    }
    for (const viewer of viewers) for (const id of articles) requests.push({ what: `view ${id}`, send: () => apiFrom(viewer, 'POST', `/articles/${id}/views`) });

    await resetFaultCounts();
    await setFaultPlan({
      seed: 35,
      rules: [
        { service: 'dynamodb', operations: ['TransactWriteItems'], fault: 'transaction-cancelled', rate: 0.12 },
        { service: 'dynamodb', fault: 'lost-response', rate: 0.1 },
        { service: 'dynamodb', fault: 'throttle', rate: 0.08 },
        { service: 'dynamodb', fault: 'server-error', rate: 0.06 },
      ],
    });
    const refused: Request[] = [];
    // Each request twice, as a double click or an impatient reader sends it: a repeat must never count again.
    for (let round = 0; round < 2; round += 1) {
      await Promise.all([0, 1, 2, 3].map(async (lane) => {
        for (let index = lane; index < requests.length; index += 4) {
          const request = requests[index] as Request;
          const answer = await request.send();
          expectBusyOrOk(answer, request.what);
          expect([200, 202, 503], `${request.what}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
          if (answer.status === 503 && round === 1) refused.push(request);
        }
      }));
    }
    const stats = await faultStats();
    await clearFaultPlan();
    const injected = Object.values(stats.injected).reduce((sum, count) => sum + count, 0);
    const calls = Object.entries(stats.calls).filter(([key]) => key.startsWith('dynamodb.')).reduce((sum, [, count]) => sum + count, 0);
    console.log(`reader writes under faults: ${requests.length * 2} requests, ${refused.length} still refused (503) in round 2, DynamoDB ${injected}/${calls} calls failed: ${JSON.stringify(stats.injected)}`);
    expect(injected).toBeGreaterThan(0);
    // What the client does with a 503: tries again once the faults have cleared.
    for (const request of refused) expect((await request.send()).status, request.what).toBeLessThan(300);

    // The recount: every reader likes and saves every article, and each viewer viewed each once today.
    for (const reader of readers) {
      const relations = (await api('GET', '/me/relations', reader.idToken)).body as { bookmarks: string[]; likes: string[] };
      expect(new Set(relations.likes)).toEqual(new Set(articles));
      expect(new Set(relations.bookmarks)).toEqual(new Set(articles));
      const entries = ((await api('GET', '/me/activity', reader.idToken)).body as ApiAnswer<'GET /me/activity'>).recent;
      for (const kind of ['like', 'bookmark']) {
        for (const id of articles) expect(entries.filter((entry) => entry.actionType === kind && entry.resourceId === id), `${kind} ${id} in the activity`).toHaveLength(1);
      }
    }
    // Views move from the tally into the article in the background (fold-tallies): article + tally is exact throughout.
    await sleep(1500);
    for (const id of articles) {
      const was = before.get(id) as ArticleFigures;
      const now = await figures(id);
      expect({ likes: (now.likesCount ?? 0) - (was.likesCount ?? 0), saves: (now.bookmarksCount ?? 0) - (was.bookmarksCount ?? 0), views: (now.viewsCount ?? 0) - (was.viewsCount ?? 0) }, id).toEqual({
        likes: readers.length,
        saves: readers.length,
        views: viewers.length,
      });
    }
  });
});

// ---- the crash walk ----

interface WalkCase {
  order: Order;
  email: string;
  deliver: () => Promise<Answer & { headers?: Headers }>;
  /** What Razorpay sends anyway for this payment (its webhook), redelivered until a 2xx. */
  webhook: () => Promise<Answer & { headers?: Headers }>;
}

/** A donation of `amount` made through the API, and its captured payment's webhook. */
async function webhookCase(amount: number): Promise<WalkCase> {
  const email = uniqueEmail('walk');
  const order = await createOrder({ amount, donor_name: 'Walk Donor', donor_email: email });
  const { deliver } = capturedWebhook(order);
  return { order, email, deliver, webhook: deliver };
}

/**
 * A donation whose captured payment is in the Razorpay stand-in and whose checkout result the browser posts:
 * the order is made at the stand-in first, so the stand-in's own webhooks find no donation (unknown-order) and
 * count nothing; then the donation is recorded for it, as POST /donations records it.
 */
async function checkoutCase(amount: number): Promise<WalkCase> {
  const email = uniqueEmail('verify');
  const auth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const made = (await (await fetch(`${local().urls.razorpay}/v1/orders`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify({ amount, currency: 'INR', receipt: 'walk' }) })).json()) as { id: string };
  const paid = await fetch(`${local().urls.razorpay}/checkout/pay`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ order_id: made.id, outcome: 'success' }) });
  const result = (await paid.json()) as { razorpay_payment_id: string };
  // The stand-in's payment.captured and order.paid go out now and find no donation yet.
  await sleep(700);
  const { createDonation } = await import('#store/donations.ts');
  await createDonation({ amount, razorpayOrderId: made.id, donorName: 'Verify Donor', donorEmail: email });
  const order = { order_id: made.id, amount, currency: 'INR' } as Order;
  const deliver = () => api('POST', '/donations/verifications', undefined, result);
  return { order, email, deliver, webhook: capturedWebhook(order, result.razorpay_payment_id).deliver };
}

/** The claim a killed sender left, made older than the lease: what waiting out RECEIPT_CLAIM_SECONDS does. */
async function lapseReceiptClaim(orderId: string): Promise<boolean> {
  const { Donation, findDonationByOrder } = await import('#store/donations.ts');
  const donation = await findDonationByOrder(orderId);
  if (!donation?.receiptClaimedAt || donation.receiptSentAt) return false;
  await Donation.patch({ id: donation.id }).set({ receiptClaimedAt: '2000-01-01T00:00:00.000Z' }).go();
  return true;
}

interface WalkRow {
  flow: string;
  variant: string;
  k: number;
  abortedAt: string;
  first: number;
  redeliveries: number;
  lapsed: boolean;
  receipts: number;
}

async function walk(flow: string, prepare: (amount: number) => Promise<WalkCase>, rows: WalkRow[]): Promise<void> {
  // One clean delivery: how many calls it makes, and that it completes.
  const clean = await prepare(10_000);
  const base = await summary();
  await resetFaultCounts();
  expect((await clean.deliver()).status).toBe(200);
  const calls = Object.entries((await faultStats()).calls).filter(([key]) => /^(dynamodb|ses|razorpay)\./.test(key)).reduce((sum, [, count]) => sum + count, 0);
  if (flow === 'verify') await deliverUntilAccepted(clean.webhook, 'clean webhook');
  await expectCountedOnce(base, clean.order, clean.email, `${flow} clean`);
  for (const variant of ['reset', 'lost-response'] as const) {
    for (let k = 0; k < calls; k += 1) {
      const amount = 10_000 + (rows.length + 1) * 100;
      const step = await prepare(amount);
      const before = await summary();
      await resetFaultCounts();
      await setFaultPlan({
        rules: variant === 'reset'
          ? [{ service: '*', fault: 'reset', after: k }]
          : [{ service: '*', fault: 'lost-response', after: k, times: 1 }, { service: '*', fault: 'reset', after: k }],
      });
      const first = await step.deliver();
      const { journal } = await faultStats();
      await clearFaultPlan();
      const where = `${flow} ${variant} k=${k}`;
      expectBusyOrOk(first, where);
      // Razorpay (or the donor's browser) again, until a 2xx; a receipt claimed by the killed call waits out its lease.
      let redeliveries = 0;
      let lapsed = false;
      for (;;) {
        const answer = await step.deliver();
        redeliveries += 1;
        expectBusyOrOk(answer, `${where}, redelivery ${redeliveries}`);
        if (answer.status < 300) break;
        if (redeliveries >= 2 && !lapsed) lapsed = await lapseReceiptClaim(step.order.order_id);
        if (redeliveries > 6) throw new Error(`${where}: redeliveries keep failing: ${JSON.stringify(answer)}`);
      }
      // The payment's webhook comes too (Razorpay sends it whatever the browser did): it finishes a receipt the checkout could not.
      if (flow === 'verify') {
        const sent = async () => (await orderView(step.order.order_id)).receipt_sent;
        for (let attempt = 0; attempt < 6 && !(await sent()); attempt += 1) {
          const answer = await step.webhook();
          expectBusyOrOk(answer, `${where}, webhook`);
          if (answer.status >= 300 && !lapsed) lapsed = await lapseReceiptClaim(step.order.order_id);
        }
      }
      const receipts = await receiptsTo(step.email);
      const abortedAt = journal[0] ? `${journal[0].service}.${journal[0].operation}` : '(none)';
      rows.push({ flow, variant, k, abortedAt, first: first.status, redeliveries, lapsed, receipts });
      expect(moved(before, await summary()), where).toEqual({ totalRaised: amount, donations: 1, supporters: 1, monthRaised: amount });
      expect(await orderView(step.order.order_id), where).toMatchObject({ status: 'completed', receipt_sent: true, receipt_pending: false });
      // SES takes no idempotency key: only a call killed after SES accepted the mail and before its mark was durable sends it twice.
      const sesWindow = journal[0] && ((variant === 'lost-response' && journal[0].operation === 'SendEmail') || (variant === 'reset' && lapsed));
      if (sesWindow) expect(receipts, `${where}: receipts`).toBeLessThanOrEqual(2);
      else expect(receipts, `${where}: receipts`).toBe(1);
    }
  }
}

describe('crash walk of a donation', () => {
  it('kills the webhook and the checkout verification at each call in turn; the next delivery completes, counted once, receipt once', async () => {
    const rows: WalkRow[] = [];
    await walk('webhook', webhookCase, rows);
    await walk('verify', checkoutCase, rows);
    console.log(`abort points walked:\n${['flow     variant        k  aborted at                          first  redeliv  lapsed  receipts', ...rows.map((row) => `${row.flow.padEnd(8)} ${row.variant.padEnd(14)} ${String(row.k).padStart(2)}  ${row.abortedAt.padEnd(35)} ${String(row.first).padStart(5)}  ${String(row.redeliveries).padStart(7)}  ${String(row.lapsed).padEnd(6)}  ${row.receipts}`)].join('\n')}`);
  });
});
