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
import { webhookSignatureIsValid } from '#adapters/razorpay.ts';
import { currentSettings } from '#store/settings.ts';
import { donationTotals, findDonationByOrder, listRecentPaidDonations } from '#store/donations.ts';
import { handleWebhookEvent, startDonation, verifyCheckout, webhookSchema } from '../../services/donation-payments.ts';
import { badRequest, notFound } from '#core/errors.ts';
import { areaHandler, route } from '#platform/router.ts';
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
  return startDonation(parsed(donationRequestSchema, body));
});

/**
 * The checkout's handler result. The signature proves Razorpay made it for this order; the payment is then
 * read from Razorpay itself, so its amount and status come from Razorpay, never from the browser.
 */
const verify = route({ body: z.unknown() }, async ({ body }) => verifyCheckout(parsed(checkoutResultSchema, body, DONATION_TEXTS.verificationFailed)));

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
  return handleWebhookEvent(eventId, payload);
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
