import type { EntityItem } from 'electrodb';
import { COUNTER_SCOPES, counterKey } from './counters.ts';
import { Donation, store } from './entities.ts';
import { newId } from './ids.ts';
import { queryPage, transactWithRetry, type Page, type PageOptions } from './paging.ts';

export type DonationItem = EntityItem<typeof Donation>;
export type NewDonation = Pick<DonationItem, 'amount' | 'razorpayOrderId'> &
  Partial<Pick<DonationItem, 'currency' | 'donorName' | 'donorEmail' | 'message' | 'isAnonymous' | 'donationType'>>;

/** Records an order before checkout; it counts nowhere until its payment is verified. */
export async function createDonation(input: NewDonation, now = new Date()): Promise<DonationItem> {
  const createdAt = now.toISOString();
  const { data } = await Donation.create({ ...input, id: newId(), status: 'created', month: createdAt.slice(0, 7), createdAt }).go();
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
 * Marks a verified payment paid and adds it to the totals in the same transaction, conditional on the
 * donation still being `created`: the checkout callback and the webhook may both arrive, and only the
 * first one counts. Returns false when it was already paid.
 */
export async function markDonationPaid(donation: DonationItem, razorpayPaymentId: string, paidAt = new Date().toISOString()): Promise<boolean> {
  const totals = [
    { name: 'paid#amount', by: donation.amount },
    { name: 'paid#count', by: 1 },
    { name: `paid#amount#${donation.month}`, by: donation.amount },
  ];
  const result = await transactWithRetry(() => store.transaction
    .write(({ donation: entity, counter }) => [
      entity
        .patch({ id: donation.id })
        .set({ status: 'paid', razorpayPaymentId, paidAt })
        .composite({ month: donation.month, createdAt: donation.createdAt, razorpayOrderId: donation.razorpayOrderId })
        .where(({ status }, { eq }) => eq(status, 'created'))
        .commit(),
      ...totals.map((total) => counter.update(counterKey({ scope: COUNTER_SCOPES.donations, ...total })).add({ value: total.by }).commit()),
    ])
    .go(), `Marking donation ${donation.id} paid`);
  return !result.canceled;
}
