import { createHash } from 'node:crypto';
import * as z from '#domain/common/validation.ts';
import {
  checkoutResultSchema,
  DONATION_CURRENCY,
  DONATION_TEXTS,
  donationRequestSchema,
  goalPercent,
  RECENT_SUPPORTERS,
  supporterName,
} from '#domain/donations/donations.ts';
import { checkoutKeyId, checkoutSignatureIsValid, createOrder, fetchPayment, webhookSignatureIsValid } from '#adapters/razorpay.ts';
import { currentSettings } from '#store/settings.ts';
import {
  createDonation,
  donationTotals,
  findDonationByOrder,
  listRecentPaidDonations,
  markDonationFailed,
  markDonationPaid,
  newDonationId,
  paymentEventSeen,
  recordPaymentEvent,
  recordReceiptFailed,
  reverseDonationPayment,
  type DonationItem,
} from '#store/donations.ts';
import { sendDonationReceipt } from '../../services/donation-receipt.ts';
import { badRequest, HttpError, notFound } from '#core/errors.ts';
import { areaHandler, route } from '#platform/router.ts';
import { logger } from '#core/logger.ts';
import { enforceRateLimit } from '#platform/rate-limit.ts';

/** Orders per client and hour: generous for a person, a wall for a script filling Razorpay with orders. */
const ORDERS_PER_CLIENT = { limit: 30, windowSeconds: 3600 } as const;

const orderIdSchema = z.string().check(z.regex(/^order_\w{6,40}$/, DONATION_TEXTS.unableToVerify));

/** The first problem of a body, in the words the donation form shows. */
function parsed<S extends z.ZodMiniType>(schema: S, body: unknown, fallback?: string): z.infer<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw badRequest(fallback ?? result.error.issues[0]?.message ?? DONATION_TEXTS.failed, { fieldErrors: z.flattenError(result.error).fieldErrors });
}

/** Creates the Razorpay order for the amount asked (in paise) and records the donation as created. */
const create = route({ body: z.unknown() }, async ({ body, event }) => {
  await enforceRateLimit('donation-orders', ORDERS_PER_CLIENT, event);
  const request = parsed(donationRequestSchema, body);
  const id = newDonationId();
  let order;
  try {
    order = await createOrder(request.amount, DONATION_CURRENCY, id, { donation_id: id });
  } catch (error) {
    logger.error('razorpay order failed', { error: error instanceof Error ? error.message : String(error) });
    throw new HttpError(502, DONATION_TEXTS.failed);
  }
  const donorName = request.is_anonymous ? undefined : request.donor_name;
  await createDonation({
    id,
    amount: order.amount,
    currency: order.currency,
    razorpayOrderId: order.id,
    donorName,
    donorEmail: request.donor_email,
    message: request.message,
    isAnonymous: request.is_anonymous,
    donationType: request.donation_type,
  });
  return {
    key_id: await checkoutKeyId(),
    amount: order.amount,
    currency: order.currency,
    order_id: order.id,
    donation_id: id,
    prefill: { name: donorName ?? '', email: request.donor_email ?? '' },
  };
});

/**
 * Counts a payment Razorpay confirmed (once, however many times this is called for it) and mails the
 * receipt on the call that counted it. A failed send is recorded, and the donation-receipts stream
 * consumer sends it again; the success page says "on its way" until it has gone.
 */
async function settle(donation: DonationItem, paymentId: string): Promise<'counted' | 'already-counted'> {
  const paid = await markDonationPaid(donation, paymentId);
  if (!paid) return 'already-counted';
  try {
    await sendDonationReceipt(paid);
  } catch (error) {
    // The payment stands; the receipt goes out on the retry.
    logger.error('donation receipt not sent, retrying from the stream', { donationId: paid.id, error: error instanceof Error ? error.message : String(error) });
    await recordReceiptFailed(paid);
  }
  return 'counted';
}

/**
 * The checkout's handler result. The signature proves Razorpay made it for this order; the payment is then
 * read from Razorpay itself, so its amount and status come from Razorpay, never from the browser.
 */
