import { createHash } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { indiaMonth, supporterIdentity } from '#domain/donations/donations.ts';
import { COUNTER_SCOPES, counterKey, readCounters } from './counters.ts';
import { Donation, PaymentEvent, Supporter, store } from './entities.ts';
import { expiresInDays, newId } from './ids.ts';
import { isConditionalWriteFailure, queryPage, transactWithRetry, type Page, type PageOptions } from './paging.ts';

export type DonationItem = EntityItem<typeof Donation>;
export type NewDonation = Pick<DonationItem, 'amount' | 'razorpayOrderId'> &
  Partial<Pick<DonationItem, 'id' | 'currency' | 'donorName' | 'donorEmail' | 'message' | 'isAnonymous' | 'donationType' | 'userId'>>;

/** Webhook event ids are kept this long; Razorpay stops redelivering after 24 hours. */
const PAYMENT_EVENT_DAYS = 30;

/** The id a donation gets before its order exists (the order's receipt names it). */
export const newDonationId = (): string => newId();

/** Records an order before checkout; it counts nowhere until its payment is verified. */
export async function createDonation(input: NewDonation, now = new Date()): Promise<DonationItem> {
  const createdAt = now.toISOString();
  const { data } = await Donation.create({ id: newId(), ...input, status: 'created', month: createdAt.slice(0, 7), createdAt }).go();
  return data;
}

export async function findDonationByOrder(razorpayOrderId: string): Promise<DonationItem | null> {
  const { data } = await Donation.query.byOrder({ razorpayOrderId }).go({ limit: 1 });
  return data[0] ?? null;
}

/** Donations created in a calendar month (YYYY-MM), newest first. */
export function listDonationsOfMonth(month: string, options: PageOptions = {}): Promise<Page<DonationItem>> {
  return queryPage(() => Donation.query.byMonth({ month }).go({ order: 'desc', limit: options.limit ?? 50, cursor: options.cursor ?? null }));
}

/**
 * What a paid donation still gives, as the totals count it: its amount less refunds and lost disputes
 * (reverseDonationPayment). The lists below hand out donations with this as their amount, and leave out
 * those with nothing left, so the supporters list and the console's revenue agree with the totals.
 */
function asKept(donations: DonationItem[]): DonationItem[] {
  return donations.map((donation) => ({ ...donation, amount: donation.amount - (donation.refundedAmount ?? 0) })).filter((donation) => donation.amount > 0);
}

/** Paid donations, newest payment first (fewer than `limit` when some of those were refunded in full). */
export async function listRecentPaidDonations(limit: number): Promise<DonationItem[]> {
  const { data } = await Donation.query.byPaid({ paidList: 'paid' }).go({ order: 'desc', limit });
  return asKept(data);
}

/** Paid donations whose payment fell in [from, to) (ISO times), oldest first: one Query on the paid index. */
export async function listPaidDonationsBetween(from: string, to: string): Promise<DonationItem[]> {
  const { data } = await Donation.query.byPaid({ paidList: 'paid' }).between({ paidAt: from }, { paidAt: to }).go({ pages: 'all' });
  return asKept(data.filter((donation) => (donation.paidAt ?? '') < to));
}

const supporterKeyOf = (donation: DonationItem) => createHash('sha256').update(supporterIdentity(donation)).digest('base64url');

/** The donation as stored now (the callers' copy may predate a refund or the payment itself). */
async function freshDonation(id: string): Promise<DonationItem> {
  const { data } = await Donation.get({ id }).go({ consistent: true });
  if (!data) throw new Error(`Donation ${id} has gone`);
  return data;
}

/**
 * Marks a verified payment paid and, in the same transaction, adds it to the totals, the payment month's
 * sum (India time) and, for a first gift, the supporter count. Conditional on the donation not being paid
 * yet: the checkout callback and the webhook (and its redeliveries) may all arrive, and only the first
 * counts. A refund or lost dispute that arrived before the payment (reverseDonationPayment) is already on
 * the donation: only what is left is counted, and the condition on that sum keeps the two from crossing.
 * Returns the paid donation, or null when it was already paid.
 */
