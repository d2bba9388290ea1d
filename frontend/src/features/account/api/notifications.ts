/**
 * The reader's notifications with TanStack Query: pages by cursor, a poll for new ones while the page is
 * visible, optimistic read / read-all / delete rolled back on failure.
 */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { meCall, meKeys, useSignedIn } from '../../../app/api/meCall.ts';
import type { ApiAnswer } from '#http/answers.ts';

export type NotificationView = NotificationPage['items'][number];

export type NotificationPage = ApiAnswer<'GET /me/notifications'>;

/** How often the page asks for new notifications while it is visible (see README: why a poll). */
export const NOTIFICATION_POLL_MS = 8000;

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: meKeys.notifications,
    queryFn: ({ pageParam }) => meCall<NotificationPage>('GET', '/me/notifications', undefined, { cursor: pageParam ?? undefined }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    enabled: useSignedIn(),
  });
}

type NotificationCache = InfiniteData<NotificationPage, string | null>;

function editNotifications(cache: NotificationCache | undefined, edit: (items: NotificationView[]) => NotificationView[], unread: (count: number) => number): NotificationCache | undefined {
  if (!cache) return cache;
  return {
    ...cache,
    pages: cache.pages.map((page, index) => ({ ...page, items: edit(page.items), unreadCount: index === 0 ? Math.max(0, unread(page.unreadCount)) : page.unreadCount })),
  };
}

export const unreadCountOf = (cache: { pages: NotificationPage[] } | undefined) => cache?.pages[0]?.unreadCount ?? 0;

/**
 * Live notifications: while the page is visible, asks every few seconds for what arrived after the newest
 * one it has; new ones are prepended and raise the unread count, and `onArrived` hears of them.
 */
export function useNotificationWatcher(onArrived: (items: NotificationView[]) => void) {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const list = useNotifications();
  const newest = list.data?.pages[0]?.items[0]?.id;
  const newestRef = useRef(newest);
  newestRef.current = newest;
  const arrivedRef = useRef(onArrived);
  arrivedRef.current = onArrived;
  const loaded = list.isSuccess;

  useEffect(() => {
    if (!signedIn || !loaded) return;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      const after = newestRef.current;
      const answer = await meCall<NotificationPage>('GET', '/me/notifications', undefined, { after }).catch(() => null);
      if (!answer?.items.length) return;
      queryClient.setQueryData<NotificationCache>(meKeys.notifications, (cache) => {
        if (!cache) return cache;
        const known = new Set(cache.pages.flatMap((page) => page.items.map((item) => item.id)));
        const fresh = answer.items.filter((item) => !known.has(item.id));
        const [first, ...rest] = cache.pages;
        if (!first) return cache;
        return { ...cache, pages: [{ ...first, items: [...fresh, ...first.items], unreadCount: answer.unreadCount }, ...rest] };
      });
      arrivedRef.current(answer.items);
    };
    const timer = setInterval(() => void check(), NOTIFICATION_POLL_MS);
    return () => clearInterval(timer);
  }, [signedIn, loaded, queryClient]);

  return list;
}

/** What each action tells the component; `failed` names the action for its error text. */
export interface NotificationNotices {
  onAllRead?: () => void;
  onFailed?: (action: 'read' | 'read-all' | 'delete') => void;
}

export function useNotificationActions(notices: NotificationNotices = {}) {
  const queryClient = useQueryClient();
  const optimistic = async (edit: Parameters<typeof editNotifications>[1], unread: Parameters<typeof editNotifications>[2]) => {
    await queryClient.cancelQueries({ queryKey: meKeys.notifications });
    const before = queryClient.getQueryData<NotificationCache>(meKeys.notifications);
    queryClient.setQueryData<NotificationCache>(meKeys.notifications, (cache) => editNotifications(cache, edit, unread));
    return { before };
  };
  const rollback = (context: { before?: NotificationCache } | undefined) => {
    queryClient.setQueryData(meKeys.notifications, context?.before);
  };
  const wasUnread = (id: string) =>
    queryClient.getQueryData<NotificationCache>(meKeys.notifications)?.pages.some((page) => page.items.some((item) => item.id === id && !item.isRead)) ?? false;

  const markRead = useMutation({
    mutationFn: (id: string) => meCall('POST', `/me/notifications/${id}/read`),
    onMutate: (id) => {
      const unread = wasUnread(id);
      return optimistic((items) => items.map((item) => (item.id === id ? { ...item, isRead: true } : item)), (count) => count - (unread ? 1 : 0));
    },
    onError: (_error, _id, context) => {
      rollback(context);
      notices.onFailed?.('read');
    },
  });
  const markAllRead = useMutation({
    mutationFn: () => meCall('POST', '/me/notifications/read-all'),
    onMutate: () => optimistic((items) => items.map((item) => ({ ...item, isRead: true })), () => 0),
    onSuccess: () => notices.onAllRead?.(),
    onError: (_error, _input, context) => {
      rollback(context);
      notices.onFailed?.('read-all');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => meCall('DELETE', `/me/notifications/${id}`),
    onMutate: (id) => {
      const unread = wasUnread(id);
      return optimistic((items) => items.filter((item) => item.id !== id), (count) => count - (unread ? 1 : 0));
    },
    onError: (_error, _id, context) => {
      rollback(context);
      notices.onFailed?.('delete');
    },
  });
  return { markRead, markAllRead, remove };
}