const verify = route({ body: z.unknown() }, async ({ body }) => {
  const result = parsed(checkoutResultSchema, body, DONATION_TEXTS.verificationFailed);
  const donation = await findDonationByOrder(result.razorpay_order_id);
  if (!donation || !(await checkoutSignatureIsValid(result.razorpay_order_id, result.razorpay_payment_id, result.razorpay_signature))) {
    throw badRequest(DONATION_TEXTS.verificationFailed);
  }
  let payment;
  try {
    payment = await fetchPayment(result.razorpay_payment_id);
  } catch (error) {
    logger.error('razorpay payment fetch failed', { error: error instanceof Error ? error.message : String(error) });
    throw new HttpError(502, DONATION_TEXTS.verificationFailed);
  }
  if (payment.order_id !== donation.razorpayOrderId || payment.amount !== donation.amount || payment.currency !== donation.currency) {
    logger.warn('payment does not match its donation', { donationId: donation.id, paymentId: payment.id });
    throw badRequest(DONATION_TEXTS.verificationFailed);
  }
  if (payment.status === 'failed') throw badRequest(DONATION_TEXTS.verificationFailed);
  // Authorised but not captured yet: the payment.captured webhook counts it.
  if (payment.status !== 'captured') return { status: 'pending', order_id: donation.razorpayOrderId, payment_id: payment.id };
  await settle(donation, payment.id);
  return { status: 'completed', order_id: donation.razorpayOrderId, payment_id: payment.id };
});

const reversalEntity = z.object({ id: z.string().check(z.maxLength(100)), payment_id: z.string().check(z.maxLength(100)), amount: z.number() });

const webhookSchema = z.object({
  event: z.string().check(z.maxLength(100)),
  payload: z.object({
    payment: z.optional(z.object({ entity: z.object({ id: z.string().check(z.maxLength(100)), order_id: z.optional(z.nullable(z.string().check(z.maxLength(100)))), amount: z.number(), currency: z.string().check(z.maxLength(10)), status: z.string().check(z.maxLength(40)) }) })),
    order: z.optional(z.object({ entity: z.object({ id: z.string().check(z.maxLength(100)), amount: z.number(), currency: z.string().check(z.maxLength(10)), status: z.string().check(z.maxLength(40)) }) })),
    refund: z.optional(z.object({ entity: reversalEntity })),
    dispute: z.optional(z.object({ entity: reversalEntity })),
  }),
});

const PAYMENT_EVENTS = ['payment.captured', 'order.paid', 'payment.failed'];
/**
 * Money that leaves: a processed refund, and a dispute once lost. An open dispute may still be won (the
 * money then stays), so payment.dispute.created and .won change no total; only .lost subtracts.
 */
const REVERSAL_EVENTS = ['refund.processed', 'payment.dispute.lost'];
const DISPUTE_NOTICES = ['payment.dispute.created', 'payment.dispute.won', 'payment.dispute.closed'];

async function applyWebhook(event: z.infer<typeof webhookSchema>): Promise<{ outcome: string; orderId?: string }> {
  const payment = event.payload.payment?.entity;
  const orderId = payment?.order_id ?? event.payload.order?.entity.id;
  if (!orderId || ![...PAYMENT_EVENTS, ...REVERSAL_EVENTS, ...DISPUTE_NOTICES].includes(event.event)) return { outcome: 'ignored', orderId };
  const donation = await findDonationByOrder(orderId);
  if (!donation) return { outcome: 'unknown-order', orderId };
  if (DISPUTE_NOTICES.includes(event.event)) {
    logger.warn('donation payment disputed', { donationId: donation.id, event: event.event });
    return { outcome: 'noted', orderId };
  }
  if (REVERSAL_EVENTS.includes(event.event)) {
    const reversal = event.event === 'refund.processed' ? event.payload.refund?.entity : event.payload.dispute?.entity;
    // The reversal must be of this order's payment (once counted, the one that was counted).
    if (!reversal || !payment || reversal.payment_id !== payment.id || (donation.razorpayPaymentId && donation.razorpayPaymentId !== payment.id) || reversal.amount <= 0) {
      logger.warn('webhook reversal does not match its donation', { donationId: donation.id, event: event.event });
      return { outcome: 'mismatch', orderId };
    }
    return { outcome: await reverseDonationPayment(donation, { kind: event.event === 'refund.processed' ? 'refund' : 'dispute', id: reversal.id, amount: reversal.amount }), orderId };
  }
  if (event.event === 'payment.failed') return { outcome: (await markDonationFailed(donation)) ? 'failed' : 'ignored', orderId };
  // Counted only for a captured payment of exactly the order's amount (the signature says Razorpay sent it).
  if (!payment || payment.status !== 'captured' || payment.amount !== donation.amount || payment.currency !== donation.currency) {
    logger.warn('webhook payment does not match its donation', { donationId: donation.id, event: event.event });
    return { outcome: 'mismatch', orderId };
  }
  return { outcome: await settle(donation, payment.id), orderId };
}

