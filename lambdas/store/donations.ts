import { createHash } from 'node:crypto';
import { createWriteTransaction, Entity, type EntityItem } from 'electrodb';
import { indiaMonthOf } from '#domain/common/india-time.ts';
import { supporterIdentity } from '#domain/donations/donations.ts';
import { Counter, COUNTER_SCOPES, counterKey, readCounters } from './table/counters.ts';
import { expiresInDays, newId } from './table/ids.ts';
import { isConditionalWriteFailure, transactWithRetry } from './table/paging.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

const DONATION_STATUSES = ['created', 'paid', 'failed'] as const;

export const Donation = new Entity({
  model: { entity: 'donation', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    /** Minor units (paise). */
    amount: { type: 'number', required: true },
    currency: { type: 'string', default: 'INR' },
    donorName: { type: 'string' },
    donorEmail: { type: 'string' },
    message: { type: 'string' },
    isAnonymous: { type: 'boolean', default: false },
    donationType: { type: 'string', default: 'one-time' },
    status: { type: DONATION_STATUSES, default: 'created' },
    razorpayOrderId: { type: 'string', required: true },
    razorpayPaymentId: { type: 'string' },
    paidAt: { type: 'string' },
    /** 'paid' once paid: the partition of the paid-donations index (absent before, so unpaid ones are not in it). */
    paidList: { type: ['paid'] as const },
    /** Set when the receipt mail went out (the success page says so only then). */
    receiptSentAt: { type: 'string' },
    /**
     * Set (with the sender's token) just before the receipt is handed to SES: one sender at a time, and a
     * sender killed before its "sent" mark leaves a claim that lapses after RECEIPT_CLAIM_SECONDS.
     */
    receiptClaimedAt: { type: 'string' },
    receiptClaimToken: { type: 'string' },
    /** Set when sending the receipt failed: the donation-receipts stream consumer then sends it again. */
    receiptFailedAt: { type: 'string' },
    /** Paise taken back from the totals by refunds and lost disputes (also those that came before the payment counted). */
    refundedAmount: { type: 'number' },
    /** The refunds and disputes already taken into account ("refund:rfnd_x", "dispute:disp_x"): each counts once. */
    reversalIds: { type: 'set', items: 'string' },
    /** The signed-in reader who gave it, if any. */
    userId: { type: 'string' },
    /** Calendar month (YYYY-MM) of creation, the partition of the monthly lists. */
    month: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Donations of a month, newest first (recent supporters, revenue by period). */
    byMonth: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['month'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], casing: keep },
    },
    /** Checkout callback and webhook find the donation by its Razorpay order. */
    byOrder: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['razorpayOrderId'], casing: keep },
      sk: { field: 'gsi2sk', composite: [], casing: keep },
    },
    /**
     * Paid donations only, newest payment first (recent supporters; revenue by period from a time range):
     * sparse: `paidList` is set only when the payment is verified, and without it ElectroDB writes no key.
     */
    byPaid: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['paidList'], casing: keep },
      sk: { field: 'gsi3sk', composite: ['paidAt'], casing: keep },
    },
  },
}, tableConfig);

/** One per distinct supporter (a hash of who gave: see domain supporterIdentity), so the count moves once per person. */
export const Supporter = new Entity({
  model: { entity: 'supporter', version: '1', service },
  attributes: {
    supporterKey: { type: 'string', required: true },
    firstDonationId: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['supporterKey'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

/** A Razorpay webhook event already handled (Razorpay redelivers until it gets a 2xx; each counts once). */
export const PaymentEvent = new Entity({
  model: { entity: 'paymentEvent', version: '1', service },
  attributes: {
    eventId: { type: 'string', required: true },
    event: { type: 'string', required: true },
    orderId: { type: 'string' },
    outcome: { type: 'string', required: true },
    expiresAt: { type: 'number' },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['eventId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

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
  const month = indiaMonthOf(paidAt);
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
    const result = await transactWithRetry(() => createWriteTransaction({ donation: Donation, counter: Counter, supporter: Supporter }, ({ donation: entity, counter, supporter }) => [
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
    const month = paid ? indiaMonthOf(current.paidAt as string) : '';
    const emptied = refunded < current.amount && refunded + taken >= current.amount;
    const totals = paid && taken
      ? [
          { name: 'paid#amount', by: -taken },
          { name: `paid#amount#${month}`, by: -taken },
          ...(emptied ? [{ name: 'paid#count', by: -1 }, { name: `paid#count#${month}`, by: -1 }] : []),
        ]
      : [];
    const result = await transactWithRetry(() => createWriteTransaction({ donation: Donation, counter: Counter }, ({ donation: entity, counter }) => [
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

/**
 * How long a receipt claim holds: longer than any function that sends receipts may run (API functions stop
 * at 29 s), so a claim this old belongs to an invocation that was killed before it marked the receipt sent.
 */
export const RECEIPT_CLAIM_SECONDS = 60;

/**
 * Claims the sending of a paid donation's receipt: true when this sender may hand it to SES now. Refused
 * while the receipt is marked sent, or claimed by another sender less than RECEIPT_CLAIM_SECONDS ago. The
 * token makes the claim safe to repeat: a retry whose first answer was lost finds its own claim, not another's.
 */
export async function claimReceipt(donation: Pick<DonationItem, 'id'>, token: string, now = new Date()): Promise<boolean> {
  const lapsed = new Date(now.getTime() - RECEIPT_CLAIM_SECONDS * 1000).toISOString();
  try {
    await Donation.patch({ id: donation.id })
      .set({ receiptClaimedAt: now.toISOString(), receiptClaimToken: token })
      .where(({ receiptSentAt, receiptClaimedAt, receiptClaimToken }, { notExists, lt, eq }) =>
        `${notExists(receiptSentAt)} AND (${notExists(receiptClaimedAt)} OR ${lt(receiptClaimedAt, lapsed)} OR ${eq(receiptClaimToken, token)})`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalWriteFailure(error)) return false;
    throw error;
  }
}

export async function recordReceiptSent(donation: Pick<DonationItem, 'id'>): Promise<void> {
  await Donation.patch({ id: donation.id }).set({ receiptSentAt: new Date().toISOString() }).go();
}

/**
 * Sending the receipt failed (SES answered so): the claim is given back and the change on the donation
 * hands it to the donation-receipts stream consumer.
 */
export async function recordReceiptFailed(donation: Pick<DonationItem, 'id'>): Promise<void> {
  await Donation.patch({ id: donation.id }).set({ receiptFailedAt: new Date().toISOString() }).remove(['receiptClaimedAt', 'receiptClaimToken']).go();
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
  const month = indiaMonthOf(now);
  return {
    totalRaised: counters['paid#amount'] ?? 0,
    donations: counters['paid#count'] ?? 0,
    supporters: counters['paid#supporters'] ?? 0,
    monthRaised: counters[`paid#amount#${month}`] ?? 0,
    month,
  };
}
