import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchSecurity, type SecurityDays } from './api.ts';

export function useSecurity(days: SecurityDays) {
  return useQuery({ queryKey: ['admin', 'security', days], queryFn: () => fetchSecurity(days), staleTime: 0, retry: 1, placeholderData: keepPreviousData, meta: { errorToast: 'Failed to load security data' } });
}
