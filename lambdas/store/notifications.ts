import { createHash } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import { v7 as uuidv7 } from 'uuid';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { NOTIFICATION_KINDS } from '#domain/reader/notifications.ts';
import { expiresInDays, newId } from './table/ids.ts';
import { type Page, type PageOptions, queryPage } from './table/paging.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'info', 'admin_message'] as const;

export const Notification = new Entity({
  model: { entity: 'notification', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    message: { type: 'string', required: true },
    type: { type: NOTIFICATION_TYPES, default: 'info' },
    isRead: { type: 'boolean', default: false },
    actionUrl: { type: 'string' },
    /** What it is about (domain/reader/push.ts): decides whether it is also pushed to the reader's devices. */
    kind: { type: NOTIFICATION_KINDS },
    createdAt: timestamps.createdAt,
    /** Epoch seconds; DynamoDB TTL removes expired notifications. */
    expiresAt: { type: 'number' },
  },
  indexes: {
    /** A user's notifications, newest first; ids are time-ordered (UUIDv7), so the id alone addresses one. */
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['id'], casing: keep },
    },
  },
}, tableConfig);

export type NotificationItem = EntityItem<typeof Notification>;
export type NewNotification = Pick<NotificationItem, 'userId' | 'title' | 'message'> & Partial<Pick<NotificationItem, 'type' | 'actionUrl' | 'kind' | 'expiresAt'>>;

/** The one way notifications are made: welcome, new articles, breaking news, the console's direct messages. */
export async function createNotification(input: NewNotification): Promise<NotificationItem> {
  const { data } = await Notification.create({
    ...input,
    id: newId(),
    expiresAt: input.expiresAt ?? expiresInDays(RETENTION_DAYS.notification),
  }).go();
  return data;
}

/**
 * A time-ordered id (UUIDv7) that is the same every time for the same key and time: writing a
 * notification under it twice (a retried stream batch, a re-run) makes one notification.
 */
function notificationIdFor(key: string, at: Date): string {
  const random = new Uint8Array(createHash('sha256').update(key).digest().subarray(0, 16));
  return uuidv7({ msecs: at.getTime(), random, seq: 0 });
}

/** Creates the notification unless one with the same key and time exists; true when it was created. */
export async function createNotificationOnce(input: NewNotification, key: string, at: Date): Promise<boolean> {
  try {
    await Notification.create({ ...input, id: notificationIdFor(key, at), expiresAt: input.expiresAt ?? expiresInDays(RETENTION_DAYS.notification) }).go();
    return true;
  } catch (error) {
    if (error instanceof Error && /conditional/i.test(`${error.message} ${String((error as { cause?: unknown }).cause ?? '')}`)) return false;
    throw error;
  }
}

export interface NotificationListOptions extends PageOptions {
  /** Only notifications newer than this id (ids are time-ordered): the live check asks for these. */
  after?: string | undefined;
  unreadOnly?: boolean | undefined;
}

/** Newest first. */
export function listNotifications(userId: string, options: NotificationListOptions = {}): Promise<Page<NotificationItem>> {
  const base = Notification.query.byUser({ userId });
  // Bounded on both sides: the reader's partition also holds other entities sorting above notifications
  // (a bare `>` read those first and used up the page). Ids are hex UUIDs, so 'g' sorts after every one;
  // the range includes `after` itself, which the filter drops.
  const ranged = options.after
    ? base.between({ id: options.after }, { id: 'g' }).where(({ id }, { ne }) => ne(id, options.after as string))
    : base;
  const filtered = options.unreadOnly ? ranged.where(({ isRead }, { eq }) => eq(isRead, false)) : ranged;
  return queryPage(() => filtered.go({ order: 'desc', limit: options.limit ?? 20, cursor: options.cursor ?? null }));
}

/** Every notification of the user (they expire after 90 days, so a reader has tens, not thousands). */
export async function allNotifications(userId: string): Promise<NotificationItem[]> {
  const { data } = await Notification.query.byUser({ userId }).go({ order: 'desc', pages: 'all' });
  return data;
}

/** False when the notification is not the user's (or gone). */
export async function markNotificationRead(userId: string, id: string): Promise<boolean> {
  try {
    await Notification.patch({ userId, id }).set({ isRead: true }).go();
    return true;
  } catch (error) {
    if (error instanceof Error && /conditional/i.test(error.message)) return false;
    throw error;
  }
}

/** Marks every unread notification read; returns how many changed. */
export async function markAllNotificationsRead(userId: string): Promise<number> {
  const unread = (await allNotifications(userId)).filter((item) => !item.isRead);
  for (const item of unread) await markNotificationRead(userId, item.id);
  return unread.length;
}

/** False when there was nothing of the user's to delete. */
export async function deleteNotification(userId: string, id: string): Promise<boolean> {
  const { data } = await Notification.delete({ userId, id }).go({ response: 'all_old' });
  return Boolean(data);
}
