/** India Standard Time is UTC+05:30 all year (no daylight saving), so a fixed offset is exact. */
export const IST_OFFSET_MS = 5.5 * 3_600_000;

/** Midnight of `now`'s India-time day, as an instant ("runs today" counts from here). */
export function indiaDayStart(now: Date): Date {
  const local = now.getTime() + IST_OFFSET_MS;
  return new Date(local - (local % 86_400_000) - IST_OFFSET_MS);
}
