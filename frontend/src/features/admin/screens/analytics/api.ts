import type { Analytics } from '#domain/analytics/report.ts';
import { adminCall, adminFile } from '../../shell/api.ts';

export const ANALYTICS_PERIODS = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;
export type AnalyticsDays = (typeof ANALYTICS_PERIODS)[number]['days'];
// The answer's shape is the server's own (type-only: nothing of the domain module reaches the bundle).
export type { Analytics, DailyRow } from '#domain/analytics/report.ts';
export type TopArticle = Analytics['content']['topArticles'][number];

export const fetchAnalytics = (days: AnalyticsDays) => adminCall('GET /admin/analytics', { query: { days: `${days}` } });

/** The CSV report as text (the token goes in the header, so a plain link cannot fetch it). */
export async function fetchReport(days: AnalyticsDays): Promise<string> {
  const { blob } = await adminFile('GET /admin/analytics/report', { query: { days: `${days}` }, failure: 'Failed to fetch analytics data' });
  return blob.text();
}
