import * as z from '#domain/common/validation.ts';
import { DEFAULT_SETTINGS, settingsUpdateSchema } from '#domain/operations/settings.ts';
import { getProfile } from '#store/profiles.ts';
import { readSettings } from '#store/settings.ts';
import { indiaDays } from '#domain/common/india-time.ts';
import { listSecurityAudit, listSignInDays } from '#store/sign-ins.ts';
import { configurationStatus, updateSettings } from '../../services/settings.ts';
import { signedInCaller } from '#platform/auth.ts';
import { route } from '#platform/router.ts';

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

/** Saves the settings (services/settings.ts: version check, audit, digest schedules) and answers the new view. */
const putSettings = route({ body: settingsUpdateSchema }, async ({ body, caller }) => {
  const { version, ...values } = body;
  await updateSettings(signedInCaller(caller), version, values);
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
