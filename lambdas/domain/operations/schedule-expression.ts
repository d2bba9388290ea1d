import { Cron } from 'croner';

/**
 * EventBridge Scheduler expressions read on this side: the next time a schedule fires, for the console's
 * "next run" (the Scheduler API does not report it) and for the local scheduler that fires them. Pure.
 */

const RATE_UNITS_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

export interface ScheduleTiming {
  /** cron(min hour dom month dow year) or rate(n unit) */
  expression: string;
  timezone: string;
}

/** Milliseconds of an EventBridge `rate(n unit)` expression, or null for another kind. */
export function rateMs(expression: string): number | null {
  const match = /^rate\((\d+)\s+(minute|minutes|hour|hours|day|days)\)$/.exec(expression.trim());
  if (!match) return null;
  const unit = (match[2] as string).replace(/s$/, '');
  return Number(match[1]) * (RATE_UNITS_MS[unit] as number);
}

/**
 * EventBridge `cron(min hour dom month dow year)` read by croner: croner's first field is seconds, so
 * a 0 goes in front, and its 7-part mode with AWS-style weekdays (1 = Sunday) reads the rest.
 */
export function cronOf(schedule: ScheduleTiming, fire?: () => void): Cron | null {
  const match = /^cron\((.+)\)$/.exec(schedule.expression.trim());
  if (!match) return null;
  const options = { mode: '7-part', alternativeWeekdays: true, sloppyRanges: true, timezone: schedule.timezone } as const;
  return fire ? new Cron(`0 ${match[1]}`, options, fire) : new Cron(`0 ${match[1]}`, { ...options, paused: true });
}

/**
 * The next firing time after `from`. A rate schedule fires every n units counted from `anchor` (when it
 * was created, last changed or resumed), so its next run is the first multiple of the rate after `from`.
 */
export function nextRunOf(schedule: ScheduleTiming, from = new Date(), anchor?: Date): Date {
  const rate = rateMs(schedule.expression);
  if (rate !== null) {
    const start = anchor && anchor.getTime() <= from.getTime() ? anchor.getTime() : from.getTime();
    const periods = Math.floor((from.getTime() - start) / rate) + 1;
    return new Date(start + periods * rate);
  }
  const cron = cronOf(schedule);
  const next = cron?.nextRun(from);
  cron?.stop();
  if (!next) throw new Error(`Schedule expression not understood: ${schedule.expression}`);
  return next;
}