/**
 * Razorpay's webhook, the source of truth: a payment whose browser never came back is counted here.
 * Signed with the webhook secret over the raw body; each event id is handled once.
 */
const webhook = route({}, async ({ event }) => {
  const raw = event.body ? (event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body) : '';
  const signature = event.headers['x-razorpay-signature'] ?? '';
  if (!raw || !/^[0-9a-f]{64}$/.test(signature) || !(await webhookSignatureIsValid(raw, signature))) throw badRequest('Invalid webhook signature');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw badRequest('Webhook body must be JSON');
  }
  const payload = parsed(webhookSchema, body, 'Unreadable webhook payload');
  // Razorpay's event ids are short (evt_...); anything else is keyed by the body's hash, so no header can make an oversized key.
  const header = event.headers['x-razorpay-event-id'] ?? '';
  const eventId = /^[\w-]{1,64}$/.test(header) ? header : createHash('sha256').update(raw).digest('hex');
  if (await paymentEventSeen(eventId)) return { status: 'duplicate' };
  const { outcome, orderId } = await applyWebhook(payload);
  await recordPaymentEvent({ eventId, event: payload.event, orderId, outcome });
  return { status: outcome };
});

/** The Donate page's figures, all from the counters kept with each payment, and the latest supporters. */
const summary = route({}, async () => {
  const [totals, recent, settings] = await Promise.all([donationTotals(), listRecentPaidDonations(RECENT_SUPPORTERS), currentSettings()]);
  return {
    currency: DONATION_CURRENCY,
    totalRaised: totals.totalRaised,
    donations: totals.donations,
    supporters: totals.supporters,
    month: totals.month,
    monthRaised: totals.monthRaised,
    // The goal is a console setting (defaults to MONTHLY_GOAL_RUPEES).
    monthlyGoal: settings.monthlyGoalRupees * 100,
    goalPercent: goalPercent(totals.monthRaised, settings.monthlyGoalRupees),
    recentSupporters: recent.map((donation) => ({
      name: supporterName(donation),
      amount: donation.amount,
      message: donation.message ?? null,
      date: donation.paidAt,
    })),
  };
});

const STATUS_SHOWN = { paid: 'completed', created: 'pending', failed: 'failed' } as const;

/** The success page's donation, by its order id; Completed only once the server has verified the payment. */
const byOrder = route({ params: z.object({ orderId: orderIdSchema }) }, async ({ params }) => {
  const donation = await findDonationByOrder(params.orderId);
  if (!donation) throw notFound(DONATION_TEXTS.unableToVerify);
  return {
    order_id: donation.razorpayOrderId,
    amount: donation.amount,
    currency: donation.currency,
    created_at: donation.createdAt,
    paid_at: donation.paidAt ?? null,
    status: STATUS_SHOWN[donation.status ?? 'created'],
    donation_type: donation.donationType,
    message: donation.message ?? null,
    receipt_sent: Boolean(donation.receiptSentAt),
    // Paid with an address and not sent yet: the first send failed or is under way, the retry follows.
    receipt_pending: donation.status === 'paid' && Boolean(donation.donorEmail) && !donation.receiptSentAt,
  };
});

/** The donation routes (route key -> handler): also the table of their answer types. */
export const donationRoutes = {
  'POST /donations': create,
  'POST /donations/verifications': verify,
  'POST /donations/webhooks/razorpay': webhook,
  'GET /donations/summary': summary,
  'GET /donations/orders/{orderId}': byOrder,
};

export const handler = areaHandler('donations', donationRoutes);
