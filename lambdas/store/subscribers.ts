import { randomBytes } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { Subscriber } from './entities.ts';
import { filledPage, queryPage, type Page, type PageOptions } from './paging.ts';

export type SubscriberItem = EntityItem<typeof Subscriber>;
export type Frequency = SubscriberItem['subscriptionType'];

/** An unguessable token for verification and one-click unsubscribe links. */
export const newSubscriberToken = (): string => randomBytes(24).toString('base64url');

export async function getSubscriber(email: string): Promise<SubscriberItem | null> {
  return (await Subscriber.get({ email }).go()).data;
}

export async function findSubscriberByToken(token: string): Promise<SubscriberItem | null> {
  const { data } = await Subscriber.query.byToken({ token }).go({ limit: 1 });
  return data[0] ?? null;
}

/** Newest first (the console shows the first 10). */
export function listSubscribers(options: PageOptions = {}): Promise<Page<SubscriberItem>> {
  return queryPage(() => Subscriber.query.byJoined({}).go({ order: 'desc', limit: options.limit ?? 10, cursor: options.cursor ?? null }));
}

/** Verified, active subscribers of one digest frequency. */
export function listDigestRecipients(frequency: Frequency, options: PageOptions = {}): Promise<Page<SubscriberItem>> {
  return filledPage(
    (cursor, limit) =>
      Subscriber.query
        .byFrequency({ subscriptionType: frequency })
        .where(({ isVerified, isActive }, { eq }) => `${eq(isVerified, true)} AND ${eq(isActive, true)}`)
        .go({ limit, cursor }),
    options.limit ?? 100,
    options.cursor ?? null,
  );
}
