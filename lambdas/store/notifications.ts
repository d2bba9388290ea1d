import type { EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/retention.ts';
import { Notification } from './entities.ts';
import { expiresInDays, newId } from './ids.ts';
import { queryPage, type Page, type PageOptions } from './paging.ts';

export type NotificationItem = EntityItem<typeof Notification>;
export type NewNotification = Pick<NotificationItem, 'userId' | 'title' | 'message'> & Partial<Pick<NotificationItem, 'type' | 'actionUrl' | 'expiresAt'>>;

export async function createNotification(input: NewNotification): Promise<NotificationItem> {
  const { data } = await Notification.create({
    ...input,
    id: newId(),
    expiresAt: input.expiresAt ?? expiresInDays(RETENTION_DAYS.notification),
  }).go();
  return data;
}

/** Newest first. */
export function listNotifications(userId: string, options: PageOptions = {}): Promise<Page<NotificationItem>> {
  return queryPage(() => Notification.query.byUser({ userId }).go({ order: 'desc', limit: options.limit ?? 20, cursor: options.cursor ?? null }));
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

export async function deleteNotification(userId: string, id: string): Promise<void> {
  await Notification.delete({ userId, id }).go();
}
