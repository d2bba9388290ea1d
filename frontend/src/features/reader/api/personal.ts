/** The signed-in reader's own feed and reading activity (reader spec section 2). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedKind } from '#domain/reader/feed.ts';
import { meCall, meKeys, useSignedIn, type ChangeNotices } from '../../../app/api/meCall.ts';
import type { Article } from './articles.ts';

export interface Activity {
  windowDays: number;
  articlesRead: number;
  articlesCompleted: number;
  readingMinutes: number;
  engagementScore: number;
  recommendations: number;
  recent: Array<{ actionType: string; resourceId?: string; createdAt: string }>;
}

export function useFeed(kind: FeedKind) {
  return useQuery({ queryKey: meKeys.feed(kind), queryFn: () => meCall<{ items: Article[]; source: string }>('GET', '/me/feed', undefined, { kind }), enabled: useSignedIn() });
}

export function useActivity() {
  return useQuery({ queryKey: meKeys.activity, queryFn: () => meCall<Activity>('GET', '/me/activity'), enabled: useSignedIn(), refetchInterval: 60_000 });
}

export function useGenerateRecommendations(notices: ChangeNotices<{ generated: number }> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => meCall<{ generated: number }>('POST', '/me/recommendations'),
    onSuccess: (answer) => {
      notices.onSuccess?.(answer);
      void queryClient.invalidateQueries({ queryKey: meKeys.feed('for-you') });
      void queryClient.invalidateQueries({ queryKey: meKeys.activity });
    },
    onError: (error) => notices.onError?.(error),
  });
}
