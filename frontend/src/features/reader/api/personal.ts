/** The signed-in reader's own feed and reading activity (reader spec section 2). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedKind } from '#domain/reader/feed.ts';
import { call } from '#web/shared/api/client.ts';
import { meCall, meKeys, useSignedIn, type ChangeNotices } from '#web/shared/api/meCall.ts';
import type { ApiAnswer } from '#http/answers.ts';

export type Activity = ApiAnswer<'GET /me/activity'>;

export const PERFORMANCE_RANGES = ['24h', '7d', '30d'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

export type Performance = ApiAnswer<'GET /content-performance'>;

/** The site's content performance over a range, for the signed-in side widget; refreshed every minute. */
export function useContentPerformance(range: PerformanceRange) {
  return useQuery({ queryKey: ['content-performance', range], queryFn: () => call('GET /content-performance', { query: { range } }), refetchInterval: 60_000 });
}

export function useFeed(kind: FeedKind) {
  return useQuery({ queryKey: meKeys.feed(kind), queryFn: () => meCall('GET /me/feed', { query: { kind } }), enabled: useSignedIn() });
}

export function useActivity() {
  return useQuery({ queryKey: meKeys.activity, queryFn: () => meCall('GET /me/activity'), enabled: useSignedIn(), refetchInterval: 60_000 });
}

export function useGenerateRecommendations(notices: ChangeNotices<{ generated: number }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => meCall('POST /me/recommendations'),
    onSuccess: (answer) => {
      notices.onSuccess?.(answer);
      void queryClient.invalidateQueries({ queryKey: meKeys.feed('for-you') });
      void queryClient.invalidateQueries({ queryKey: meKeys.activity });
    },
    onError: (error) => notices.onError?.(error),
  });
}
