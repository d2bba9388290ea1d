import { focusManager, QueryCache, QueryClient } from '@tanstack/react-query';

/**
 * What a query tells the cache about its failures: `errorToast` is the text shown once when a read fails
 * (after its retries), `false` (or nothing) shows none: the screen shows the failure itself.
 */
export interface QueryMeta extends Record<string, unknown> {
  errorToast?: string | false;
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta;
  }
}

type ErrorToastListener = (message: string, error: unknown) => void;
const errorToastListeners = new Set<ErrorToastListener>();

/** The UI that shows toasts (the console's Flashbar) listens here; returns the unsubscribe. */
export function onQueryErrorToast(listener: ErrorToastListener): () => void {
  errorToastListeners.add(listener);
  return () => void errorToastListeners.delete(listener);
}

/**
 * One cache for the whole site (reader spec section 9, "data cache"): answers stay fresh 2 minutes and
 * are kept 5; a failed read is tried twice more, a failed change once more. Lists that refresh faster
 * (articles: stale after 30 s, refetched every 180 s) set their own times in their query hooks.
 */
export const queryClient = new QueryClient({
  // A failed read is toasted once, from here, when its query names the text (meta.errorToast).
  queryCache: new QueryCache({
    onError: (error, query) => {
      const message = query.meta?.errorToast;
      if (message) for (const listener of errorToastListeners) listener(message, error);
    },
  }),
  defaultOptions: {
    queries: { staleTime: 2 * 60_000, gcTime: 5 * 60_000, retry: 2 },
    mutations: { retry: 1 },
  },
});

/**
 * The reader spec refreshes on focus too (back to the window from another one, the tab still visible):
 * TanStack Query listens for visibilitychange alone, so the window's focus event is added.
 */
// Not on the server, where the page writer renders the same components (frontend/src/app/prerender.tsx).
if (typeof window !== 'undefined') focusManager.setEventListener((handleFocus) => {
  const refocused = () => handleFocus();
  window.addEventListener('visibilitychange', refocused);
  window.addEventListener('focus', refocused);
  return () => {
    window.removeEventListener('visibilitychange', refocused);
    window.removeEventListener('focus', refocused);
  };
});