export async function markDonationPaid(donation: DonationItem, razorpayPaymentId: string, paidAt = new Date().toISOString()): Promise<DonationItem | null> {
  const month = indiaMonth(paidAt);
  const supporterKey = supporterKeyOf(donation);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await freshDonation(donation.id);
    if (current.status === 'paid') return null;
    const refunded = current.refundedAmount ?? 0;
    const counted = Math.max(0, current.amount - refunded);
    const totals = counted
      ? [
          { name: 'paid#amount', by: counted },
          { name: 'paid#count', by: 1 },
          { name: `paid#amount#${month}`, by: counted },
          { name: `paid#count#${month}`, by: 1 },
        ]
      : [];
    const { data: known } = await Supporter.get({ supporterKey }).go();
    const result = await transactWithRetry(() => store.transaction
      .write(({ donation: entity, counter, supporter }) => [
        entity
          .patch({ id: donation.id })
          .set({ status: 'paid', razorpayPaymentId, paidAt, paidList: 'paid' })
          .composite({ month: donation.month, createdAt: donation.createdAt, razorpayOrderId: donation.razorpayOrderId })
          .where(({ status, refundedAmount }, { ne, eq, notExists }) => `${ne(status, 'paid')} AND ${refunded ? eq(refundedAmount, refunded) : notExists(refundedAmount)}`)
          .commit(),
        ...totals.map((total) => counter.update(counterKey({ scope: COUNTER_SCOPES.donations, ...total })).add({ value: total.by }).commit()),
        ...(known || !counted
          ? []
          : [
              supporter.create({ supporterKey, firstDonationId: donation.id }).commit(),
              counter.update(counterKey({ scope: COUNTER_SCOPES.donations, name: 'paid#supporters', by: 1 })).add({ value: 1 }).commit(),
            ]),
      ])
      .go(), `Marking donation ${donation.id} paid`);
    if (!result.canceled) return { ...current, status: 'paid', razorpayPaymentId, paidAt };
    // Paid by another delivery, refunded meanwhile, or the same supporter's other gift counted: read again.
  }
  throw new Error(`Marking donation ${donation.id} paid: the donation or its supporter kept changing`);
}

/** A refund or a lost dispute, by Razorpay's id for it; `amount` in paise. */
export interface PaymentReversal {
  kind: 'refund' | 'dispute';
  id: string;
  amount: number;
}

/**
 * Takes a refund or a lost dispute off the totals, once per reversal id whatever the order of events, in
 * the same kind of transaction that counted the payment: the donation records the reversal (its id and the
 * running sum, conditional on neither having changed since read) and the counters of the payment's month
 * move back with it. A reversal that comes before the payment is counted is only recorded: the payment
 * then counts what is left (markDonationPaid). The donation leaves the donation count once nothing is left.
 */
