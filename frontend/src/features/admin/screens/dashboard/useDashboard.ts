import { useQuery } from '@tanstack/react-query';
import { fetchDashboard } from './api.ts';

/** Spec section 9: stats refresh every 30 seconds. */
export const DASHBOARD_REFRESH_MS = 30_000;

export function useDashboard() {
  return useQuery({ queryKey: ['admin', 'dashboard'], queryFn: fetchDashboard, refetchInterval: DASHBOARD_REFRESH_MS, staleTime: 0, retry: 1 });
}
