import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiCall, apiGet } from '../../../app/api/client.ts';

/** The Donate page's figures, all computed by the server from the counters kept with each payment. */
export interface DonationSummary {
  currency: 'INR';
  /** Paise. */
  totalRaised: number;
  donations: number;
  supporters: number;
  month: string;
  monthRaised: number;
  monthlyGoal: number;
  goalPercent: number;
  recentSupporters: Array<{ name: string; amount: number; message: string | null; date: string }>;
}

export interface CreatedOrder {
  key_id: string;
  amount: number;
  currency: string;
  order_id: string;
  donation_id: string;
  prefill: { name: string; email: string };
}

export interface CheckoutResult {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface DonationByOrder {
  order_id: string;
  amount: number;
  currency: string;
  created_at: string;
  paid_at: string | null;
  status: 'completed' | 'pending' | 'failed';
  donation_type: string;
  message: string | null;
  receipt_sent: boolean;
  /** Paid with an address, receipt not sent yet (its send is under way or being retried). */
  receipt_pending: boolean;
}

export const summaryKey = ['donations', 'summary'] as const;

export function useDonationSummary() {
  return useQuery({ queryKey: summaryKey, queryFn: () => apiGet<DonationSummary>('/donations/summary'), refetchInterval: 60_000 });
}

export function createDonation(request: { amount: number; donor_name?: string; donor_email?: string; message?: string; is_anonymous: boolean }) {
  return apiCall<CreatedOrder>('POST', '/donations', { body: { ...request, currency: 'INR', donation_type: 'one-time' } });
}

export function verifyPayment(result: CheckoutResult) {
  return apiCall<{ status: 'completed' | 'pending'; order_id: string; payment_id: string }>('POST', '/donations/verifications', { body: result });
}

/** How long the payment page waits for the server to see the payment verified (checkout callback or webhook). */
const WAIT_MS = 30_000;

/** The donation of a checkout order; while it is pending, asked for again every 1.5 s for up to 30 s. */
export function useDonationByOrder(orderId: string) {
  const [startedAt] = useState(() => Date.now());
  return useQuery({
    queryKey: ['donations', 'order', orderId],
    queryFn: () => apiGet<DonationByOrder>(`/donations/orders/${encodeURIComponent(orderId)}`),
    enabled: Boolean(orderId),
    retry: 1,
    // The webhook may still be on its way: look again until it is settled or the wait is over.
    refetchInterval: (query) => (query.state.data?.status === 'pending' && Date.now() - startedAt < WAIT_MS ? 1500 : false),
  });
}
