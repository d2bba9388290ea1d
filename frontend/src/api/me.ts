/**
 * The signed-in reader's API (routes at level `user`), with TanStack Query: cached per reader, optimistic
 * where the reader expects an instant answer (Save, Like, notifications), rolled back on failure.
 */
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { FeedKind } from '#domain/reader/feed.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { loadSession } from '../auth/user.ts';
import { GUEST_TOASTS, useToast } from '../components/Toasts.tsx';
import { apiCall, ApiError, type HttpMethod } from './client.ts';

/** Calls a `user` route with the reader's ID token (Amplify refreshes it when it has expired). */
export async function meCall<T>(method: HttpMethod, path: string, body?: unknown, params?: Record<string, string | number | undefined>): Promise<T> {
  const token = await (await loadSession()).idToken();
  if (!token) throw new ApiError(401, 'Sign in required');
  return apiCall<T>(method, path, { body, params, token });
}

export type Relations = ApiAnswer<'GET /me/relations'>;
export type NotificationPage = ApiAnswer<'GET /me/notifications'>;
export type NotificationView = NotificationPage['items'][number];
export type Preferences = ApiAnswer<'GET /me/preferences'>;
export type Activity = ApiAnswer<'GET /me/activity'>;
export type Profile = ApiAnswer<'GET /me'>;

export const meKeys = {
  relations: ['me', 'relations'] as const,
  bookmarks: ['me', 'bookmarks'] as const,
  feed: (kind: FeedKind) => ['me', 'feed', kind] as const,
  activity: ['me', 'activity'] as const,
  preferences: ['me', 'preferences'] as const,
  notifications: ['me', 'notifications'] as const,
  profile: ['me', 'profile'] as const,
};

function useSignedIn(): boolean {
  return useAuth().status === 'signed-in';
}

export function useRelations() {
  return useQuery({ queryKey: meKeys.relations, queryFn: () => meCall<Relations>('GET', '/me/relations'), enabled: useSignedIn(), staleTime: 60_000 });
}

const RELATION_TEXTS = {
  bookmark: {
    added: ['Bookmarked', 'Article saved to your bookmarks'],
    removed: ['Removed', 'Article removed from bookmarks'],
    addFailed: 'Failed to bookmark article',
    removeFailed: 'Failed to remove bookmark',
  },
  like: {
    added: ['Article Liked!', 'Added to your liked articles.'],
    removed: ['Like Removed', 'Removed from your liked articles.'],
    addFailed: 'Failed to like article.',
    removeFailed: 'Failed to remove like.',
  },
} as const;

/**
 * Save/Saved and Like/Liked for one article: the answer shows at once, the server is told, and a failure
 * puts the old state back with the spec's error toast. A guest is told to sign in.
 */
