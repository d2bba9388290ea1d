import { validatePaymentVerification, validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils.js';
import { config } from '#core/config.ts';
import { classifyDependencyError, noteDependencyFailure } from '#core/dependency-failures.ts';
import { razorpayKeys } from '#core/secrets.ts';

/**
 * Razorpay's REST API (https://razorpay.com/docs/api/): orders are created and payments read with the key
 * id and secret as Basic auth; checkout and webhook signatures are checked with the `razorpay` package's
 * own validators. The two calls go through the runtime's fetch rather than the SDK's client: the SDK
 * brings axios, form-data and mime-db, 280 KB of the donations bundle for two requests, loaded at every cold start.
 * Locally the base URL is the Razorpay stand-in (lib/local/razorpay.ts), which answers these same calls.
 */
const RAZORPAY_API = 'https://api.razorpay.com';
const REQUEST_TIMEOUT_MS = 8_000;

/** A refusal or failure of Razorpay's API, with its status and Razorpay's own description. */
class RazorpayError extends Error {
  constructor(readonly statusCode: number, description: string) {
    super(`Razorpay ${statusCode}: ${description}`);
  }
}

/** A Razorpay call, its failure noted for the Operations screen as the AWS clients' are (one attempt: no retry here). */
async function razorpayRequest<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  try {
    return await razorpayCall<T>(method, path, body);
  } catch (error) {
    const failure = classifyDependencyError(error);
    if (failure) {
      const operation = method === 'POST' ? 'CreateOrder' : 'FetchPayment';
      noteDependencyFailure('razorpay', operation, failure, 'attempt');
      noteDependencyFailure('razorpay', operation, failure, 'gave-up');
    }
    throw error;
  }
}

async function razorpayCall<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const keys = await razorpayKeys();
  const response = await fetch(new URL(path, config.RAZORPAY_API_URL ?? RAZORPAY_API), {
    method,
    headers: {
      authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`,
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const text = await response.text();
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new RazorpayError(response.status, `not JSON: ${text.slice(0, 120)}`);
  }
  if (!response.ok) {
    const description = (answer as { error?: { description?: unknown } }).error?.description;
    throw new RazorpayError(response.status, typeof description === 'string' ? description : text.slice(0, 120));
  }
  return answer as T;
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
  const order = await razorpayRequest<RazorpayOrder & { receipt?: string | null }>('POST', '/v1/orders', { amount, currency, receipt, notes });
  return { id: order.id, amount: Number(order.amount), currency: order.currency, receipt: order.receipt ?? undefined, status: order.status };
}

export async function fetchPayment(paymentId: string): Promise<RazorpayPayment> {
  const payment = await razorpayRequest<RazorpayPayment & { email?: string | null }>('GET', `/v1/payments/${encodeURIComponent(paymentId)}`);
  return {
    id: payment.id,
    order_id: payment.order_id,
    amount: Number(payment.amount),
    currency: payment.currency,
    status: payment.status,
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
