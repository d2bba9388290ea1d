import { getSchedule, setScheduleExpression } from '#adapters/scheduler.ts';
import { mailAccount } from '#adapters/mail.ts';
import type { Caller } from '#domain/common/caller.ts';
import { changedKeys, cronAt, DIGEST_SCHEDULES, thresholdStatus, timeOfCron, type ConfigurationStatusItem, type SettingsValues } from '#domain/operations/settings.ts';
import { recordAudit } from '#store/audit.ts';
import { boundedDynamoClient, pointInTimeRecovery } from '#store/table/backups.ts';
import { readSettings, saveSettings, StaleSettingsError } from '#store/settings.ts';
import { config } from '#core/config.ts';
import { HttpError } from '#core/errors.ts';
import { logger } from '#core/logger.ts';

/**
 * The console's settings: saving them (version-checked, audited, the digest schedules moved to the saved
 * times) and the configuration status beside them (thresholds, point-in-time recovery, SES, the schedules).
 * The admin handler validates the input and calls these.
 */

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const row = (item: ConfigurationStatusItem) => item;

/** Point-in-time recovery on the table (DescribeContinuousBackups, as the Backup screen reads it). */
async function pitrStatus(): Promise<ConfigurationStatusItem> {
  const client = boundedDynamoClient(3_000);
  const base = { configCategory: 'Data', settingName: 'Point-in-time recovery', recommendedValue: 'ENABLED' };
  try {
    const pitr = await pointInTimeRecovery(client, config.TABLE_NAME);
    if (pitr.status === 'ENABLED') return row({ ...base, currentValue: 'ENABLED', status: 'ok', manualActionRequired: false });
    if (pitr.status === 'unsupported') return row({ ...base, currentValue: 'Not available (DynamoDB Local)', status: 'warning', manualActionRequired: false });
    return row({ ...base, currentValue: pitr.status, status: 'warning', manualActionRequired: true });
  } catch (error) {
    return row({ ...base, currentValue: `Unknown: ${errorText(error)}`, status: 'warning', manualActionRequired: true });
  } finally {
    client.destroy();
  }
}

/** SES: sending enabled and production access (SESv2 GetAccount, the diagnostics' call too). */
export async function mailStatus(): Promise<ConfigurationStatusItem[]> {
  const sending = { configCategory: 'Mail', settingName: 'SES sending', recommendedValue: 'Enabled' };
  const production = { configCategory: 'Mail', settingName: 'SES production access', recommendedValue: 'Granted' };
  try {
    const account = await mailAccount(3_000);
    const disabled = account.sendingEnabled === false;
    const granted = Boolean(account.productionAccessEnabled);
    return [
      row({ ...sending, currentValue: disabled ? 'Disabled' : 'Enabled', status: disabled ? 'warning' : 'ok', manualActionRequired: disabled }),
      row({ ...production, currentValue: granted ? 'Granted' : 'Sandbox', status: granted ? 'ok' : 'warning', manualActionRequired: !granted }),
    ];
  } catch (error) {
    return [row({ ...sending, currentValue: `Unknown: ${errorText(error)}`, status: 'warning', manualActionRequired: true })];
  }
}

/** Each digest schedule: running (not paused) at the time the settings name. */
async function scheduleStatus(values: SettingsValues): Promise<ConfigurationStatusItem[]> {
  return Promise.all(
    DIGEST_SCHEDULES.map(async ({ schedule, key }) => {
      const base = { configCategory: 'Newsletter', settingName: `Schedule ${schedule}`, recommendedValue: `${values[key]} India time, enabled` };
      try {
        const current = await getSchedule(schedule);
        const time = timeOfCron(current.ScheduleExpression ?? '') ?? current.ScheduleExpression ?? '?';
        const enabled = current.State !== 'DISABLED';
        const ok = enabled && time === values[key];
        return row({ ...base, currentValue: `${time} India time, ${enabled ? 'enabled' : 'paused'}`, status: ok ? 'ok' : 'warning', manualActionRequired: !ok });
      } catch (error) {
        return row({ ...base, currentValue: `Unknown: ${errorText(error)}`, status: 'warning', manualActionRequired: true });
      }
    }),
  );
}

export async function configurationStatus(values: SettingsValues): Promise<ConfigurationStatusItem[]> {
  const [pitr, mail, schedules] = await Promise.all([pitrStatus(), mailStatus(), scheduleStatus(values)]);
  return [...thresholdStatus(values), pitr, ...mail, ...schedules];
}

/**
 * Saves every value if the version read is still current (else 409), audits the changed keys before and
 * after, and puts the digest schedules at the saved times (502 naming those that could not be moved).
 */
export async function updateSettings(who: Caller, version: number, values: SettingsValues): Promise<void> {
  const current = await readSettings();
  if (current.version !== version) throw new HttpError(409, new StaleSettingsError().message);
  const changes = changedKeys(current.values, values);
  if (Object.keys(changes.after).length > 0) {
    try {
      await saveSettings(values, version, who.email ?? who.userId);
    } catch (error) {
      if (error instanceof StaleSettingsError) throw new HttpError(409, error.message);
      throw error;
    }
    await recordAudit(who, { action: 'settings.update', target: 'settings', before: changes.before, after: changes.after });
  }
  // Every save puts each digest schedule at its setting's time (a no-op when it is there already), so a
  // schedule reset elsewhere (a local runtime restart) is put right by the next save.
  const failed: string[] = [];
  for (const { schedule, key } of DIGEST_SCHEDULES) {
    try {
      const described = await getSchedule(schedule);
      const expression = cronAt(described.ScheduleExpression ?? '', values[key]);
      if (!expression) throw new Error(`${schedule} is not a cron schedule`);
      await setScheduleExpression(schedule, expression);
    } catch (error) {
      logger.error('digest schedule not moved', { schedule, error: errorText(error) });
      failed.push(schedule);
    }
  }
  if (failed.length) throw new HttpError(502, `Settings saved, but the schedule could not be updated: ${failed.join(', ')}. The configuration status shows it; save again to retry.`);
}
