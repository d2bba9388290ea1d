import { useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '#http/answers.ts';
import { useState } from 'react';
import { call } from '#web/shared/api/client.ts';

/** The Donate page's figures, all computed by the server from the counters kept with each payment (amounts in paise). */
export type DonationSummary = ApiAnswer<'GET /donations/summary'>;
export type CreatedOrder = ApiAnswer<'POST /donations'>;

export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export type DonationByOrder = ApiAnswer<'GET /donations/orders/{orderId}'>;

export const summaryKey = ['donations', 'summary'] as const;

export function useDonationSummary() {
  return useQuery({ queryKey: summaryKey, queryFn: () => call('GET /donations/summary'), refetchInterval: 60_000 });
}

export function createDonation(request: { amount: number; donor_name?: string; donor_email?: string; message?: string; is_anonymous: boolean }) {
  return call('POST /donations', { body: { ...request, currency: 'INR', donation_type: 'one-time' } });
}

export function verifyPayment(result: CheckoutResult) {
  return call('POST /donations/verifications', { body: result });
}

/** How long the payment page waits for the server to see the payment verified (checkout callback or webhook). */
const WAIT_MS = 30_000;

/** The donation of a checkout order; while it is pending, asked for again every 1.5 s for up to 30 s. */
export function useDonationByOrder(orderId: string) {
  const [startedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: ['donations', 'order', orderId],
    queryFn: () => call('GET /donations/orders/{orderId}', { params: { orderId } }),
    enabled: Boolean(orderId),
    retry: 1,
    // The webhook may still be on its way: look again until it is settled or the wait is over.
    refetchInterval: (query) => (query.state.data?.status === 'pending' && Date.now() - startedAt < WAIT_MS ? 1500 : false),
  });
}
