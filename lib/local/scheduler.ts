import { Cron } from 'croner';
import type { ScheduleDescription } from '../stack-description.ts';

const RATE_UNITS_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

/** Milliseconds of an EventBridge `rate(n unit)` expression. */
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
export function cronFor(schedule: Pick<ScheduleDescription, 'expression' | 'timezone'>, fire?: () => void): Cron | null {
  const match = /^cron\((.+)\)$/.exec(schedule.expression.trim());
  if (!match) return null;
  const options = { mode: '7-part', alternativeWeekdays: true, sloppyRanges: true, timezone: schedule.timezone } as const;
  return fire ? new Cron(`0 ${match[1]}`, options, fire) : new Cron(`0 ${match[1]}`, { ...options, paused: true });
}

/** Next firing time after `from`, for either expression kind. */
export function nextRun(schedule: Pick<ScheduleDescription, 'expression' | 'timezone'>, from = new Date()): Date {
  const rate = rateMs(schedule.expression);
  if (rate !== null) return new Date(from.getTime() + rate);
  const cron = cronFor(schedule);
  const next = cron?.nextRun(from);
  if (!next) throw new Error(`Schedule expression not understood: ${schedule.expression}`);
  return next;
}

export interface LocalScheduler {
  stop: () => void;
  /** What is actually scheduled, for the runtime manifest. */
  jobs: Array<Pick<ScheduleDescription, 'name' | 'expression' | 'timezone' | 'stateMachine'> & { nextRun: string }>;
}

/** Fires each schedule's target at its times until stopped. */
export function startScheduler(
  schedules: readonly ScheduleDescription[],
  fire: (schedule: ScheduleDescription) => Promise<void>,
): LocalScheduler {
  const timers: Array<() => void> = [];
  const jobs: LocalScheduler['jobs'] = [];
  for (const schedule of schedules) {
    const run = () => {
      fire(schedule).catch((error: unknown) => process.stderr.write(`[scheduler] ${schedule.name}: ${String(error)}\n`));
    };
    const rate = rateMs(schedule.expression);
    if (rate !== null) {
      const timer = setInterval(run, rate);
      timers.push(() => clearInterval(timer));
      jobs.push({ ...pick(schedule), nextRun: new Date(Date.now() + rate).toISOString() });
      continue;
    }
    const job = cronFor(schedule, run);
    if (!job) throw new Error(`Schedule ${schedule.name}: expression not understood: ${schedule.expression}`);
    timers.push(() => job.stop());
    jobs.push({ ...pick(schedule), nextRun: job.nextRun()?.toISOString() ?? '' });
  }
  return { stop: () => timers.forEach((stop) => stop()), jobs };
}

const pick = ({ name, expression, timezone, stateMachine }: ScheduleDescription) => ({ name, expression, timezone, stateMachine });
