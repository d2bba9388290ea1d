import { siteConfig } from '../../../api/config.ts';
import { idToken } from '../../../auth/session.ts';
import { adminGet } from '../../shell/api.ts';

export const ANALYTICS_PERIODS = [
  { days: 7, label: '7 days' },
  { days: 30, label: '30 days' },
  { days: 90, label: '90 days' },
] as const;
export type AnalyticsDays = (typeof ANALYTICS_PERIODS)[number]['days'];
export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

export interface Card {
  value: number;
  previous: number;
  /** Percent vs the previous period of the same length; null when it had none. */
  change: number | null;
}

export interface DailyRow {
  date: string;
  pageViews: number;
  articleViews: number;
  likes: number;
  shares: number;
  bookmarks: number;
  searches: number;
  subscriptionsStarted: number;
  subscriptionsConfirmed: number;
  donations: number;
  donationAmountPaise: number;
}

export interface TopArticle {
  id: string;
  title: string;
  category: string | null;
  views: number;
  likes: number;
  shares: number;
  bookmarks: number;
}

export interface Analytics {
  days: AnalyticsDays;
  from: string;
  to: string;
  cards: Record<'pageViews' | 'articleViews' | 'engagements' | 'conversions', Card>;
  daily: DailyRow[];
  traffic: { topPaths: Array<{ path: string; views: number }>; referrers: Array<{ domain: string; views: number }>; devices: Record<DeviceClass, number> };
  content: { topArticles: TopArticle[]; byCategory: Array<{ category: string; views: number }> };
  engagement: {
    totals: Record<'likes' | 'shares' | 'bookmarks' | 'searches', number>;
    sharesByPlatform: Array<{ platform: string; shares: number }>;
    topSearchTerms: Array<{ term: string; searches: number }>;
  };
  conversion: {
    totals: Record<'subscriptionsStarted' | 'subscriptionsConfirmed' | 'donations' | 'donationAmountPaise' | 'conversions', number>;
    conversionRate: number | null;
  };
}

export const fetchAnalytics = (days: AnalyticsDays) => adminGet<Analytics>('/admin/analytics', { days });

/** The CSV report as text (the token goes in the header, so a plain link cannot fetch it). */
export async function fetchReport(days: AnalyticsDays): Promise<string> {
  const token = await idToken();
  const { apiUrl } = await siteConfig();
  const response = await fetch(new URL(`/admin/analytics/report?days=${days}`, apiUrl), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string };
    throw new Error(body.message ?? 'Failed to fetch analytics data');
  }
  return response.text();
}
