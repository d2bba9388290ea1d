import Razorpay from 'razorpay';
import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { config } from '#shared/config.ts';
import { razorpayKeys } from './secrets.ts';

/**
 * Razorpay through its official SDK: orders are created and payments read with the key id and secret;
 * checkout signatures and webhook signatures are checked with the SDK's own validators. Locally the SDK's
 * base URL points at the Razorpay stand-in (lib/local/razorpay.ts), which signs exactly as Razorpay does.
 */
let client: Promise<Razorpay> | undefined;

function razorpay(): Promise<Razorpay> {
  client ??= razorpayKeys()
    .then((keys) => {
      const sdk = new Razorpay({ key_id: keys.keyId, key_secret: keys.keySecret });
      // The SDK has no base-URL option; its axios instance is where it keeps one.
      if (config.RAZORPAY_API_URL) (sdk as unknown as { api: { rq: { defaults: { baseURL: string } } } }).api.rq.defaults.baseURL = config.RAZORPAY_API_URL;
      (sdk as unknown as { api: { rq: { defaults: { timeout: number } } } }).api.rq.defaults.timeout = 8_000;
      return sdk;
    })
    .catch((error: unknown) => {
      client = undefined;
      throw error;
    });
  return client;
}

export interface RazorpayOrder {
  id: string;
  amount: number;
  currency: string;
  receipt?: string;
  status: string;
}

export interface RazorpayPayment {
  id: string;
  order_id: string;
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  email?: string;
}

/** A new order for this many paise; `receipt` is the donation id, so Razorpay's dashboard leads back to it. */
export async function createOrder(amount: number, currency: string, receipt: string, notes: Record<string, string>): Promise<RazorpayOrder> {
  const order = await (await razorpay()).orders.create({ amount, currency, receipt, notes });
  return { id: order.id, amount: Number(order.amount), currency: order.currency, receipt: order.receipt ?? undefined, status: order.status };
}

export async function fetchPayment(paymentId: string): Promise<RazorpayPayment> {
  const payment = await (await razorpay()).payments.fetch(paymentId);
  return {
    id: payment.id,
    order_id: payment.order_id,
    amount: Number(payment.amount),
    currency: payment.currency,
    status: payment.status as RazorpayPayment['status'],
    email: payment.email ?? undefined,
  };
}

/** The checkout handler's signature: HMAC-SHA256 of "order_id|payment_id" with the key secret. */
export async function checkoutSignatureIsValid(orderId: string, paymentId: string, signature: string): Promise<boolean> {
  return validatePaymentVerification({ order_id: orderId, payment_id: paymentId }, signature, (await razorpayKeys()).keySecret);
}

/** The X-Razorpay-Signature of a webhook: HMAC-SHA256 of the raw body with the webhook secret. */
export async function webhookSignatureIsValid(rawBody: string, signature: string): Promise<boolean> {
  return validateWebhookSignature(rawBody, signature, (await razorpayKeys()).webhookSecret);
}

/** The key id the checkout opens with (public by design: it identifies the merchant, it signs nothing). */
export async function checkoutKeyId(): Promise<string> {
  return (await razorpayKeys()).keyId;
}
