import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchAnalytics, fetchReport, type AnalyticsDays } from './api.ts';

const FETCH_FAILED = 'Failed to fetch analytics data';

/** The screen's cache keys: the figures and the CSV of a period, each its own key (and type). */
export const analyticsKeys = {
  summary: (days: AnalyticsDays) => ['admin', 'analytics', 'summary', days] as const,
  report: (days: AnalyticsDays) => ['admin', 'analytics', 'report', days] as const,
};

export function useAnalytics(days: AnalyticsDays) {
  return useQuery({ queryKey: analyticsKeys.summary(days), queryFn: () => fetchAnalytics(days), staleTime: 0, retry: 1, placeholderData: keepPreviousData, meta: { errorToast: FETCH_FAILED } });
}

/** The Reports tab's CSV, fetched only while that tab is open. */
export function useAnalyticsReport(days: AnalyticsDays, enabled: boolean) {
  return useQuery({ queryKey: analyticsKeys.report(days), queryFn: () => fetchReport(days), enabled, staleTime: 0, retry: 1, meta: { errorToast: FETCH_FAILED } });
}
