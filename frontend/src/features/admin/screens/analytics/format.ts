/** ₹ with two decimals from paise (spec section 5: minor units shown divided by 100). */
export const formatInr = (paise: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);

/** +12.5% / -3.0% against the previous period; null when it had nothing to compare with. */
export const formatChange = (change: number | null) => (change === null ? 'No data in the previous period' : `${change > 0 ? '+' : ''}${change.toFixed(1)}% vs previous period`);

/** "23 Nov" for a YYYY-MM-DD India day. */
export const formatDay = (date: string) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/** A 0-1 rate as a percent with two decimals; "—" without page views. */
export const formatRate = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(2)}%`);

/** "23 Nov 2026" for a YYYY-MM-DD India day. */
export const formatLongDay = (date: string) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
