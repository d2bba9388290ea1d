/**
 * Read marks for a signed-in reader (the cards the reader opened or marked read), the "hide read" choice and
 * the list view (cards or headlines), both remembered in this browser. Guests ask for nothing.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { meCall, meKeys, useSignedIn, type ChangeNotices } from '#web/shared/api/meCall.ts';
import type { ApiAnswer } from '#http/answers.ts';

type Reads = ApiAnswer<'GET /me/reads'>;
type Marked = ApiAnswer<'POST /me/reads'>;

const EMPTY: ReadonlySet<string> = new Set();

/** Which of these articles the reader has read: one call for the cards of a page. */
export function useReadIds(ids: readonly string[], enabled = true): ReadonlySet<string> {
  const signedIn = useSignedIn();
  const key = [...ids].sort();
  const query = useQuery({
    queryKey: [...meKeys.reads, key],
    queryFn: () => meCall('GET /me/reads', { query: { ids: key.join(',') } }),
    enabled: signedIn && enabled && key.length > 0,
    staleTime: 60_000,
    select: (answer) => new Set(answer.read),
  });
  return query.data ?? EMPTY;
}

/** Marks articles read: every shown list has them as read at once; a failure puts the old marks back. */
export function useMarkRead(notices: ChangeNotices<Marked, readonly string[]> = {}) {
  const queryClient = useQueryClient();
  const signedIn = useSignedIn();
  const mutation = useMutation({
    mutationFn: (articleIds: readonly string[]) => meCall('POST /me/reads', { body: { articleIds: [...articleIds] } }),
    onMutate: async (articleIds) => {
      await queryClient.cancelQueries({ queryKey: meKeys.reads });
      const before = queryClient.getQueriesData<Reads>({ queryKey: meKeys.reads });
      queryClient.setQueriesData<Reads>({ queryKey: meKeys.reads }, (current) => current && { read: [...new Set([...current.read, ...articleIds])] });
      return { before };
    },
    onError: (error, articleIds, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      notices.onError?.(error, articleIds);
    },
    onSuccess: (answer, articleIds) => notices.onSuccess?.(answer, articleIds),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meKeys.reads }),
  });
  const { mutate } = mutation;
  const mark = useCallback((articleIds: readonly string[]) => {
    if (signedIn && articleIds.length) mutate(articleIds);
  }, [mutate, signedIn]);
  return { mark, pending: mutation.isPending };
}

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function store(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // private mode or full: the choice lasts for this page only
  }
}

export type ListView = 'cards' | 'headlines';
export const LIST_VIEW_KEY = 'cnh-list-view';
const HIDE_READ_PREFIX = 'cnh-hide-read-';

/** Cards or one-line headlines, remembered in this browser. */
export function useListView(): [ListView, (view: ListView) => void] {
  const [view, setView] = useState<ListView>(() => (stored(LIST_VIEW_KEY) === 'headlines' ? 'headlines' : 'cards'));
  const choose = useCallback((next: ListView) => {
    store(LIST_VIEW_KEY, next);
    setView(next);
  }, []);
  return [view, choose];
}

/** Hide read articles on the home list, remembered for this reader in this browser. */
export function useHideRead(): [boolean, (hide: boolean) => void] {
  const userId = useAuth().user?.userId;
  const key = userId ? `${HIDE_READ_PREFIX}${userId}` : null;
  const [choice, setChoice] = useState<{ key: string | null; hide: boolean }>(() => ({ key, hide: key ? stored(key) === '1' : false }));
  // The reader signed in (or changed) after the first render: read their own choice.
  const current = choice.key === key ? choice : { key, hide: key ? stored(key) === '1' : false };
  const choose = useCallback((hide: boolean) => {
    if (key) store(key, hide ? '1' : '0');
    setChoice({ key, hide });
  }, [key]);
  return [current.hide, choose];
}
