/**
 * The Analytics screen's periods (admin spec section 9: 30 days by default): India-time days, today
 * included, and the previous period of the same length to compare with.
 */
import { DAY_MS, indiaDayOf, indiaDayStart } from '../common/india-time.ts';

export const ANALYTICS_PERIODS = [7, 30, 90] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];
export const DEFAULT_ANALYTICS_DAYS: AnalyticsPeriod = 30;

export interface AnalyticsWindow {
  /** India days of the period, oldest first, today last. */
  days: string[];
  /** The previous period of the same length, oldest first. */
  previousDays: string[];
  /** Instants: the period is [from, to), the previous one [previousFrom, from). */
  from: string;
  to: string;
  previousFrom: string;
}

/** The last `days` India days, today included, and the `days` before them. */
export function analyticsWindow(days: number, now: Date): AnalyticsWindow {
  const todayStart = indiaDayStart(now).getTime();
  const from = todayStart - (days - 1) * DAY_MS;
  const previousFrom = from - days * DAY_MS;
  const dayList = (start: number) => Array.from({ length: days }, (_, index) => indiaDayOf(start + index * DAY_MS));
  return {
    days: dayList(from),
    previousDays: dayList(previousFrom),
    from: new Date(from).toISOString(),
    to: new Date(todayStart + DAY_MS).toISOString(),
    previousFrom: new Date(previousFrom).toISOString(),
  };
}
