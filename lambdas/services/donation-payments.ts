import * as z from '#domain/common/validation.ts';
import { checkoutKeyId, checkoutSignatureIsValid, createOrder, fetchPayment } from '#adapters/razorpay.ts';
import { DONATION_CURRENCY, DONATION_TEXTS, type checkoutResultSchema, type donationRequestSchema } from '#domain/donations/donations.ts';
import {
  createDonation,
  findDonationByOrder,
  getDonation,
  markDonationFailed,
  markDonationPaid,
  newDonationId,
  paymentEventSeen,
  recordPaymentEvent,
  recordReceiptFailed,
  reverseDonationPayment,
  type DonationItem,
} from '#store/donations.ts';
import { badRequest, HttpError } from '#core/errors.ts';
import { classifyDependencyError, dependencyBusy } from '#core/dependency-failures.ts';
import { logger } from '#core/logger.ts';
import { ReceiptNotSentError, sendDonationReceipt } from './donation-receipt.ts';

/**
 * A donation's payment (Razorpay orders and checkout; the webhook is the source of truth): the order is made
 * and the donation recorded, the checkout's result verified against Razorpay itself, each webhook event applied
 * once, and a payment counted once with its receipt mailed. http/donations/donations.handler.ts validates the bodies,
 * checks the webhook's signature and answers.
 */

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Creates the Razorpay order for the amount asked (in paise) and records the donation as created. */
export async function startDonation(request: z.infer<typeof donationRequestSchema>) {
  const id = newDonationId();
  let order;
  try {
    order = await createOrder(request.amount, DONATION_CURRENCY, id, { donation_id: id });
  } catch (error) {
    logger.error('razorpay order failed', { error: errorText(error) });
    // Razorpay failing for a moment (5xx, 429, no answer): the router's 503, so the donor is told to try again.
    if (classifyDependencyError(error)) throw error;
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
}

/**
 * Counts a payment Razorpay confirmed (once, however many times this is called for it) and sees its receipt
 * mailed: by the call that counted it, or by a later delivery when that call was stopped before the receipt
 * went out (a Lambda killed, a dependency failing after the payment counted). A send SES failed is recorded,
 * and the donation-receipts stream consumer sends it again; the success page says "on its way" until it has
 * gone. With `receiptRequired` (the webhook, which Razorpay redelivers until it gets a 2xx), a receipt that
 * another sender claimed and has not marked sent answers 503, so a delivery comes back for it once that
 * claim lapses; the checkout's callback answers its donor instead.
 */
async function settle(donation: DonationItem, paymentId: string, options: { receiptRequired: boolean }): Promise<'counted' | 'already-counted'> {
  const paid = await markDonationPaid(donation, paymentId);
  const current = paid ?? (await getDonation(donation.id));
  if (current) await deliverReceipt(current, options.receiptRequired);
  return paid ? 'counted' : 'already-counted';
}

async function deliverReceipt(donation: DonationItem, required: boolean): Promise<void> {
  let outcome;
  try {
    outcome = await sendDonationReceipt(donation);
  } catch (error) {
    // The claim or the mark failing (DynamoDB) throws as it is: this delivery fails and the next one finishes.
    if (!(error instanceof ReceiptNotSentError)) throw error;
    // The payment stands; the receipt goes out on the retry.
    logger.error('donation receipt not sent, retrying from the stream', { donationId: donation.id, error: errorText(error.reason) });
    await recordReceiptFailed(donation);
    return;
  }
  if (outcome === 'claimed-elsewhere' && required) {
    throw dependencyBusy();
  }
}

/**
 * The checkout's handler result. The signature proves Razorpay made it for this order; the payment is then
 * read from Razorpay itself, so its amount and status come from Razorpay, never from the browser.
 */
export async function verifyCheckout(result: z.infer<typeof checkoutResultSchema>) {
  const donation = await findDonationByOrder(result.razorpay_order_id);
  if (!donation || !(await checkoutSignatureIsValid(result.razorpay_order_id, result.razorpay_payment_id, result.razorpay_signature))) {
    throw badRequest(DONATION_TEXTS.verificationFailed);
  }
  let payment;
  try {
    payment = await fetchPayment(result.razorpay_payment_id);
  } catch (error) {
    logger.error('razorpay payment fetch failed', { error: errorText(error) });
    if (classifyDependencyError(error)) throw error;
    throw new HttpError(502, DONATION_TEXTS.verificationFailed);
  }
  if (payment.order_id !== donation.razorpayOrderId || payment.amount !== donation.amount || payment.currency !== donation.currency) {
    logger.warn('payment does not match its donation', { donationId: donation.id, paymentId: payment.id });
    throw badRequest(DONATION_TEXTS.verificationFailed);
  }
  if (payment.status === 'failed') throw badRequest(DONATION_TEXTS.verificationFailed);
  // Authorised but not captured yet: the payment.captured webhook counts it.
  if (payment.status !== 'captured') return { status: 'pending', order_id: donation.razorpayOrderId, payment_id: payment.id };
  await settle(donation, payment.id, { receiptRequired: false });
  return { status: 'completed', order_id: donation.razorpayOrderId, payment_id: payment.id };
}

const reversalEntity = z.object({ id: z.string().check(z.maxLength(100)), payment_id: z.string().check(z.maxLength(100)), amount: z.number() });

/** A Razorpay webhook event, as much of it as is read. */
export const webhookSchema = z.object({
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
  return { outcome: await settle(donation, payment.id, { receiptRequired: true }), orderId };
}

/** Applies a webhook event once (by its id) and records what it did. */
export async function handleWebhookEvent(eventId: string, payload: z.infer<typeof webhookSchema>): Promise<{ status: string }> {
  if (await paymentEventSeen(eventId)) return { status: 'duplicate' };
  const { outcome, orderId } = await applyWebhook(payload);
  await recordPaymentEvent({ eventId, event: payload.event, orderId, outcome });
  return { status: outcome };
}
