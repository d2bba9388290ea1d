import { adminGet } from '../../shell/api.ts';

export const REVENUE_PERIODS = [
  { days: 7, label: 'Last 7 Days' },
  { days: 30, label: 'Last 30 Days' },
  { days: 90, label: 'Last 90 Days' },
  { days: 365, label: 'Last Year' },
] as const;
export type RevenueDays = (typeof REVENUE_PERIODS)[number]['days'];
export type Tier = 'premium' | 'gold' | 'silver' | 'other';

export interface RevenueAnalytics {
  days: RevenueDays;
  from: string;
  to: string;
  totalRevenuePaise: number;
  donationCount: number;
  avgDonationPaise: number;
  /** Percent vs the previous period of the same length; null when that period had none. */
  growthRate: number | null;
  previousRevenuePaise: number;
  currencyBreakdown: Record<string, { count: number; totalPaise: number }>;
  tierBreakdown: Record<Tier, { count: number; totalPaise: number; share: number }>;
  dailyRevenue: Array<{ date: string; revenuePaise: number; count: number }>;
}

export const fetchRevenue = (days: RevenueDays) => adminGet<RevenueAnalytics>('/admin/revenue', { days });
