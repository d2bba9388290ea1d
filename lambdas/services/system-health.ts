import { ALARM_RULES, functionErrorAlarm, mergeFigures, windowOf, type Alarm } from '#domain/operations/operations.ts';
import { countOf } from '#domain/common/plural.ts';
import { DEPENDENCIES, DEPENDENCY_FAILURE_WORDS, DEPENDENCY_NAMES, type DependencyFailureCount, type DependencyFailureKind, type DependencyService } from '#core/dependency-failures.ts';
import { dependencyFailuresSince } from '#store/dependency-failures.ts';
import { readerVisibility, systemHealth } from '#domain/operations/system-health.ts';
import { countByStatus } from '#store/article-lists.ts';
import { countAlertsSince, countPublishedSince, runsSince } from '#store/read-models/console-metrics.ts';
import { COUNTER_SCOPES, readCounters } from '#store/table/counters.ts';
import { listAlerts } from '#store/alerts.ts';
import { latestPipelineRuns } from '#store/pipeline-runs.ts';
import { hourOf, runFiguresSince } from '#store/run-metrics.ts';
import { stack } from '#stack/stack-description.ts';

/**
 * The figures the health model reads (domain/operations/system-health.ts), measured once here for every screen that
 * shows health: the dashboard (function `admin`, http/admin/console.ts), Operations, Monitoring and Recovery
 * (`admin-operations`, http/admin/operations.ts). Both functions call this service.
 */

const DAY_MS = 86_400_000;

/** One function's recorded runs: this hour and the last 24, with its error-rate alarm. */
export async function functionFigures(fn: string, now: number) {
  const buckets = await runFiguresSince(fn, hourOf(now - 23 * 3_600_000));
  const current = buckets.filter((bucket) => bucket.hour === hourOf(now));
  const maxOf = (list: typeof buckets) => list.reduce((max, bucket) => Math.max(max, bucket.maxMs), 0);
  const hour = windowOf(mergeFigures(current), maxOf(current));
  const day = windowOf(mergeFigures(buckets), maxOf(buckets));
  return { name: fn, hour, day, alarm: functionErrorAlarm(fn, hour) };
}

export interface DependencyFailureRow {
  service: DependencyService;
  kind: DependencyFailureKind;
  /** In words: "DynamoDB refused for rate (throttled)". */
  reason: string;
  attempts: number;
  gaveUp: number;
  lastError: string;
  lastOperation: string;
  lastAt: string;
}

/** The day's counts summed per service and kind, those that reached users first. */
export function dependencyFailureRows(counts: readonly DependencyFailureCount[]): DependencyFailureRow[] {
  const rows = new Map<string, DependencyFailureRow>();
  for (const count of counts) {
    const key = `${count.service}|${count.kind}`;
    const row = rows.get(key) ?? { service: count.service, kind: count.kind, reason: `${DEPENDENCY_NAMES[count.service]} ${DEPENDENCY_FAILURE_WORDS[count.kind]}`, attempts: 0, gaveUp: 0, lastError: '', lastOperation: '', lastAt: '' };
    row.attempts += count.attempts;
    row.gaveUp += count.gaveUp;
    if (count.lastAt >= row.lastAt) Object.assign(row, { lastError: count.lastError, lastOperation: count.lastOperation, lastAt: count.lastAt });
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => b.gaveUp - a.gaveUp || b.attempts - a.attempts || a.reason.localeCompare(b.reason));
}

/** One dependency's alarm: calls that failed after their retries in the current hour. */
export function dependencyAlarm(service: DependencyService, thisHour: readonly DependencyFailureCount[]): Alarm {
  const { threshold } = ALARM_RULES.dependencyFailures;
  const name = `${DEPENDENCY_NAMES[service]} failures`;
  const mine = thisHour.filter((count) => count.service === service);
  const gaveUp = mine.reduce((total, count) => total + count.gaveUp, 0);
  const attempts = mine.reduce((total, count) => total + count.attempts, 0);
  const base = { name, subject: service, kind: 'dependency-failures' as const };
  const figures = `${countOf(gaveUp, 'call')} failed after retries (${countOf(attempts, 'failed attempt')}) this hour`;
  return gaveUp >= threshold ? { ...base, state: 'ALARM', reason: `${figures}: ${threshold} or more` } : { ...base, state: 'OK', reason: `${figures}: under ${threshold}` };
}

/** The day's failed calls to each dependency, in words, and each dependency's alarm over the current hour. */
export async function dependencyFigures(now: number) {
  const counts = await dependencyFailuresSince(hourOf(now - 23 * 3_600_000));
  const thisHour = counts.filter((count) => count.hour === hourOf(now));
  return { rows: dependencyFailureRows(counts), alarms: DEPENDENCIES.map((service) => dependencyAlarm(service, thisHour)) };
}

const isHigh = (severity: string) => severity === 'high' || severity === 'critical';

export async function readSystemHealth(now = new Date()) {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const [articles, published24h, rejected24h, alerts24h, ingestRuns24h, [lastIngest], openAlerts, functions] = await Promise.all([
    readCounters(COUNTER_SCOPES.articles),
    countPublishedSince(dayAgo),
    countByStatus('rejected', { since: dayAgo }),
    countAlertsSince(dayAgo),
    runsSince('ingest', dayAgo),
    latestPipelineRuns('ingest', 1),
    listAlerts({ resolved: false, limit: 100 }),
    Promise.all(stack.functions.map((fn) => functionFigures(fn.name, now.getTime()))),
  ]);
  const count = (name: string) => Math.max(0, articles[name] ?? 0);
  const published = count('status#published');
  const figures = {
    published,
    visibility: readerVisibility(published, articles),
    drafts: count('status#draft'),
    unclassifiedDrafts: count('admin#unclassified'),
    lastIngestEndedAt: lastIngest?.endedAt ?? null,
    published24h,
    rejected24h,
    alerts24h,
    feedChecks24h: ingestRuns24h.reduce((total, run) => total + Number((run.stats as { feeds?: number } | undefined)?.feeds ?? 0), 0),
    openHighAlerts: openAlerts.items.filter((alert) => isHigh(alert.severity)).length,
    functionsInAlarm: functions.filter((fn) => fn.alarm.state === 'ALARM').map((fn) => fn.name),
    functions: functions.length,
  };
  return {
    health: systemHealth({ now, ...figures }),
    figures: { ...figures, openAlerts: openAlerts.items.length, ingestRuns24h: ingestRuns24h.length },
    articleCounters: articles,
    functions,
    openAlerts: openAlerts.items,
  };
}
