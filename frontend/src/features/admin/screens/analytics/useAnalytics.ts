import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAnalytics, fetchReport, type AnalyticsDays } from './api.ts';

export function useAnalytics(days: AnalyticsDays) {
  return useQuery({ queryKey: ['admin', 'analytics', days], queryFn: () => fetchAnalytics(days), staleTime: 0, retry: 1, placeholderData: keepPreviousData });
}

/** The Reports tab's CSV, fetched only while that tab is open. */
export function useAnalyticsReport(days: AnalyticsDays, enabled: boolean) {
  return useQuery({ queryKey: ['admin', 'analytics', 'report', days], queryFn: () => fetchReport(days), enabled, staleTime: 0, retry: 1 });
}
