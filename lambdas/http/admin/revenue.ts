import * as z from '#domain/common/validation.ts';
import { REVENUE_PERIODS, revenueAnalytics, revenueWindows, type RevenuePeriod } from '#domain/donations/revenue.ts';
import { listPaidDonationsBetween } from '#store/donations.ts';
import { route } from '#platform/router.ts';

/**
 * Revenue analytics (admin spec Revenue Analytics): paid donations only, read by one Query
 * on the paid-donations index from the start of the previous period (or of the 14-day trend) to now.
 */
const revenueQuery = z.object({
  days: z.pipe(z._default(z.string(), '30').check(z.refine((value) => REVENUE_PERIODS.map(String).includes(value), { message: `days must be one of ${REVENUE_PERIODS.join(', ')}` })), z.transform((value) => Number(value) as RevenuePeriod)),
});

export const revenue = route({ query: revenueQuery }, async ({ query }) => {
  const windows = revenueWindows(query.days, new Date());
  const donations = await listPaidDonationsBetween(windows.readFrom, windows.to);
  return revenueAnalytics(
    donations.flatMap((donation) => (donation.paidAt ? [{ amount: donation.amount, currency: donation.currency, paidAt: donation.paidAt }] : [])),
    query.days,
    windows,
  );
});

export const revenueRoutes = {
  'GET /admin/revenue': revenue,
};
