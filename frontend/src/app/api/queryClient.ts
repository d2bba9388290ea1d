import { focusManager, QueryClient } from '@tanstack/react-query';

/**
 * One cache for the whole site (reader spec section 9, "data cache"): answers stay fresh 2 minutes and
 * are kept 5; a failed read is tried twice more, a failed change once more. Lists that refresh faster
 * (articles: stale after 30 s, refetched every 180 s) set their own times in their query hooks.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 2 * 60_000, gcTime: 5 * 60_000, retry: 2 },
    mutations: { retry: 1 },
  },
});

/**
 * The reader spec refreshes on focus too (back to the window from another one, the tab still visible):
 * TanStack Query listens for visibilitychange alone, so the window's focus event is added.
 */
focusManager.setEventListener((handleFocus) => {
  const refocused = () => handleFocus();
  window.addEventListener('visibilitychange', refocused);
  window.addEventListener('focus', refocused);
  return () => {
    window.removeEventListener('visibilitychange', refocused);
    window.removeEventListener('focus', refocused);
  };
});
