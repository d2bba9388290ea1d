/**
 * India time, the product's calendar: days, weeks and months of counters, reports, digests and donation
 * totals are India's. The one place that knows the offset; every India-day sum goes through here.
 */

/** India Standard Time is UTC+05:30 all year (no daylight saving), so a fixed offset is exact. */
const IST_OFFSET_MS = 5.5 * 3_600_000;
export const DAY_MS = 86_400_000;

/** The instant moved by India's offset: its UTC fields read as India's wall clock. */
const indiaWallClock = (at: string | number | Date): Date => new Date(new Date(at).getTime() + IST_OFFSET_MS);

/** The India-time calendar day (YYYY-MM-DD) of an instant. */
export const indiaDayOf = (at: string | number | Date): string => indiaWallClock(at).toISOString().slice(0, 10);

/** The India-time calendar month (YYYY-MM) of an instant: "this month" starts at midnight IST on the 1st. */
export const indiaMonthOf = (at: string | number | Date): string => indiaDayOf(at).slice(0, 7);

/** The Monday (YYYY-MM-DD) of the India-time week an instant falls in. */
export function indiaWeekOf(at: string | number | Date): string {
  const local = indiaWallClock(at);
  return new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * DAY_MS).toISOString().slice(0, 10);
}

/** Midnight of `now`'s India-time day, as an instant ("runs today" counts from here). */
export function indiaDayStart(now: Date): Date {
  const local = now.getTime() + IST_OFFSET_MS;
  return new Date(local - (local % DAY_MS) - IST_OFFSET_MS);
}

/** The last `days` India days up to `now`'s, newest first. */
export function indiaDays(days: number, now = new Date()): string[] {
  return Array.from({ length: days }, (_, index) => indiaDayOf(now.getTime() - index * DAY_MS));
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "2 Mar 2026, 2:00 pm IST": an instant as India reads it, spelled out here rather than by Intl, whose
 * output (spaces before "pm", for one) differs between ICU versions: a page written on the server and
 * hydrated in a browser must say the same.
 */
export function indiaDateTimeLabel(at: string | number | Date): string {
  const local = indiaWallClock(at);
  const hours = local.getUTCHours();
  const minutes = String(local.getUTCMinutes()).padStart(2, '0');
  return `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'am' : 'pm'} IST`;
}
