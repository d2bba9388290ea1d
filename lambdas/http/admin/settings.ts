import { GetAccountCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import * as z from '#domain/common/validation.ts';
import {
  changedKeys,
  cronAt,
  DEFAULT_SETTINGS,
  DIGEST_SCHEDULES,
  settingsUpdateSchema,
  thresholdStatus,
  timeOfCron,
  type ConfigurationStatusItem,
  type SettingsValues,
} from '#domain/operations/settings.ts';
import { getSchedule, setScheduleExpression } from '#adapters/scheduler.ts';
import { recordAudit } from '#store/audit.ts';
import { getProfile } from '#store/profiles.ts';
import { boundedDynamoClient, pointInTimeRecovery } from '#store/table/backups.ts';
import { readSettings, saveSettings, StaleSettingsError } from '#store/settings.ts';
import { indiaDays } from '#domain/common/india-time.ts';
import { listSecurityAudit, listSignInDays } from '#store/sign-ins.ts';
import { signedInCaller } from '#platform/auth.ts';
import { config } from '#core/config.ts';
import { HttpError } from '#core/errors.ts';
import { route } from '#platform/router.ts';
import { logger } from '#core/logger.ts';

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

/** SES: sending enabled and production access (SESv2 GetAccount). */
async function mailStatus(): Promise<ConfigurationStatusItem[]> {
  const client = new SESv2Client({ requestHandler: { requestTimeout: 3_000 }, maxAttempts: 1 });
  const sending = { configCategory: 'Mail', settingName: 'SES sending', recommendedValue: 'Enabled' };
  const production = { configCategory: 'Mail', settingName: 'SES production access', recommendedValue: 'Granted' };
  try {
    const account = await client.send(new GetAccountCommand({}));
    return [
      row({ ...sending, currentValue: account.SendingEnabled === false ? 'Disabled' : 'Enabled', status: account.SendingEnabled === false ? 'warning' : 'ok', manualActionRequired: account.SendingEnabled === false }),
      row({
        ...production,
        currentValue: account.ProductionAccessEnabled ? 'Granted' : 'Sandbox',
        status: account.ProductionAccessEnabled ? 'ok' : 'warning',
        manualActionRequired: !account.ProductionAccessEnabled,
      }),
    ];
  } catch (error) {
    return [row({ ...sending, currentValue: `Unknown: ${errorText(error)}`, status: 'warning', manualActionRequired: true })];
  } finally {
    client.destroy();
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

async function configurationStatus(values: SettingsValues): Promise<ConfigurationStatusItem[]> {
  const [pitr, mail, schedules] = await Promise.all([pitrStatus(), mailStatus(), scheduleStatus(values)]);
  return [...thresholdStatus(values), pitr, ...mail, ...schedules];
}

const view = async () => {
  const stored = await readSettings();
  return {
    version: stored.version,
    updatedAt: stored.updatedAt,
    updatedBy: stored.updatedBy,
    values: stored.values,
    defaults: DEFAULT_SETTINGS,
    configurationStatus: await configurationStatus(stored.values),
  };
};

const getSettings = route({}, async () => view());

/**
 * Saves every value if the version read is still current (else 409), audits the changed keys before and
 * after, and puts the digest schedules at the saved times.
 */
const putSettings = route({ body: settingsUpdateSchema }, async ({ body, caller }) => {
  const who = signedInCaller(caller);
  const { version, ...values } = body;
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
  return view();
});

const securityQuery = z.object({ days: z.pipe(z._default(z.enum(['1', '7', '30']), '7'), z.transform(Number)) });

/** Sign-in failures per account and role changes / suspensions over the last 1, 7 or 30 India days. */
const getSecurity = route({ query: securityQuery }, async ({ query }) => {
  const now = new Date();
  const days = indiaDays(query.days, now);
  const since = new Date(now.getTime() - query.days * 86_400_000);
  const [signIns, audit] = await Promise.all([listSignInDays(days), listSecurityAudit(since)]);
  // The changed accounts by e-mail (the audit names them by user id); one GetItem per account.
  const targets = [...new Set(audit.map((entry) => entry.target))];
  const emails = new Map((await Promise.all(targets.map(async (userId) => [userId, (await getProfile(userId))?.email ?? null] as const))));
  const byAccount = new Map<string, { userId: string; email: string | null; attempts: number; successes: number; lastAttemptAt: string | null }>();
  for (const day of signIns) {
    const account = byAccount.get(day.userId) ?? { userId: day.userId, email: null, attempts: 0, successes: 0, lastAttemptAt: null };
    account.email ??= day.email ?? null;
    account.attempts += day.attempts ?? 0;
    account.successes += day.successes ?? 0;
    if (day.lastAttemptAt && (!account.lastAttemptAt || day.lastAttemptAt > account.lastAttemptAt)) account.lastAttemptAt = day.lastAttemptAt;
    byAccount.set(day.userId, account);
  }
  const accounts = [...byAccount.values()].map((account) => ({ ...account, failures: Math.max(0, account.attempts - account.successes) }));
  const signInFailures = accounts.filter((account) => account.failures > 0).sort((a, b) => b.failures - a.failures || (b.lastAttemptAt ?? '').localeCompare(a.lastAttemptAt ?? ''));
  return {
    days: query.days,
    since: since.toISOString(),
    totals: {
      attempts: accounts.reduce((sum, account) => sum + account.attempts, 0),
      failures: accounts.reduce((sum, account) => sum + account.failures, 0),
      accountsWithFailures: signInFailures.length,
    },
    signInFailures,
    roleChanges: audit.map((entry) => ({
      id: entry.id,
      at: entry.at,
      action: entry.action,
      actor: entry.actorEmail ?? entry.actorId,
      target: entry.target,
      targetEmail: emails.get(entry.target) ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })),
  };
});

export const settingsRoutes = {
  'GET /admin/settings': getSettings,
  'PUT /admin/settings': putSettings,
  'GET /admin/security': getSecurity,
};
