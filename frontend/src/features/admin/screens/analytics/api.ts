import { apiAddress, siteConfig } from '../../../../app/api/config.ts';
import { idToken } from '../../../../app/auth/session.ts';
import type { Analytics } from '#domain/analytics/report.ts';
import { adminGet } from '../../shell/api.ts';

export const ANALYTICS_PERIODS = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;
export type AnalyticsDays = (typeof ANALYTICS_PERIODS)[number]['days'];
// The answer's shape is the server's own (type-only: nothing of the domain module reaches the bundle).
export type { Analytics, DailyRow } from '#domain/analytics/report.ts';
export type TopArticle = Analytics['content']['topArticles'][number];

export const fetchAnalytics = (days: AnalyticsDays) => adminGet<Analytics>('/admin/analytics', { days });

/** The CSV report as text (the token goes in the header, so a plain link cannot fetch it). */
export async function fetchReport(days: AnalyticsDays): Promise<string> {
  const token = await idToken();
  const { apiUrl } = await siteConfig();
  const response = await fetch(apiAddress(apiUrl, `/admin/analytics/report?days=${days}`), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? 'Failed to fetch analytics data');
  }
  return response.text();
}