export function useArticleRelations(articleId: string) {
  const { status } = useAuth();
  const toast = useToast();
  const queryClient = useQueryClient();
  const relations = useRelations();
  const saved = relations.data?.bookmarks.includes(articleId) ?? false;
  const liked = relations.data?.likes.includes(articleId) ?? false;

  const mutation = useMutation({
    mutationFn: ({ kind, on }: { kind: 'bookmark' | 'like'; on: boolean }) =>
      meCall(on ? 'PUT' : 'DELETE', `/me/${kind === 'bookmark' ? 'bookmarks' : 'likes'}/${encodeURIComponent(articleId)}`),
    onMutate: async ({ kind, on }) => {
      await queryClient.cancelQueries({ queryKey: meKeys.relations });
      const before = queryClient.getQueryData<Relations>(meKeys.relations);
      const field = kind === 'bookmark' ? 'bookmarks' : 'likes';
      queryClient.setQueryData<Relations>(meKeys.relations, (current) => {
        const base = current ?? { bookmarks: [], likes: [] };
        const list = base[field].filter((id) => id !== articleId);
        return { ...base, [field]: on ? [articleId, ...list] : list };
      });
      return { before };
    },
    onError: (error, { kind, on }, context) => {
      queryClient.setQueryData(meKeys.relations, context?.before);
      const texts = RELATION_TEXTS[kind];
      const fallback = on ? texts.addFailed : texts.removeFailed;
      toast('Error', kind === 'like' && error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback);
    },
    onSuccess: (_answer, { kind, on }) => {
      const [title, description] = on ? RELATION_TEXTS[kind].added : RELATION_TEXTS[kind].removed;
      toast(title, description);
      void queryClient.invalidateQueries({ queryKey: kind === 'bookmark' ? meKeys.bookmarks : meKeys.activity });
      if (kind === 'bookmark') void queryClient.invalidateQueries({ queryKey: meKeys.feed('saved') });
    },
  });

  const toggle = useCallback(
    (kind: 'bookmark' | 'like') => {
      if (status !== 'signed-in') {
        const [title, description] = kind === 'bookmark' ? GUEST_TOASTS.bookmark : GUEST_TOASTS.like;
        toast(title, description);
        return;
      }
      mutation.mutate({ kind, on: kind === 'bookmark' ? !saved : !liked });
    },
    [status, toast, mutation, saved, liked],
  );
  return { saved, liked, toggleSave: () => toggle('bookmark'), toggleLike: () => toggle('like') };
}

/**
 * Remove from the bookmarks list: the card leaves the list at once (and comes back if the server says no),
 * through the same Save toggle as everywhere else.
 */
export function useArticleRelationsRemover() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const mutation = useMutation({
    mutationFn: (articleId: string) => meCall('DELETE', `/me/bookmarks/${encodeURIComponent(articleId)}`),
    onMutate: async (articleId) => {
      await queryClient.cancelQueries({ queryKey: meKeys.bookmarks });
      const bookmarks = queryClient.getQueryData<{ items: BookmarkedArticle[] }>(meKeys.bookmarks);
      const relations = queryClient.getQueryData<Relations>(meKeys.relations);
      queryClient.setQueryData<{ items: BookmarkedArticle[] }>(meKeys.bookmarks, (current) => current && { items: current.items.filter((item) => item.id !== articleId) });
      queryClient.setQueryData<Relations>(meKeys.relations, (current) => current && { ...current, bookmarks: current.bookmarks.filter((id) => id !== articleId) });
      return { bookmarks, relations };
    },
    onError: (_error, _articleId, context) => {
      queryClient.setQueryData(meKeys.bookmarks, context?.bookmarks);
      queryClient.setQueryData(meKeys.relations, context?.relations);
      toast('Error', RELATION_TEXTS.bookmark.removeFailed);
    },
    onSuccess: () => {
      const [title, description] = RELATION_TEXTS.bookmark.removed;
      toast(title, description);
      void queryClient.invalidateQueries({ queryKey: meKeys.feed('saved') });
    },
  });
  return (articleId: string) => mutation.mutate(articleId);
}

export type BookmarkedArticle = ApiAnswer<'GET /me/bookmarks'>['items'][number];

export function useBookmarks() {
  return useQuery({ queryKey: meKeys.bookmarks, queryFn: () => meCall<ApiAnswer<'GET /me/bookmarks'>>('GET', '/me/bookmarks'), enabled: useSignedIn(), networkMode: 'offlineFirst' });
}

export function useFeed(kind: FeedKind) {
  return useQuery({ queryKey: meKeys.feed(kind), queryFn: () => meCall<ApiAnswer<'GET /me/feed'>>('GET', '/me/feed', undefined, { kind }), enabled: useSignedIn() });
}

export function useActivity() {
  return useQuery({ queryKey: meKeys.activity, queryFn: () => meCall<Activity>('GET', '/me/activity'), enabled: useSignedIn(), refetchInterval: 60_000 });
}

export function useProfile() {
  return useQuery({ queryKey: meKeys.profile, queryFn: () => meCall<Profile>('GET', '/me'), enabled: useSignedIn() });
}

