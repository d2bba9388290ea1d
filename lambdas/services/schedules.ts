import { nextRunOf } from '#domain/operations/schedule-expression.ts';
import { getSchedule, ScheduleNotFoundError } from '#adapters/scheduler.ts';
import { HttpError, notFound } from '#core/errors.ts';
import { stack } from '#stack/stack-description.ts';

/**
 * The pipeline's schedules as EventBridge Scheduler has them, beside what the stack describes: Pipeline
 * Control lists and pauses them, the Operations screen shows them.
 */
export const SCHEDULE_NAMES = stack.schedules.map((schedule) => schedule.name) as [string, ...string[]];

type ScheduleState = 'ENABLED' | 'DISABLED';

export interface ScheduleView {
  name: string;
  description: string;
  expression: string;
  timezone: string;
  stateMachine: string;
  state: ScheduleState;
  nextRun: string | null;
}

/** One schedule's view, and the schedule as deployed (which a pause or resume writes back). */
export async function scheduleView(name: string) {
  const described = stack.schedules.find((schedule) => schedule.name === name);
  if (!described) throw notFound(`No schedule named ${name}`);
  let current;
  try {
    current = await getSchedule(name);
  } catch (error) {
    if (error instanceof ScheduleNotFoundError) throw new HttpError(502, `Schedule ${name} is described but not deployed`);
    throw error;
  }
  const expression = current.ScheduleExpression ?? described.expression;
  const timezone = current.ScheduleExpressionTimezone ?? described.timezone;
  const state: ScheduleState = current.State === 'DISABLED' ? 'DISABLED' : 'ENABLED';
  const anchor = current.LastModificationDate ?? current.CreationDate;
  const view: ScheduleView = {
    name,
    description: current.Description ?? described.description,
    expression,
    timezone,
    stateMachine: described.stateMachine,
    state,
    nextRun: state === 'ENABLED' ? nextRunOf({ expression, timezone }, new Date(), anchor).toISOString() : null,
  };
  return { view, current };
}

export async function allSchedules(): Promise<ScheduleView[]> {
  return Promise.all(SCHEDULE_NAMES.map(async (name) => (await scheduleView(name)).view));
}