export async function reverseDonationPayment(donation: DonationItem, reversal: PaymentReversal): Promise<'reversed' | 'recorded-before-payment' | 'already-reversed'> {
  const reversalId = `${reversal.kind}:${reversal.id}`;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await freshDonation(donation.id);
    if (current.reversalIds?.includes(reversalId)) return 'already-reversed';
    const refunded = current.refundedAmount ?? 0;
    const taken = Math.max(0, Math.min(reversal.amount, current.amount - refunded));
    const paid = current.status === 'paid' && current.paidAt;
    const month = paid ? indiaMonth(current.paidAt as string) : '';
    const emptied = refunded < current.amount && refunded + taken >= current.amount;
    const totals = paid && taken
      ? [
          { name: 'paid#amount', by: -taken },
          { name: `paid#amount#${month}`, by: -taken },
          ...(emptied ? [{ name: 'paid#count', by: -1 }, { name: `paid#count#${month}`, by: -1 }] : []),
        ]
      : [];
    const result = await transactWithRetry(() => store.transaction
      .write(({ donation: entity, counter }) => [
        entity
          .patch({ id: current.id })
          .set({ refundedAmount: refunded + taken })
          .add({ reversalIds: [reversalId] })
          .composite({ month: current.month, createdAt: current.createdAt, razorpayOrderId: current.razorpayOrderId })
          .where(({ status, refundedAmount, reversalIds }, { eq, ne, notExists, notContains }) =>
            [
              paid ? eq(status, 'paid') : ne(status, 'paid'),
              refunded ? eq(refundedAmount, refunded) : notExists(refundedAmount),
              current.reversalIds?.length ? notContains(reversalIds, reversalId) : notExists(reversalIds),
            ].join(' AND '))
          .commit(),
        ...totals.map((total) => counter.update(counterKey({ scope: COUNTER_SCOPES.donations, ...total })).add({ value: total.by }).commit()),
      ])
      .go(), `Reversing ${reversalId} on donation ${current.id}`);
    if (!result.canceled) return paid ? 'reversed' : 'recorded-before-payment';
    // Paid, refunded or reversed by another delivery meanwhile: read again.
  }
  throw new Error(`Reversing ${reversalId} on donation ${donation.id}: the donation kept changing`);
}

/** A failed payment attempt: the donation stays uncounted (a later attempt on the same order may still pay). */
export async function markDonationFailed(donation: DonationItem): Promise<boolean> {
  try {
    await Donation.patch({ id: donation.id })
      .set({ status: 'failed' })
      .where(({ status }, { eq }) => eq(status, 'created'))
      .go();
    return true;
  } catch (error) {
    if (isConditionalWriteFailure(error)) return false;
    throw error;
  }
}

export async function recordReceiptSent(donation: Pick<DonationItem, 'id'>): Promise<void> {
  await Donation.patch({ id: donation.id }).set({ receiptSentAt: new Date().toISOString() }).go();
}

/** Sending the receipt failed: the change on the donation hands it to the donation-receipts stream consumer. */
export async function recordReceiptFailed(donation: Pick<DonationItem, 'id'>): Promise<void> {
  await Donation.patch({ id: donation.id }).set({ receiptFailedAt: new Date().toISOString() }).go();
}

export async function getDonation(id: string): Promise<DonationItem | null> {
  return (await Donation.get({ id }).go({ consistent: true })).data;
}

export async function paymentEventSeen(eventId: string): Promise<boolean> {
  return Boolean((await PaymentEvent.get({ eventId }).go()).data);
}

/** Remembers a handled webhook event; false if another delivery of it was recorded first. */
export async function recordPaymentEvent(event: { eventId: string; event: string; orderId?: string; outcome: string }): Promise<boolean> {
  try {
    await PaymentEvent.create({ ...event, expiresAt: expiresInDays(PAYMENT_EVENT_DAYS) }).go();
    return true;
  } catch (error) {
    if (isConditionalWriteFailure(error)) return false;
    throw error;
  }
}

export interface DonationTotals {
  /** Paise, all paid donations. */
  totalRaised: number;
  donations: number;
  supporters: number;
  /** Paise paid this calendar month (India time). */
  monthRaised: number;
  month: string;
}

/** The counters kept with every payment: one Query, no donation read. */
export async function donationTotals(now = new Date()): Promise<DonationTotals> {
  const counters = await readCounters(COUNTER_SCOPES.donations);
  const month = indiaMonth(now);
  return {
    totalRaised: counters['paid#amount'] ?? 0,
    donations: counters['paid#count'] ?? 0,
    supporters: counters['paid#supporters'] ?? 0,
    monthRaised: counters[`paid#amount#${month}`] ?? 0,
    month,
  };
}
