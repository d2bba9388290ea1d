import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CategorySlug } from '#domain/content/categories.ts';
import { approve, fetchQueue, fetchReviewStats, reject, type RejectReason } from './api.ts';

export function useReviewQueue() {
  const client = useQueryClient();
  const queue = useInfiniteQuery({
    queryKey: ['admin', 'review'],
    queryFn: ({ pageParam }) => fetchQueue(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    staleTime: 0,
    retry: 1,
  });
  const stats = useQuery({ queryKey: ['admin', 'review', 'stats'], queryFn: fetchReviewStats, staleTime: 0, refetchInterval: 30_000, retry: 1 });
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'review'] });
  const approveOne = useMutation({ mutationFn: ({ id, category }: { id: string; category: CategorySlug }) => approve(id, category), onSettled: refresh, retry: 0 });
  const rejectOne = useMutation({ mutationFn: ({ id, reason }: { id: string; reason: RejectReason }) => reject(id, reason), onSettled: refresh, retry: 0 });
  return { queue, stats, approveOne, rejectOne };
}
