import * as z from '#domain/common/validation.ts';
import { isRecoveryAction, RECOVERY_ACTIONS, type Alarm } from '#domain/operations/operations.ts';
import { latestRecoveryRuns } from '#store/recovery-runs.ts';
import { signedInCaller } from '#platform/auth.ts';
import { notFound } from '#core/errors.ts';
import { route } from '#platform/router.ts';
import { flushRunMetrics } from '#platform/run-metrics.ts';
import { dependencyFigures, readSystemHealth } from '../../services/system-health.ts';
import { MACHINES, stateMachineFigures } from '../../services/executions.ts';
import { deadLettersWaiting } from '../../services/dead-letters.ts';
import { pendingCounts, runRecoveryAction, runView } from '../../services/recovery.ts';
import { allSchedules } from '../../services/schedules.ts';

/**
 * Operations / Monitoring and Recovery: recorded function runs (platform/run-metrics.ts),
 * state machine success rates from Step Functions, failed calls to dependencies, open alerts, alarms and the one health model over
 * them (./health.ts); and the recovery actions (services/recovery.ts), each a real operation with its run
 * kept and audited.
 */

const DAY_MS = 86_400_000;

export const operations = route({}, async () => {
  // This container's pending figures first, so what it recorded is in the answer (others flush within 30 s).
  await flushRunMetrics();
  const now = new Date();
  const since = now.getTime() - DAY_MS;
  const [measured, machines, schedules, dependencies] = await Promise.all([
    readSystemHealth(now),
    Promise.all(MACHINES.map((machine) => stateMachineFigures(machine, since))),
    allSchedules().catch(() => null),
    dependencyFigures(now.getTime()),
  ]);
  const { health, figures, functions, openAlerts } = measured;
  const alarms: Alarm[] = [...functions.map((fn) => fn.alarm), ...machines.map((machine) => machine.alarm), ...dependencies.alarms];
  return {
    generatedAt: now.toISOString(),
    health,
    figures: { drafts: figures.drafts, unclassified: figures.unclassifiedDrafts, alerts24h: figures.alerts24h, published24h: figures.published24h },
    alarms,
    alarmsInAlarm: alarms.filter((alarm) => alarm.state === 'ALARM').length,
    functions: functions.map(({ alarm: _alarm, ...fn }) => fn),
    stateMachines: machines.map(({ alarm: _alarm, ...machine }) => machine),
    alerts: openAlerts.map((alert) => ({ id: alert.id, severity: alert.severity, alertType: alert.alertType, message: alert.message, createdAt: alert.createdAt })),
    openAlerts: openAlerts.length,
    highAlerts: figures.openHighAlerts,
    dependencyFailures: dependencies.rows,
    schedules: schedules ?? [],
    schedulesError: schedules === null ? 'The schedules could not be read' : null,
  };
});

// ---------------------------------------------------------------------------------------------------
// Recovery.

export const recovery = route({}, async () => {
  const now = Date.now();
  const queues = await deadLettersWaiting();
  const [counts, runs, { health, figures }] = await Promise.all([pendingCounts(now, queues), latestRecoveryRuns(), readSystemHealth(new Date(now))]);
  return {
    health,
    figures: { drafts: figures.drafts, unclassified: figures.unclassifiedDrafts, alerts24h: figures.alerts24h, openAlerts: figures.openAlerts },
    actions: RECOVERY_ACTIONS.map((action) => ({ action, pending: counts[action] })),
    /** Each described dead-letter queue with the messages in it (null: SQS did not answer). */
    deadLetters: queues,
    runs: runs.map(runView),
  };
});

const recoveryBody = z.optional(z.strictObject({
    /** Continues a chunked run (the search index rebuild). */
    runId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    /** Articles per page of the rebuild (default 100). */
    pageSize: z.optional(z.int().check(z.minimum(1), z.maximum(500))),
  }));

export const runRecovery = route({ params: z.object({ action: z.string().check(z.minLength(1), z.maxLength(60)) }), body: recoveryBody }, async ({ params, body, caller }) => {
  const admin = signedInCaller(caller);
  if (!isRecoveryAction(params.action)) throw notFound(`Unknown recovery action ${params.action}: use one of ${RECOVERY_ACTIONS.join(', ')}`);
  return runRecoveryAction(params.action, admin, { runId: body?.runId, pageSize: body?.pageSize });
});

export const operationsRoutes = {
  'GET /admin/operations': operations,
  'GET /admin/recovery': recovery,
  'POST /admin/recovery/{action}': runRecovery,
};
