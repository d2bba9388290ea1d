import { adminCall } from '../../shell/api.ts';

export const REVENUE_PERIODS = [
  { days: 7, label: 'Last 7 Days' },
  { days: 30, label: 'Last 30 Days' },
  { days: 90, label: 'Last 90 Days' },
  { days: 365, label: 'Last Year' },
] as const;
export type RevenueDays = (typeof REVENUE_PERIODS)[number]['days'];
// The answer's shape is the server's own (type-only imports: nothing of the domain reaches the bundle).
export type { RevenueAnalytics } from '#domain/donations/revenue.ts';
export type { SupporterTier as Tier } from '#domain/donations/donations.ts';

export const fetchRevenue = (days: RevenueDays) => adminCall('GET /admin/revenue', { query: { days: String(days) } });
