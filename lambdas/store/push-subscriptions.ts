import { createHash } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import { DAILY_PUSH_CAP, DEFAULT_PUSH_CHOICES, type PushChoices } from '#domain/reader/push.ts';
import { addToCounters, COUNTER_SCOPES } from './table/counters.ts';
import { expiresInDays } from './table/ids.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/**
 * Web push (issue #37): a reader's devices (one Push API subscription each), their push choices and the day's
 * count of pushes sent to them (the daily cap). All in the reader's partition; a device is also found by its
 * endpoint alone (a browser handed from one reader to the next keeps its endpoint).
 */
export const PushSubscription = new Entity({
  model: { entity: 'pushSubscription', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    /** The endpoint's SHA-256, base64url: the device's id (the browser computes the same to remove it). */
    deviceId: { type: 'string', required: true },
    endpoint: { type: 'string', required: true },
    /** The browser's P-256 public key and auth secret (RFC 8291), base64url, as PushSubscription.toJSON() gives them. */
    p256dh: { type: 'string', required: true },
    auth: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    /** A reader's devices. */
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['deviceId'], casing: keep },
    },
    /** Who holds a device: one reader at a time. */
    byDevice: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['deviceId'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['userId'], casing: keep },
    },
  },
}, tableConfig);

export const PushChoiceRecord = new Entity({
  model: { entity: 'pushChoices', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    breaking: { type: 'boolean', required: true },
    categories: { type: 'boolean', required: true },
    topics: { type: 'boolean', required: true },
    stories: { type: 'boolean', required: true },
    /** India-time hours; absent: no quiet hours. */
    quietFrom: { type: 'number' },
    quietTo: { type: 'number' },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

/** Pushes sent to a reader on one India day; gone two days later (TTL). */
export const PushDay = new Entity({
  model: { entity: 'pushDay', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    day: { type: 'string', required: true },
    sent: { type: 'number' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['day'], casing: keep },
    },
  },
}, tableConfig);

/** A notification already mirrored as a push: a retried stream batch does not push it twice. */
export const PushSent = new Entity({
  model: { entity: 'pushSent', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    notificationId: { type: 'string', required: true },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['notificationId'], casing: keep },
    },
  },
}, tableConfig);

export type PushSubscriptionItem = EntityItem<typeof PushSubscription>;

/**
 * The console's push figures (counters of scope `push`): devices subscribed now, and since the start pushes
 * delivered, pushes a push service refused, and devices removed because their push service said they were gone.
 */
export const PUSH_COUNTERS = ['devices', 'sent', 'failed', 'removed'] as const;
export type PushCounter = (typeof PUSH_COUNTERS)[number];

/**
 * Moves the push figures. Added after the write they count (a push service's answer cannot share a transaction):
 * a crash in between loses a count, never doubles one.
 */
export function countPush(changes: Partial<Record<PushCounter, number>>): Promise<void> {
  return addToCounters(Object.entries(changes).map(([name, by]) => ({ scope: COUNTER_SCOPES.push, name, by: by ?? 0 })));
}

/** A reader keeps at most this many devices; a new one past it replaces the one subscribed longest ago. */
export const MAX_DEVICES_PER_READER = 10;

/** The device id of an endpoint: SHA-256, base64url (43 characters). */
export const deviceIdOf = (endpoint: string): string => createHash('sha256').update(endpoint).digest('base64url');

const isConditionalFailure = (error: unknown) => error instanceof Error && /conditional/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`);

/**
 * Saves a reader's device. The endpoint leaves any other reader who held it (one browser, another account
 * signed in), and the reader's oldest device goes when they pass the limit.
 */
export async function savePushSubscription(userId: string, subscription: { endpoint: string; p256dh: string; auth: string }): Promise<PushSubscriptionItem> {
  const deviceId = deviceIdOf(subscription.endpoint);
  const { data: holders } = await PushSubscription.query.byDevice({ deviceId }).go({ pages: 'all' });
  for (const holder of holders) if (holder.userId !== userId) await deletePushSubscription(holder.userId, deviceId);
  const { data } = await PushSubscription.upsert({ userId, deviceId, ...subscription }).go({ response: 'all_new' });
  // A device the reader already held is the same device subscribed again: counted once.
  if (!holders.some((holder) => holder.userId === userId)) await countPush({ devices: 1 });
  const devices = await pushSubscriptionsOf(userId);
  const surplus = devices.sort((a, b) => a.createdAt.localeCompare(b.createdAt)).slice(0, Math.max(0, devices.length - MAX_DEVICES_PER_READER));
  for (const device of surplus) if (device.deviceId !== deviceId) await deletePushSubscription(userId, device.deviceId);
  return data as PushSubscriptionItem;
}

export async function pushSubscriptionsOf(userId: string): Promise<PushSubscriptionItem[]> {
  const { data } = await PushSubscription.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/** False when the reader had no such device (another reader's device is not theirs to remove); a removed one leaves the devices figure. */
export async function deletePushSubscription(userId: string, deviceId: string): Promise<boolean> {
  const { data } = await PushSubscription.delete({ userId, deviceId }).go({ response: 'all_old' });
  if (data) await countPush({ devices: -1 });
  return Boolean(data);
}

export async function getPushChoices(userId: string): Promise<PushChoices> {
  const { data } = await PushChoiceRecord.get({ userId }).go();
  if (!data) return { ...DEFAULT_PUSH_CHOICES };
  const { breaking, categories, topics, stories, quietFrom, quietTo } = data;
  return { breaking, categories, topics, stories, quietHours: quietFrom === undefined || quietTo === undefined ? null : { from: quietFrom, to: quietTo } };
}

export async function savePushChoices(userId: string, changes: Partial<PushChoices>): Promise<PushChoices> {
  const next = { ...(await getPushChoices(userId)), ...changes };
  const { quietHours, ...kinds } = next;
  // A put, not an update: quiet hours switched off are the two hours removed.
  await PushChoiceRecord.put({ userId, ...kinds, ...(quietHours ? { quietFrom: quietHours.from, quietTo: quietHours.to } : {}) }).go();
  return next;
}

/** Pushes counted against the reader's cap on this India day. */
export async function pushesSentOn(userId: string, day: string): Promise<number> {
  const { data } = await PushDay.get({ userId, day }).go();
  return data?.sent ?? 0;
}

/**
 * Takes one of the day's pushes, atomically: false when the cap is reached (two notifications mirrored at
 * once cannot both take the last one).
 */
export async function takeDailyPush(userId: string, day: string): Promise<boolean> {
  try {
    await PushDay.update({ userId, day })
      .add({ sent: 1 })
      .set({ expiresAt: expiresInDays(2) })
      .where(({ sent }, { notExists, lt }) => `${notExists(sent)} OR ${lt(sent, DAILY_PUSH_CAP)}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}

/**
 * Claims the push of one notification: false when it was claimed before (a retried batch). Claimed before
 * sending, so a push is sent at most once: one lost to a crash in between stays in the center.
 */
export async function claimPush(userId: string, notificationId: string): Promise<boolean> {
  try {
    await PushSent.create({ userId, notificationId, expiresAt: expiresInDays(2) }).go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
}
