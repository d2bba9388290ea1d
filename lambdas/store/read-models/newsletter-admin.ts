import { type SubscriberStatus, subscriberStatus } from '#domain/newsletter/newsletter-admin.ts';
import type { Frequency } from '#domain/newsletter/newsletter.ts';
import { filledPage, type Page, queryPage } from '../table/paging.ts';
import { Subscriber, type SubscriberItem } from '../subscribers.ts';

/** Console figures of the subscribers: one Query on the joined index (no Scan), only the fields counted. */
export async function subscriberCounts(): Promise<{ total: number; byStatus: Record<SubscriberStatus, number>; byFrequency: Record<Frequency, number> }> {
  const byStatus: Record<SubscriberStatus, number> = { confirmed: 0, pending: 0, unsubscribed: 0, suppressed: 0 };
  const byFrequency: Record<Frequency, number> = { daily: 0, weekly: 0, monthly: 0 };
  let total = 0;
  let cursor: string | null = null;
  do {
    const page: { data: Array<Pick<SubscriberItem, 'subscriptionType' | 'isVerified' | 'isActive' | 'suppressedAt'>>; cursor: string | null } = await Subscriber.query
      .byJoined({})
      .go({ cursor, limit: 1000, attributes: ['subscriptionType', 'isVerified', 'isActive', 'suppressedAt'] });
    for (const subscriber of page.data) {
      total += 1;
      const status = subscriberStatus(subscriber);
      byStatus[status] += 1;
      // By frequency: the confirmed subscribers a digest of that frequency goes to.
      if (status === 'confirmed') byFrequency[subscriber.subscriptionType] += 1;
    }
    cursor = page.cursor;
  } while (cursor);
  return { total, byStatus, byFrequency };
}

/** Subscribers newest first, a page at a time; with a search, those whose address contains it. */
export function searchSubscribers(search: string, options: { limit: number; cursor: string | null }): Promise<Page<SubscriberItem>> {
  if (!search) return queryPage(() => Subscriber.query.byJoined({}).go({ order: 'desc', limit: options.limit, cursor: options.cursor }));
  return filledPage(
    (cursor, limit) =>
      Subscriber.query
        .byJoined({})
        .where(({ email }, { contains }) => contains(email, search))
        .go({ order: 'desc', limit, cursor }),
    options.limit,
    options.cursor,
  );
}
