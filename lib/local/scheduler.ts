import http from 'node:http';
import type { Cron } from 'croner';
import { cronOf, nextRunOf, rateMs } from '#domain/operations/schedule-expression.ts';
import type { ScheduleDescription } from '../stack-description.ts';

export { rateMs } from '#domain/operations/schedule-expression.ts';

/** Next firing time after `from`, for either expression kind. */
export function nextRun(schedule: Pick<ScheduleDescription, 'expression' | 'timezone'>, from = new Date()): Date {
  return nextRunOf(schedule, from, from);
}

export type ScheduleState = 'ENABLED' | 'DISABLED';

export interface LocalScheduleStatus {
  schedule: ScheduleDescription;
  state: ScheduleState;
  createdAt: Date;
  modifiedAt: Date;
  /** When a rate schedule's interval started (start or resume). */
  anchor: Date;
  nextRun: Date | null;
}

export interface LocalScheduler {
  stop: () => void;
  /** What is actually scheduled, for the runtime manifest. */
  jobs: Array<Pick<ScheduleDescription, 'name' | 'expression' | 'timezone' | 'stateMachine'> & { nextRun: string }>;
  /** The schedules with their state, as GetSchedule / ListSchedules report them. */
  status: () => LocalScheduleStatus[];
  /** Pauses (DISABLED) or resumes (ENABLED) one schedule's job; false when no such schedule. */
  setState: (name: string, state: ScheduleState) => boolean;
  /** Moves one cron schedule to another cron expression (the console's digest times); false when no such schedule. */
  setExpression: (name: string, expression: string) => boolean;
}

interface Job {
  schedule: ScheduleDescription;
  state: ScheduleState;
  createdAt: Date;
  modifiedAt: Date;
  anchor: Date;
  /** Stops the running timer (rate) or croner job (cron), if any. */
  cancel: (() => void) | null;
  cron: Cron | null;
}

/**
 * Fires each schedule's target at its times until stopped; each schedule can be paused and resumed, as
 * EventBridge Scheduler's UpdateSchedule State does (a resumed rate schedule counts from the resume).
 */
export function startScheduler(
  schedules: readonly ScheduleDescription[],
  fire: (schedule: ScheduleDescription) => Promise<void>,
  options: { enabled?: boolean } = {},
): LocalScheduler {
  const started = new Date();
  const jobs = new Map<string, Job>();

  const arm = (job: Job) => {
    const { schedule } = job;
    const run = () => {
      fire(schedule).catch((error: unknown) => process.stderr.write(`[scheduler] ${schedule.name}: ${String(error)}\n`));
    };
    const rate = rateMs(schedule.expression);
    if (rate !== null) {
      const timer = setInterval(run, rate);
      job.cancel = () => clearInterval(timer);
      job.cron = null;
      return;
    }
    const cron = cronOf(schedule, run);
    if (!cron) throw new Error(`Schedule ${schedule.name}: expression not understood: ${schedule.expression}`);
    job.cancel = () => cron.stop();
    job.cron = cron;
  };

  for (const schedule of schedules) {
    const job: Job = { schedule, state: 'ENABLED', createdAt: started, modifiedAt: started, anchor: started, cancel: null, cron: null };
    // With the scheduler switched off (benchmarks) every schedule is described but none fires.
    if (options.enabled === false) job.state = 'DISABLED';
    else arm(job);
    jobs.set(schedule.name, job);
  }

  const nextOf = (job: Job): Date | null => {
    if (job.state === 'DISABLED') return null;
    return job.cron?.nextRun() ?? nextRunOf(job.schedule, new Date(), job.anchor);
  };

  return {
    stop: () => jobs.forEach((job) => job.cancel?.()),
    jobs: [...jobs.values()].filter((job) => job.state === 'ENABLED').map((job) => ({ ...pick(job.schedule), nextRun: nextOf(job)?.toISOString() ?? '' })),
    status: () =>
      [...jobs.values()].map((job) => ({
        schedule: job.schedule,
        state: job.state,
        createdAt: job.createdAt,
        modifiedAt: job.modifiedAt,
        anchor: job.anchor,
        nextRun: nextOf(job),
      })),
    setState: (name, state) => {
      const job = jobs.get(name);
      if (!job) return false;
      if (job.state === state) return true;
      const now = new Date();
      job.cancel?.();
      job.cancel = null;
      job.cron = null;
      job.state = state;
      job.modifiedAt = now;
      if (state === 'ENABLED') {
        job.anchor = now;
        arm(job);
      }
      return true;
    },
    setExpression: (name, expression) => {
      const job = jobs.get(name);
      if (!job) return false;
      if (job.schedule.expression === expression) return true;
      const schedule = { ...job.schedule, expression };
      const probe = cronOf(schedule);
      if (!probe) throw new Error(`Schedule ${name}: expression not understood: ${expression}`);
      probe.stop();
      job.cancel?.();
      job.cancel = null;
      job.cron = null;
      job.schedule = schedule;
      job.modifiedAt = new Date();
      if (job.state === 'ENABLED') arm(job);
      return true;
    },
  };
}

const pick = ({ name, expression, timezone, stateMachine }: ScheduleDescription) => ({ name, expression, timezone, stateMachine });

export interface SchedulerApiOptions {
  scheduler: LocalScheduler;
  region: string;
  /** The schedule group the schedules live in (the functions get it as SCHEDULE_GROUP). */
  group: string;
  stateMachineArn: (name: string) => string;
  /** Role the schedules' targets would assume on AWS (reported in Target.RoleArn). */
  roleArn: string;
}

class SchedulerApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The part of the EventBridge Scheduler REST API the console calls, over the local schedules:
 * GetSchedule (GET /schedules/{Name}), UpdateSchedule (PUT /schedules/{Name}: only State may change
 * here, anything else must equal the description, since the description is the one source of the
 * schedules) and ListSchedules (GET /schedules). The SDK reaches it through AWS_ENDPOINT_URL_SCHEDULER.
 * Timestamps are epoch seconds, as the REST-JSON protocol sends them.
 */
export function listenSchedulerApi(port: number, options: SchedulerApiOptions): Promise<http.Server> {
  const { scheduler, region, group } = options;
  const arnOf = (name: string) => `arn:aws:scheduler:${region}:000000000000:schedule/${group}/${name}`;
  const epoch = (date: Date) => date.getTime() / 1000;
  const find = (name: string, groupName: string | null) => {
    const status = scheduler.status().find((item) => item.schedule.name === name);
    if (!status || (groupName !== null && groupName !== group)) throw new SchedulerApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
    return status;
  };
  const target = (schedule: ScheduleDescription) => ({
    Arn: options.stateMachineArn(schedule.stateMachine),
    RoleArn: options.roleArn,
    Input: JSON.stringify(schedule.input),
    RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 86_400 },
  });
  const describe = (status: LocalScheduleStatus) => ({
    Arn: arnOf(status.schedule.name),
    GroupName: group,
    Name: status.schedule.name,
    Description: status.schedule.description,
    ScheduleExpression: status.schedule.expression,
    ScheduleExpressionTimezone: status.schedule.timezone,
    State: status.state,
    CreationDate: epoch(status.createdAt),
    LastModificationDate: epoch(status.modifiedAt),
    Target: target(status.schedule),
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'NONE',
  });

  const handle = (method: string, url: URL, body: Record<string, unknown>): unknown => {
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (parts[0] !== 'schedules' || parts.length > 2) throw new SchedulerApiError(404, 'ResourceNotFoundException', `No such resource: ${url.pathname}`);
    if (parts.length === 1 && method === 'GET') {
      const prefix = url.searchParams.get('NamePrefix') ?? '';
      const state = url.searchParams.get('State');
      const groupName = url.searchParams.get('ScheduleGroup');
      const schedules = scheduler
        .status()
        .filter((item) => (groupName === null || groupName === group) && item.schedule.name.startsWith(prefix) && (!state || item.state === state))
        .map((item) => ({
          Arn: arnOf(item.schedule.name),
          Name: item.schedule.name,
          GroupName: group,
          State: item.state,
          CreationDate: epoch(item.createdAt),
          LastModificationDate: epoch(item.modifiedAt),
          Target: { Arn: options.stateMachineArn(item.schedule.stateMachine) },
        }));
      return { Schedules: schedules };
    }
    const name = parts[1] as string;
    if (method === 'GET') return describe(find(name, url.searchParams.get('groupName')));
    if (method === 'PUT') {
      const status = find(name, typeof body.GroupName === 'string' ? body.GroupName : null);
      const state = body.State ?? 'ENABLED';
      if (state !== 'ENABLED' && state !== 'DISABLED') throw new SchedulerApiError(400, 'ValidationException', 'State must be ENABLED or DISABLED');
      if (typeof body.ScheduleExpression !== 'string') throw new SchedulerApiError(400, 'ValidationException', 'ScheduleExpression is required');
      if (body.ScheduleExpression !== status.schedule.expression) {
        // A new time for a cron schedule (the console's digest times); a rate schedule keeps its described rate.
        if (!status.schedule.expression.startsWith('cron(') || !body.ScheduleExpression.startsWith('cron(')) {
          throw new SchedulerApiError(400, 'ValidationException', 'The local scheduler changes only State and cron times; a rate expression must be the described one (lib/stack-description.ts)');
        }
      }
      if (body.ScheduleExpressionTimezone !== undefined && body.ScheduleExpressionTimezone !== status.schedule.timezone) {
        throw new SchedulerApiError(400, 'ValidationException', 'The local scheduler changes only State; the time zone must be the described one');
      }
      const given = body.Target as { Arn?: unknown } | undefined;
      if (!given || given.Arn !== options.stateMachineArn(status.schedule.stateMachine)) {
        throw new SchedulerApiError(400, 'ValidationException', 'Target is required and must be the described state machine');
      }
      try {
        scheduler.setExpression(name, body.ScheduleExpression);
      } catch (error) {
        throw new SchedulerApiError(400, 'ValidationException', error instanceof Error ? error.message : String(error));
      }
      scheduler.setState(name, state);
      return { ScheduleArn: arnOf(name) };
    }
    throw new SchedulerApiError(405, 'ValidationException', `${method} is not answered by the local scheduler`);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, payload: unknown, errorType?: string) => {
        response.writeHead(status, { 'content-type': 'application/json', ...(errorType ? { 'x-amzn-errortype': errorType } : {}) });
        response.end(JSON.stringify(payload));
      };
      try {
        const text = Buffer.concat(chunks).toString('utf8');
        const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
        reply(200, handle(request.method ?? 'GET', new URL(request.url ?? '/', 'http://localhost'), body));
      } catch (error) {
        if (error instanceof SchedulerApiError) return reply(error.status, { Message: error.message }, error.type);
        reply(400, { Message: error instanceof Error ? error.message : String(error) }, 'ValidationException');
      }
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
