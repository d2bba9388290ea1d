import * as z from '#domain/common/validation.ts';
import { NOTIFICATION_PAGE_SIZE, newestFirst, safeActionUrl } from '#domain/reader/notifications.ts';
import { allNotifications, listNotifications, type NotificationItem } from '#store/notifications.ts';
import { readEveryNotification, readOneNotification, removeOneNotification } from '../../services/reader-activity.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, limitParam, route } from '#platform/router.ts';
import { reader } from './caller.ts';

const WEEK_MS = 7 * 86_400_000;
const idParams = z.object({ id: z.uuid('Unknown notification') });

function view(item: NotificationItem) {
  return {
    id: item.id,
    title: item.title,
    message: item.message,
    type: item.type ?? 'info',
    isRead: item.isRead ?? false,
    actionUrl: safeActionUrl(item.actionUrl) ?? null,
    createdAt: item.createdAt,
  };
}

function stats(items: readonly NotificationItem[], now = Date.now()) {
  const unread = items.filter((item) => !item.isRead).length;
  return {
    total: items.length,
    unread,
    read: items.length - unread,
    recentCount: items.filter((item) => now - Date.parse(item.createdAt) < WEEK_MS).length,
  };
}

/**
 * Newest first, a page at a time; `after` asks only for what arrived since the newest one the page has
 * (the live check every few seconds). The unread count rides along so the badge never needs a second call.
 */
export const myNotifications = route(
  {
    query: z.object({
      limit: limitParam(50, NOTIFICATION_PAGE_SIZE),
      cursor: cursorParam,
      after: z.optional(z.uuid('Unknown notification')),
      unreadOnly: z.pipe(z._default(z.enum(['true', 'false']), 'false'), z.transform((value) => value === 'true')),
    }),
  },
  async ({ caller, query }) => {
    const { userId } = reader(caller);
    const scope = cursorScope('notifications', { userId, after: query.after, unreadOnly: query.unreadOnly });
    const cursor = await openCursor(scope, query.cursor);
    const [page, everything] = await Promise.all([listNotifications(userId, { ...query, cursor }), allNotifications(userId)]);
    return { items: newestFirst(page.items.map(view)), cursor: await sealCursor(scope, page.cursor), unreadCount: stats(everything).unread };
  },
);

export const myNotificationStats = route({}, async ({ caller }) => stats(await allNotifications(reader(caller).userId)));

export const readNotification = route({ params: idParams }, async ({ caller, params }) => {
  await readOneNotification(reader(caller).userId, params.id);
  return { id: params.id, isRead: true };
});

export const readAllNotifications = route({}, async ({ caller }) => ({ marked: await readEveryNotification(reader(caller).userId) }));

export const removeNotification = route({ params: idParams }, async ({ caller, params }) => {
  await removeOneNotification(reader(caller).userId, params.id);
  return { id: params.id, deleted: true };
});
