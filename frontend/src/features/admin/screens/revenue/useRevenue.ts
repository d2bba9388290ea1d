import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchRevenue, type RevenueDays } from './api.ts';

export function useRevenue(days: RevenueDays) {
  return useQuery({ queryKey: ['admin', 'revenue', days], queryFn: () => fetchRevenue(days), staleTime: 0, retry: 1, placeholderData: keepPreviousData, meta: { errorToast: 'Failed to load revenue analytics' } });
}
