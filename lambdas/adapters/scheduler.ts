import { GetScheduleCommand, SchedulerClient, UpdateScheduleCommand, type GetScheduleCommandOutput } from '@aws-sdk/client-scheduler';
import { config } from '#core/config.ts';
import { clientSettings, watched } from './aws-clients.ts';

/**
 * The described schedules on EventBridge Scheduler, addressed by their described name in the stack's
 * group (SCHEDULE_GROUP). Locally the SDK reaches the runtime's Scheduler stand-in through
 * AWS_ENDPOINT_URL_SCHEDULER.
 */

let client: SchedulerClient | undefined;
const scheduler = () => (client ??= watched(new SchedulerClient(clientSettings()), 'scheduler'));

export class ScheduleNotFoundError extends Error {
  constructor(name: string) {
    super(`Schedule ${name} does not exist`);
    this.name = 'ScheduleNotFoundError';
  }
}

export async function getSchedule(name: string): Promise<GetScheduleCommandOutput> {
  try {
    return await scheduler().send(new GetScheduleCommand({ Name: name, GroupName: config.SCHEDULE_GROUP }));
  } catch (error) {
    if ((error as { name?: string }).name === 'ResourceNotFoundException') throw new ScheduleNotFoundError(name);
    throw error;
  }
}

/**
 * UpdateSchedule replaces the whole definition, so every field GetSchedule returned goes back unchanged but
 * the ones given in `change`.
 */
async function updateSchedule(current: GetScheduleCommandOutput, change: { State?: 'ENABLED' | 'DISABLED'; ScheduleExpression?: string }): Promise<void> {
  const expression = change.ScheduleExpression ?? current.ScheduleExpression;
  if (!current.Name || !expression || !current.Target || !current.FlexibleTimeWindow) {
    throw new Error(`GetSchedule returned an incomplete definition for ${current.Name ?? 'a schedule'}`);
  }
  await scheduler().send(
    new UpdateScheduleCommand({
      Name: current.Name,
      GroupName: current.GroupName ?? config.SCHEDULE_GROUP,
      ScheduleExpression: expression,
      ScheduleExpressionTimezone: current.ScheduleExpressionTimezone,
      Description: current.Description,
      StartDate: current.StartDate,
      EndDate: current.EndDate,
      KmsKeyArn: current.KmsKeyArn,
      Target: current.Target,
      FlexibleTimeWindow: current.FlexibleTimeWindow,
      ActionAfterCompletion: current.ActionAfterCompletion,
      State: change.State ?? current.State,
    }),
  );
}

/** Pauses (DISABLED) or resumes (ENABLED) a schedule, keeping everything else. */
export async function setScheduleState(current: GetScheduleCommandOutput, state: 'ENABLED' | 'DISABLED'): Promise<void> {
  await updateSchedule(current, { State: state });
}

/** Moves a schedule to a new expression (the Settings screen's digest times), keeping everything else. */
export async function setScheduleExpression(name: string, expression: string): Promise<void> {
  const current = await getSchedule(name);
  if (current.ScheduleExpression === expression) return;
  await updateSchedule(current, { ScheduleExpression: expression });
}
