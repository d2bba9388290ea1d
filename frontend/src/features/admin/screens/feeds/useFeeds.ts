import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFeed, deleteFeed, fetchFeedNow, fetchFeeds, importOpml, updateFeed, type FeedInput } from './api.ts';

export const FEEDS_KEY = ['admin', 'feeds'] as const;

/** The feed list with health; refreshed every few seconds while an ingest runs, so the cards follow it. */
export function useFeeds(options: { live?: boolean } = {}) {
  return useQuery({ queryKey: FEEDS_KEY, queryFn: fetchFeeds, staleTime: 0, retry: 1, refetchInterval: options.live ? 4000 : false });
}

/**
 * The feed changes. None is retried on failure: adding, fetching or importing twice is not what the
 * admin asked for (the server would answer a duplicate 409, and a fetch would run again).
 */
export function useFeedMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: FEEDS_KEY });
  return {
    create: useMutation({ mutationFn: (input: FeedInput) => createFeed(input), retry: 0, onSuccess: refresh }),
    update: useMutation({
      mutationFn: ({ id, changes }: { id: string; changes: Parameters<typeof updateFeed>[1] }) => updateFeed(id, changes),
      retry: 0,
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (id: string) => deleteFeed(id), retry: 0, onSuccess: refresh }),
    fetchNow: useMutation({ mutationFn: (id: string) => fetchFeedNow(id), retry: 0, onSettled: refresh }),
    importOpml: useMutation({ mutationFn: (opml: string) => importOpml(opml), retry: 0, onSuccess: refresh }),
  };
}
