import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchNewsletterStats, fetchSubscribers } from './api.ts';

export function useNewsletterStats() {
  return useQuery({ queryKey: ['admin', 'newsletter', 'stats'], queryFn: fetchNewsletterStats, staleTime: 0, retry: 1 });
}

/** One page of subscribers: `cursor` is the position handed out with the previous page (null for the first). */
export function useSubscribers(search: string, cursor: string | null) {
  return useQuery({
    queryKey: ['admin', 'newsletter', 'subscribers', search, cursor],
    queryFn: () => fetchSubscribers(search, cursor),
    staleTime: 0,
    retry: 1,
    placeholderData: keepPreviousData,
    meta: { errorToast: 'Failed to load newsletter subscribers' },
  });
}
