import { useCallback } from 'react';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { ApiError } from '#web/shared/api/client.ts';
import { GUEST_TOASTS, useToast } from '#web/shared/ui/Toasts.tsx';
import { useArticleRelations, useBookmarkRemover, type RelationKind } from '../../api/relations.ts';

/** The spec's toasts for Save and Like (reader spec section 8). */
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
 * Save/Saved and Like/Liked for one article as the reader sees them: a toast for each change and each
 * failure (a refused like says why), and a guest is told to sign in instead.
 */
export function useSaveAndLike(articleId: string) {
  const { status } = useAuth();
  const toast = useToast();
  const { saved, liked, toggle } = useArticleRelations(articleId, {
    onSuccess: (_answer, { kind, on }) => {
      const [title, description] = on ? RELATION_TEXTS[kind].added : RELATION_TEXTS[kind].removed;
      toast(title, description);
    },
    onError: (error, { kind, on }) => {
      const texts = RELATION_TEXTS[kind];
      const fallback = on ? texts.addFailed : texts.removeFailed;
      toast('Error', kind === 'like' && error instanceof ApiError && error.status < 500 && error.message ? error.message : fallback);
    },
  });
  const toggleOrInvite = useCallback(
    (kind: RelationKind) => {
      if (status !== 'signed-in') {
        const [title, description] = kind === 'bookmark' ? GUEST_TOASTS.bookmark : GUEST_TOASTS.like;
        toast(title, description);
        return;
      }
      toggle(kind);
    },
    [status, toast, toggle],
  );
  return { saved, liked, toggleSave: () => toggleOrInvite('bookmark'), toggleLike: () => toggleOrInvite('like') };
}

/** Remove from the bookmarks list, with the same toasts as Save. */
export function useRemoveBookmark() {
  const toast = useToast();
  return useBookmarkRemover({
    onSuccess: () => {
      const [title, description] = RELATION_TEXTS.bookmark.removed;
      toast(title, description);
    },
    onError: () => toast('Error', RELATION_TEXTS.bookmark.removeFailed),
  });
}
