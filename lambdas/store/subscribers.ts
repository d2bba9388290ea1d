import { randomBytes } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import { recordSubscriptionConfirmedOfDay } from './daily-counters.ts';
import { filledPage, type Page, type PageOptions } from './table/paging.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

export const SUBSCRIPTION_TYPES = ['daily', 'weekly', 'monthly'] as const;

export const Subscriber = new Entity({
  model: { entity: 'subscriber', version: '1', service },
  attributes: {
    email: { type: 'string', required: true },
    subscriptionType: { type: SUBSCRIPTION_TYPES, required: true, default: 'weekly' },
    preferredTopics: { type: 'list', items: { type: 'string' }, default: () => [] },
    isVerified: { type: 'boolean', default: false },
    isActive: { type: 'boolean', default: true },
    /** Secret in verification and one-click unsubscribe links. */
    token: { type: 'string', required: true },
    verifiedAt: { type: 'string' },
    unsubscribedAt: { type: 'string' },
    /** Set when SES reported a permanent bounce or a complaint: the address gets no more mail. */
    suppressedAt: { type: 'string' },
    suppressionReason: { type: ['bounce', 'complaint'] as const },
    ...timestamps,
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['email'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Subscribers newest first. */
    byJoined: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'email'], casing: keep },
    },
    byToken: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['token'], casing: keep },
      sk: { field: 'gsi2sk', composite: [], casing: keep },
    },
    /** Digest recipients of one frequency. */
    byFrequency: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['subscriptionType'], casing: keep },
      sk: { field: 'gsi3sk', composite: ['email'], casing: keep },
    },
  },
}, tableConfig);

export type SubscriberItem = EntityItem<typeof Subscriber>;
export type Frequency = SubscriberItem['subscriptionType'];

/** The address bounced or complained: it is not subscribed again (SES would refuse to send anyway). */
export class SuppressedAddressError extends Error {
  constructor(readonly email: string) {
    super('This address cannot receive our mail (it bounced or reported spam). Please use another address.');
  }
}

/** An unguessable token for verification and one-click unsubscribe links. */
export const newSubscriberToken = (): string => randomBytes(24).toString('base64url');

export async function getSubscriber(email: string): Promise<SubscriberItem | null> {
  return (await Subscriber.get({ email }).go()).data;
}

/**
 * The digest's recipients of one frequency: verified and active (a bounce or complaint makes an address
 * inactive). One Query on the frequency index; the list that sends and the count the console confirms
 * both read it, so they cannot disagree.
 */
const digestRecipientsQuery = (frequency: Frequency) =>
  Subscriber.query.byFrequency({ subscriptionType: frequency }).where(({ isVerified, isActive }, { eq }) => `${eq(isVerified, true)} AND ${eq(isActive, true)}`);

/** Verified, active subscribers of one digest frequency. */
export function listDigestRecipients(frequency: Frequency, options: PageOptions = {}): Promise<Page<SubscriberItem>> {
  return filledPage((cursor, limit) => digestRecipientsQuery(frequency).go({ limit, cursor }), options.limit ?? 100, options.cursor ?? null);
}

/** How many verified, active subscribers one frequency has: the same Query, reading only the address. */
export async function countDigestRecipients(frequency: Frequency): Promise<number> {
  let count = 0;
  let cursor: string | null = null;
  do {
    const page: { data: unknown[]; cursor: string | null } = await digestRecipientsQuery(frequency).go({ limit: 1000, cursor, attributes: ['email'] });
    count += page.data.length;
    cursor = page.cursor;
  } while (cursor);
  return count;
}

/**
 * Records an address that asked to subscribe and has not confirmed: it receives nothing until it does.
 * An existing subscriber (confirmed or not) is left as it is: a new request never resets a confirmation.
 */
export async function recordSubscriptionRequest(email: string): Promise<SubscriberItem> {
  const existing = await getSubscriber(email);
  if (existing) return existing;
  try {
    const { data } = await Subscriber.create({ email, isVerified: false, isActive: false, token: newSubscriberToken() }).go();
    return data;
  } catch (error) {
    // Created meanwhile by a concurrent request: that one stands.
    const raced = await getSubscriber(email);
    if (raced) return raced;
    throw error;
  }
}

/** Confirms the address with these preferences: verified and active (again, after an unsubscribe). */
export async function activateSubscription(email: string, preferences: { frequency: Frequency; topics: string[] }): Promise<SubscriberItem> {
  const now = new Date().toISOString();
  const existing = await getSubscriber(email);
  if (existing?.suppressedAt) throw new SuppressedAddressError(email);
  const { data } = await Subscriber.upsert({
    email,
    subscriptionType: preferences.frequency,
    preferredTopics: preferences.topics,
    isVerified: true,
    isActive: true,
    verifiedAt: existing?.verifiedAt ?? now,
    token: existing?.token ?? newSubscriberToken(),
  }).go({ response: 'all_new' });
  if (existing?.unsubscribedAt) await Subscriber.patch({ email }).remove(['unsubscribedAt']).go();
  if (!existing?.verifiedAt) await recordSubscriptionConfirmedOfDay(); // the console's daily analytics counter
  return { ...(data as SubscriberItem), unsubscribedAt: undefined };
}

/** Stops every mail to the address; false when it was not subscribed. */
export async function deactivateSubscription(email: string): Promise<boolean> {
  const existing = await getSubscriber(email);
  if (!existing?.isActive) return false;
  await Subscriber.patch({ email }).set({ isActive: false, unsubscribedAt: new Date().toISOString() }).go();
  return true;
}

/** An address SES could not deliver to (permanent bounce) or whose owner complained: no more mail to it. */
export async function suppressSubscriber(email: string, reason: 'bounce' | 'complaint'): Promise<boolean> {
  const existing = await getSubscriber(email);
  if (!existing) return false;
  await Subscriber.patch({ email }).set({ isActive: false, suppressedAt: new Date().toISOString(), suppressionReason: reason }).go();
  return true;
}

/** When subscribers joined (asked to subscribe), from a time to a time: one Query on the joined index. */
export async function subscriptionsStartedBetween(from: string, to: string): Promise<string[]> {
  const { data } = await Subscriber.query.byJoined({}).between({ createdAt: from }, { createdAt: to }).go({ pages: 'all', attributes: ['createdAt', 'email'] });
  return data.flatMap((item) => (item.createdAt && item.createdAt < to ? [item.createdAt] : []));
}
