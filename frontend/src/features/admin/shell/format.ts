/** Figures as the console shows them (en-IN grouping, the product is India first). */
export const formatCount = (value: number) => value.toLocaleString('en-IN');

/** A 0-1 rate as a whole percent; "—" when there was nothing to divide by. */
export const formatPercent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 100)}%`);

export const formatDateTime = (iso: string | null | undefined) =>
  iso ? new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(iso)) : '—';
