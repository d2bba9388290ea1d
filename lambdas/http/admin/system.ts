import * as z from '#domain/common/validation.ts';
import { diagnosticReport } from '#domain/operations/diagnostics.ts';
import { runChecks } from '../../services/health-checks.ts';
import { backupOverview, prepareBackup } from '../../services/backups.ts';
import { signedInCaller } from '#platform/auth.ts';
import { route } from '#platform/router.ts';

/** Diagnostics and backups (admin spec "System diagnostics", "System Configuration & Backup"); backups: services/backups.ts. */

/** Nothing to send: a body, if any, must be an empty object. */
const noBody = z.optional(z.strictObject({}));

/** Runs every check now (nothing is changed, so nothing is audited). */
export const runDiagnostics = route({ body: noBody }, async ({ event }) => {
  const authorization = event.headers?.authorization ?? event.headers?.Authorization;
  const checks = await runChecks({ authorization });
  return diagnosticReport(checks, new Date());
});

export const listBackups = route({}, async () => backupOverview());

export const prepareBackupRoute = route({ body: noBody }, async ({ caller }) => ({ backup: await prepareBackup(signedInCaller(caller)) }));

export const systemRoutes = {
  'POST /admin/diagnostics': runDiagnostics,
  'GET /admin/backups': listBackups,
  'POST /admin/backups': prepareBackupRoute,
};
