/**
 * The reader's notifications with TanStack Query: pages by cursor, a poll for new ones while the page is
 * visible, optimistic read / read-all / delete rolled back on failure.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useRef } from 'react';
import { meCall, meKeys, useSignedIn } from '#web/shared/api/meCall.ts';
import type { ApiAnswer } from '#http/answers.ts';

export type NotificationView = NotificationPage['items'][number];

export type NotificationPage = ApiAnswer<'GET /me/notifications'>;

/** How often the page asks for new notifications while it is visible (see README: why a poll). */
export const NOTIFICATION_POLL_MS = 8000;

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: meKeys.notifications,
    queryFn: ({ pageParam }) => meCall('GET /me/notifications', { query: { cursor: pageParam ?? undefined } }),
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
  const newestRef = useRef(list.data?.pages[0]?.items[0]?.id);
  newestRef.current = list.data?.pages[0]?.items[0]?.id;
  const arrivedRef = useRef(onArrived);
  arrivedRef.current = onArrived;

  // The poll: every few seconds while the page is visible (TanStack pauses the interval in a hidden tab).
  useQuery({
    queryKey: meKeys.arrivals,
    queryFn: async () => {
      const answer = await meCall('GET /me/notifications', { query: { after: newestRef.current } }).catch(() => null);
      if (!answer?.items.length) return null;
      queryClient.setQueryData<NotificationCache>(meKeys.notifications, (cache) => {
        if (!cache) return cache;
        const known = new Set(cache.pages.flatMap((page) => page.items.map((item) => item.id)));
        const fresh = answer.items.filter((item) => !known.has(item.id));
        const [first, ...rest] = cache.pages;
        if (!first) return cache;
        return { ...cache, pages: [{ ...first, items: [...fresh, ...first.items], unreadCount: answer.unreadCount }, ...rest] };
      });
      arrivedRef.current(answer.items);
      return answer.items.length;
    },
    enabled: signedIn && list.isSuccess,
    // The first look is one interval after the list loaded, as every later one.
    initialData: null,
    staleTime: Infinity,
    refetchInterval: NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: false,
  });

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
    mutationFn: (id: string) => meCall('POST /me/notifications/{id}/read', { params: { id } }),
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
    mutationFn: () => meCall('POST /me/notifications/read-all'),
    onMutate: () => optimistic((items) => items.map((item) => ({ ...item, isRead: true })), () => 0),
    onSuccess: () => notices.onAllRead?.(),
    onError: (_error, _input, context) => {
      rollback(context);
      notices.onFailed?.('read-all');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => meCall('DELETE /me/notifications/{id}', { params: { id } }),
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
