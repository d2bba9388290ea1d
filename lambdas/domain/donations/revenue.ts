/**
 * Revenue analytics of the console (admin spec: Revenue Analytics; entity "Revenue analytics result"; section 5
 * currency and tier rules; section 9 periods and the 14-day trend). Pure: the figures of paid donations.
 */
import { DAY_MS, indiaDayOf, indiaDayStart } from '../common/india-time.ts';
import { DONATION_CURRENCY, SUPPORTER_TIERS, supporterTier, type SupporterTier } from './donations.ts';

export const REVENUE_PERIODS = [7, 30, 90, 365] as const;
export type RevenuePeriod = (typeof REVENUE_PERIODS)[number];
/** The Daily Revenue Trend always shows the last 14 India-time days, today included. */
export const TREND_DAYS = 14;

export interface PaidDonation {
  /** Paise. */
  amount: number;
  currency?: string;
  paidAt: string;
}

export interface RevenueWindows {
  /** The period: [from, to). */
  from: string;
  to: string;
  /** The previous period of the same length: [previousFrom, from). */
  previousFrom: string;
  /** First India day of the trend (midnight IST, 13 days before today's). */
  trendFrom: string;
  /** Earliest of the three: the single Query reads from here to `to`. */
  readFrom: string;
}

export function revenueWindows(days: RevenuePeriod, now: Date): RevenueWindows {
  const to = now.getTime();
  const from = to - days * DAY_MS;
  const previousFrom = from - days * DAY_MS;
  const trendFrom = indiaDayStart(now).getTime() - (TREND_DAYS - 1) * DAY_MS;
  const iso = (ms: number) => new Date(ms).toISOString();
  return { from: iso(from), to: iso(to), previousFrom: iso(previousFrom), trendFrom: iso(trendFrom), readFrom: iso(Math.min(previousFrom, trendFrom)) };
}

export interface RevenueAnalytics {
  days: RevenuePeriod;
  from: string;
  to: string;
  totalRevenuePaise: number;
  donationCount: number;
  avgDonationPaise: number;
  /** Percent change of revenue vs the previous period of the same length, one decimal; null when that period had none. */
  growthRate: number | null;
  previousRevenuePaise: number;
  currencyBreakdown: Record<string, { count: number; totalPaise: number }>;
  /** share: whole percent of the period's revenue, 0 when there is none (spec section 5). */
  tierBreakdown: Record<SupporterTier, { count: number; totalPaise: number; share: number }>;
  dailyRevenue: Array<{ date: string; revenuePaise: number; count: number }>;
}

/** The analytics of a period from the paid donations of [windows.readFrom, windows.to). */
export function revenueAnalytics(donations: readonly PaidDonation[], days: RevenuePeriod, windows: RevenueWindows): RevenueAnalytics {
  const inPeriod = donations.filter((donation) => donation.paidAt >= windows.from && donation.paidAt < windows.to);
  const previous = donations.filter((donation) => donation.paidAt >= windows.previousFrom && donation.paidAt < windows.from);
  const total = inPeriod.reduce((sum, donation) => sum + donation.amount, 0);
  const previousTotal = previous.reduce((sum, donation) => sum + donation.amount, 0);

  const currencyBreakdown: RevenueAnalytics['currencyBreakdown'] = {};
  for (const donation of inPeriod) {
    const currency = donation.currency ?? DONATION_CURRENCY;
    const entry = (currencyBreakdown[currency] ??= { count: 0, totalPaise: 0 });
    entry.count += 1;
    entry.totalPaise += donation.amount;
  }

  const tiers = Object.fromEntries(SUPPORTER_TIERS.map(({ tier }) => [tier, { count: 0, totalPaise: 0, share: 0 }])) as RevenueAnalytics['tierBreakdown'];
  for (const donation of inPeriod) {
    const entry = tiers[supporterTier(donation.amount)];
    entry.count += 1;
    entry.totalPaise += donation.amount;
  }
  for (const entry of Object.values(tiers)) entry.share = total > 0 ? Math.round((entry.totalPaise / total) * 100) : 0;

  const trendStart = new Date(windows.trendFrom).getTime();
  const dailyRevenue = Array.from({ length: TREND_DAYS }, (_, index) => ({ date: indiaDayOf(trendStart + index * DAY_MS), revenuePaise: 0, count: 0 }));
  const byDate = new Map(dailyRevenue.map((day) => [day.date, day]));
  for (const donation of donations) {
    if (donation.paidAt < windows.trendFrom || donation.paidAt >= windows.to) continue;
    const day = byDate.get(indiaDayOf(donation.paidAt));
    if (!day) continue;
    day.revenuePaise += donation.amount;
    day.count += 1;
  }

  return {
    days,
    from: windows.from,
    to: windows.to,
    totalRevenuePaise: total,
    donationCount: inPeriod.length,
    avgDonationPaise: inPeriod.length ? Math.round(total / inPeriod.length) : 0,
    growthRate: previousTotal > 0 ? Math.round(((total - previousTotal) / previousTotal) * 1000) / 10 : null,
    previousRevenuePaise: previousTotal,
    currencyBreakdown,
    tierBreakdown: tiers,
    dailyRevenue,
  };
}
