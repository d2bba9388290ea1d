import { useQuery } from '@tanstack/react-query';
import type { ApiAnswer } from '#http/answers.ts';
import { apiCall, apiGet } from '../api/client.ts';

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
  return useQuery({ queryKey: summaryKey, queryFn: () => apiGet<DonationSummary>('/donations/summary'), refetchInterval: 60_000 });
}

export function createDonation(request: { amount: number; donor_name?: string; donor_email?: string; message?: string; is_anonymous: boolean }) {
  return apiCall<CreatedOrder>('POST', '/donations', { body: { ...request, currency: 'INR', donation_type: 'one-time' } });
}

export function verifyPayment(result: CheckoutResult) {
  return apiCall<ApiAnswer<'POST /donations/verifications'>>('POST', '/donations/verifications', { body: result });
}

export function donationByOrder(orderId: string) {
  return apiGet<DonationByOrder>(`/donations/orders/${encodeURIComponent(orderId)}`);
}
