/**
 * Save and Like, and the saved list, with TanStack Query: the answer shows at once, the server is told,
 * and a failure puts the old state back. What the reader is told (toasts) is the components' part.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meCall, meKeys, useSignedIn, type ChangeNotices } from '#web/shared/api/meCall.ts';
import type { ApiAnswer } from '#http/answers.ts';

export type Relations = ApiAnswer<'GET /me/relations'>;

export type BookmarkedArticle = ApiAnswer<'GET /me/bookmarks'>['items'][number];

export type RelationKind = 'bookmark' | 'like';
export interface RelationChange {
  kind: RelationKind;
  on: boolean;
}

export function useRelations() {
  return useQuery({ queryKey: meKeys.relations, queryFn: () => meCall('GET /me/relations'), enabled: useSignedIn(), staleTime: 60_000 });
}

/** Save/Saved and Like/Liked for one article, optimistic and rolled back on failure. */
export function useArticleRelations(articleId: string, notices: ChangeNotices<unknown, RelationChange> = {}) {
  const queryClient = useQueryClient();
  const relations = useRelations();
  const saved = relations.data?.bookmarks.includes(articleId) ?? false;
  const liked = relations.data?.likes.includes(articleId) ?? false;

  const mutation = useMutation({
    mutationFn: ({ kind, on }: RelationChange) => meCall(`${on ? 'PUT' : 'DELETE'} /me/${kind === 'bookmark' ? 'bookmarks' : 'likes'}/{articleId}`, { params: { articleId } }),
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
    onError: (error, change, context) => {
      queryClient.setQueryData(meKeys.relations, context?.before);
      notices.onError?.(error, change);
    },
    onSuccess: (answer, change) => {
      notices.onSuccess?.(answer, change);
      void queryClient.invalidateQueries({ queryKey: change.kind === 'bookmark' ? meKeys.bookmarks : meKeys.activity });
      if (change.kind === 'bookmark') void queryClient.invalidateQueries({ queryKey: meKeys.feed('saved') });
    },
  });
  const toggle = (kind: RelationKind) => mutation.mutate({ kind, on: kind === 'bookmark' ? !saved : !liked });
  return { saved, liked, toggle };
}

/** Remove from the bookmarks list: the card leaves the list at once (and comes back if the server says no). */
export function useBookmarkRemover(notices: ChangeNotices<unknown, string> = {}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (articleId: string) => meCall('DELETE /me/bookmarks/{articleId}', { params: { articleId } }),
    onMutate: async (articleId) => {
      await queryClient.cancelQueries({ queryKey: meKeys.bookmarks });
      const bookmarks = queryClient.getQueryData<{ items: BookmarkedArticle[] }>(meKeys.bookmarks);
      const relations = queryClient.getQueryData<Relations>(meKeys.relations);
      queryClient.setQueryData<{ items: BookmarkedArticle[] }>(meKeys.bookmarks, (current) => current && { items: current.items.filter((item) => item.id !== articleId) });
      queryClient.setQueryData<Relations>(meKeys.relations, (current) => current && { ...current, bookmarks: current.bookmarks.filter((id) => id !== articleId) });
      return { bookmarks, relations };
    },
    onError: (error, articleId, context) => {
      queryClient.setQueryData(meKeys.bookmarks, context?.bookmarks);
      queryClient.setQueryData(meKeys.relations, context?.relations);
      notices.onError?.(error, articleId);
    },
    onSuccess: (answer, articleId) => {
      notices.onSuccess?.(answer, articleId);
      void queryClient.invalidateQueries({ queryKey: meKeys.feed('saved') });
    },
  });
  return (articleId: string) => mutation.mutate(articleId);
}

export function useBookmarks() {
  return useQuery({ queryKey: meKeys.bookmarks, queryFn: () => meCall('GET /me/bookmarks'), enabled: useSignedIn(), networkMode: 'offlineFirst' });
}
