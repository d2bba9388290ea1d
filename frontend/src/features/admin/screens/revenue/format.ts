/** Spec section 5: amounts are stored in minor units (paise) and shown divided by 100, en-US format. */
export function formatMoney(paise: number, currency = 'INR'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100);
}

/** +12.5% / -3.0%; "—" when the previous period had no revenue to compare with. */
export const formatGrowth = (rate: number | null) => (rate === null ? '—' : `${rate > 0 ? '+' : ''}${rate.toFixed(1)}%`);

/** "23 Nov" for a YYYY-MM-DD India day. */
export const formatDay = (date: string) => new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
