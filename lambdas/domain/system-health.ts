/**
 * System health overall status (admin spec section 4), from the last 24 hours:
 * critical if drafts > 1000, the alert ratio > 20 %, there is no ML status record, or ML is stalled;
 * degraded if drafts > 500, the alert ratio > 10 %, or fewer than 10 published in 24 h; otherwise healthy.
 * Scores 95 / 65 / 25.
 *
 * The old app left two inputs undefined; here they are:
 * - alert ratio: alerts raised in 24 h over the feed checks the ingest made in 24 h (alerts are raised per
 *   failing feed or failed host step, so this is the share of checks that went wrong);
 * - ML status: from the latest ingest run (the step that classifies): none ever -> missing; stalled when
 *   drafts wait for the classifier and no ingest has finished for longer than ML_STALLED_AFTER_HOURS.
 */
export const HEALTH_SCORES = { healthy: 95, degraded: 65, critical: 25 } as const;
export type HealthStatus = keyof typeof HEALTH_SCORES;

export const ML_STALLED_AFTER_HOURS = 2;

export type MlStatus = 'ready' | 'stalled' | 'missing';

export interface HealthInputs {
  /** Articles in status draft (waiting for the classifier or for review). */
  drafts: number;
  alerts24h: number;
  feedChecks24h: number;
  published24h: number;
  mlStatus: MlStatus;
}

export interface SystemHealth {
  status: HealthStatus;
  score: number;
  alertRatio: number;
  /** Why the status is not healthy, in words the console shows. */
  reasons: string[];
}

export function mlStatusOf(input: { lastIngestEndedAt: string | null; unclassifiedDrafts: number; now: Date }): MlStatus {
  if (!input.lastIngestEndedAt) return 'missing';
  const ageHours = (input.now.getTime() - Date.parse(input.lastIngestEndedAt)) / 3_600_000;
  return input.unclassifiedDrafts > 0 && ageHours > ML_STALLED_AFTER_HOURS ? 'stalled' : 'ready';
}

export function alertRatio(alerts: number, checks: number): number {
  if (alerts === 0) return 0;
  return checks > 0 ? alerts / checks : 1;
}

export function systemHealth(inputs: HealthInputs): SystemHealth {
  const ratio = alertRatio(inputs.alerts24h, inputs.feedChecks24h);
  const percent = `${Math.round(ratio * 100)}%`;
  const critical = [
    ...(inputs.drafts > 1000 ? [`${inputs.drafts} drafts waiting (over 1,000)`] : []),
    ...(ratio > 0.2 ? [`Alert ratio ${percent} (over 20%)`] : []),
    ...(inputs.mlStatus === 'missing' ? ['No classifier run recorded'] : []),
    ...(inputs.mlStatus === 'stalled' ? [`Classifier stalled: drafts waiting and no ingest for over ${ML_STALLED_AFTER_HOURS} hours`] : []),
  ];
  if (critical.length) return { status: 'critical', score: HEALTH_SCORES.critical, alertRatio: ratio, reasons: critical };
  const degraded = [
    ...(inputs.drafts > 500 ? [`${inputs.drafts} drafts waiting (over 500)`] : []),
    ...(ratio > 0.1 ? [`Alert ratio ${percent} (over 10%)`] : []),
    ...(inputs.published24h < 10 ? [`Only ${inputs.published24h} published in 24 hours (under 10)`] : []),
  ];
  if (degraded.length) return { status: 'degraded', score: HEALTH_SCORES.degraded, alertRatio: ratio, reasons: degraded };
  return { status: 'healthy', score: HEALTH_SCORES.healthy, alertRatio: ratio, reasons: [] };
}

/** Rates of the dashboard (spec section 9), null when there is nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}
