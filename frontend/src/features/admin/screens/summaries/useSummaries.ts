import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { fetchSummaries, regenerateSummaries, type SummaryProblem } from './api.ts';

export function useSummaries(query: { problem: SummaryProblem | ''; page: number; pageSize: number }) {
  return useQuery({ queryKey: ['admin', 'summaries', query], queryFn: () => fetchSummaries(query), placeholderData: keepPreviousData, staleTime: 0, retry: 1 });
}

export function useRegenerate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => regenerateSummaries(ids),
    retry: false,
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['admin', 'summaries'] }), client.invalidateQueries({ queryKey: ['admin', 'articles'] })]),
  });
}