export function usePreferences() {
  return useQuery({ queryKey: meKeys.preferences, queryFn: () => meCall<Preferences>('GET', '/me/preferences'), enabled: useSignedIn() });
}

export function useSavePreferences() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: (preferences: Partial<Preferences>) => meCall<ApiAnswer<'PUT /me/preferences'>>('PUT', '/me/preferences', preferences),
    onSuccess: (saved) => {
      queryClient.setQueryData(meKeys.preferences, saved);
      void queryClient.invalidateQueries({ queryKey: ['me', 'feed'] });
      toast('Success', 'Preferences updated successfully');
    },
    onError: (error) => toast('Error', error instanceof ApiError && error.status === 400 ? error.message : 'Failed to update preferences'),
  });
}

export function useGenerateRecommendations() {
  const queryClient = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: () => meCall<ApiAnswer<'POST /me/recommendations'>>('POST', '/me/recommendations'),
    onSuccess: ({ generated }) => {
      toast('Success', `Generated ${generated} new recommendations`);
      void queryClient.invalidateQueries({ queryKey: meKeys.feed('for-you') });
      void queryClient.invalidateQueries({ queryKey: meKeys.activity });
    },
    onError: () => toast('Error', 'Failed to generate recommendations'),
  });
}

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
 * one it has; new ones are prepended, raise the unread count and show a toast.
 */
export function useNotificationWatcher() {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const toast = useToast();
  const list = useNotifications();
  const newest = list.data?.pages[0]?.items[0]?.id;
  const newestRef = useRef(newest);
  newestRef.current = newest;
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
      for (const item of answer.items.slice(0, 3)) toast(item.title, item.message);
    };
    const timer = setInterval(() => void check(), NOTIFICATION_POLL_MS);
    return () => clearInterval(timer);
  }, [signedIn, loaded, queryClient, toast]);

  return list;
}

export function useNotificationActions() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const optimistic = async (edit: Parameters<typeof editNotifications>[1], unread: Parameters<typeof editNotifications>[2]) => {
    await queryClient.cancelQueries({ queryKey: meKeys.notifications });
    const before = queryClient.getQueryData<NotificationCache>(meKeys.notifications);
    queryClient.setQueryData<NotificationCache>(meKeys.notifications, (cache) => editNotifications(cache, edit, unread));
    return { before };
  };
  const rollback = (_error: unknown, _input: unknown, context: { before?: NotificationCache } | undefined) => {
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
    onError: (error, id, context) => {
      rollback(error, id, context);
      toast('Error', 'Failed to mark notifications as read');
    },
  });
  const markAllRead = useMutation({
    mutationFn: () => meCall('POST', '/me/notifications/read-all'),
    onMutate: () => optimistic((items) => items.map((item) => ({ ...item, isRead: true })), () => 0),
    onSuccess: () => toast('Success', 'All notifications marked as read'),
    onError: (error, input, context) => {
      rollback(error, input, context);
      toast('Error', 'Failed to mark notifications as read');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => meCall('DELETE', `/me/notifications/${id}`),
    onMutate: (id) => {
      const unread = wasUnread(id);
      return optimistic((items) => items.filter((item) => item.id !== id), (count) => count - (unread ? 1 : 0));
    },
    onError: (error, id, context) => {
      rollback(error, id, context);
      toast('Error', 'Failed to load notifications');
    },
  });
  return { markRead, markAllRead, remove };
}

export interface ReadingReport {
  event: 'start' | 'progress' | 'complete';
  progressPercentage: number;
  secondsRead: number;
  lastPosition: number;
}

/** Reading tracking is silent on failure (reader spec section 8). */
export function reportReading(articleId: string, report: ReadingReport): void {
  void meCall('POST', `/me/reading/${encodeURIComponent(articleId)}`, report).catch(() => undefined);
}

export function fetchReading(articleId: string) {
  return meCall<ApiAnswer<'GET /me/reading/{articleId}'>>('GET', `/me/reading/${encodeURIComponent(articleId)}`);
}
