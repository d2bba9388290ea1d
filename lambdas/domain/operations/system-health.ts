/**
 * The console's one health model. The dashboard, System Operations / Monitoring (its stabilization monitor)
 * and Recovery all show what `systemHealth` answers, so no two screens can disagree on the overall status.
 *
 * The admin spec had three rule sets over overlapping figures ("System health overall status" with scores
 * 95 / 65 / 25, the "Stabilization monitor" with its own thresholds for the same drafts, and the "System
 * Control Center" percentage 100 / 85 / 70): one screen said Critical (25%) while the next said Warning.
 * Here each rule is one check with a status and its reason in words; a part of the system (content,
 * pipeline, functions) is as bad as its worst check, and the overall status is the worst of all.
 * Where two spec rules measured the same thing, one threshold is kept (see HEALTH_RULES). The percentages
 * are gone: a fixed number per status said nothing; "5 of 7 checks pass" does.
 */
import { CATEGORY_NAMES, isCategorySlug, PUBLIC_CATEGORY_SLUGS } from '../content/categories.ts';
import { ALARM_RULES } from './operations.ts';
import { countOf } from '../common/plural.ts';

export const HEALTH_STATUSES = ['healthy', 'warning', 'critical'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];
const SEVERITY: Record<HealthStatus, number> = { healthy: 0, warning: 1, critical: 2 };

export const HEALTH_AREAS = ['content', 'pipeline', 'functions'] as const;
export type HealthArea = (typeof HEALTH_AREAS)[number];

/** The thresholds, each with why it is where it is. */
export const HEALTH_RULES = {
  /**
   * Articles readers can open (spec's stabilization "Database" rule: healthy over 50, warning over 10,
   * counted on what readers see rather than on what is published): under 11 the site is nearly empty,
   * under 51 it fills fewer than four home pages of 15.
   */
  visibleArticles: { healthyAbove: 50, warningAbove: 10 },
  /**
   * Drafts waiting for the classifier or a review (spec's 24 h rule: warning over 500, critical over 1,000;
   * its stabilization rule's 1,000 / 2,000 for the same drafts is dropped, one figure gets one rule).
   */
  drafts: { warningAbove: 500, criticalAbove: 1000 },
  /** Alerts raised over the feed checks made, 24 h (spec: warning over 10 %, critical over 20 %). */
  alertRatio: { warningAbove: 0.1, criticalAbove: 0.2 },
  /** Open alerts of severity high or critical (spec's stabilization pipeline rule: 5 and 10). */
  openHighAlerts: { warningFrom: 5, criticalFrom: 10 },
  /**
   * Throughput over 24 h: a news site that published fewer than 10 looks stale (spec: warning); one that
   * decided (published or rejected) 2 or fewer is not moving at all (spec's stabilization: critical).
   */
  throughput: { publishedWarningBelow: 10, decidedCriticalAtMost: 2 },
  /** Drafts waiting while no ingest has finished for this long: the classifier is stalled (critical). */
  classifierStalledAfterHours: 2,
  /** Functions whose error-rate alarm is in ALARM (spec: 1-2 warning, more critical). */
  functionsInAlarm: { warningAtMost: 2 },
} as const;

export type MlStatus = 'ready' | 'stalled' | 'missing';

/** Every figure the checks read, measured by the console's server from the store (services/system-health.ts). */
export interface HealthInputs {
  now: Date;
  /** Published articles (the status counter; duplicates excluded). */
  published: number;
  /** Published articles readers can open, and why the rest cannot be (readerVisibility). */
  visibility: ReaderVisibility;
  /** Articles in status draft (waiting for the classifier or for review). */
  drafts: number;
  /** Drafts the classifier has not seen yet. */
  unclassifiedDrafts: number;
  lastIngestEndedAt: string | null;
  published24h: number;
  rejected24h: number;
  alerts24h: number;
  feedChecks24h: number;
  openHighAlerts: number;
  /** Names of the functions whose error-rate alarm is in ALARM, and how many functions there are. */
  functionsInAlarm: string[];
  functions: number;
}

export interface HealthCheck {
  id: 'content' | 'drafts' | 'classifier' | 'feed-alerts' | 'open-alerts' | 'throughput' | 'functions';
  area: HealthArea;
  title: string;
  status: HealthStatus;
  reason: string;
}

export interface AreaHealth {
  status: HealthStatus;
  /** The reasons of the area's checks at its status. */
  reason: string;
}

export interface SystemHealth {
  status: HealthStatus;
  /** Why the status is what it is: every check that is not healthy, worst first; else that all pass. */
  reasons: string[];
  /** "passing of total checks pass". */
  passing: number;
  total: number;
  checks: HealthCheck[];
  areas: Record<HealthArea, AreaHealth>;
}

export interface ReaderVisibility {
  /** Published articles a reader can open: listed (relevance and category known) in a public category. */
  visible: number;
  /** Listed in a category the public site does not show. */
  hidden: Array<{ category: string; name: string; count: number }>;
  /** Published but not listed: relevance under the public floor (or no category). */
  unlisted: number;
}

/**
 * Who sees what, from the article counters (store/table/counters.ts keeps `published#<category>` for every
 * published article the public list shows by relevance; categories decide the rest).
 */
export function readerVisibility(published: number, counters: Readonly<Record<string, number>>): ReaderVisibility {
  const listed = Object.entries(counters)
    .filter(([name]) => name.startsWith('published#'))
    .map(([name, count]) => ({ category: name.slice('published#'.length), count: Math.max(0, count) }))
    .filter((entry) => entry.count > 0);
  const isPublic = (category: string) => isCategorySlug(category) && PUBLIC_CATEGORY_SLUGS.includes(category);
  const visible = listed.filter((entry) => isPublic(entry.category)).reduce((sum, entry) => sum + entry.count, 0);
  const hidden = listed
    .filter((entry) => !isPublic(entry.category))
    .map((entry) => ({ ...entry, name: isCategorySlug(entry.category) ? CATEGORY_NAMES[entry.category] : entry.category }));
  const listedTotal = listed.reduce((sum, entry) => sum + entry.count, 0);
  return { visible, hidden, unlisted: Math.max(0, published - listedTotal) };
}

/** Why some published articles are not visible, in words; empty when all are. */
export function visibilityGap(visibility: ReaderVisibility): string {
  const parts = [
    ...visibility.hidden.map((entry) => `${entry.count} in ${entry.name}, a category hidden from readers`),
    ...(visibility.unlisted ? [`${visibility.unlisted} below the public relevance floor`] : []),
  ];
  return parts.join(', ');
}

export function mlStatusOf(input: { lastIngestEndedAt: string | null; unclassifiedDrafts: number; now: Date }): MlStatus {
  if (!input.lastIngestEndedAt) return 'missing';
  return input.unclassifiedDrafts > 0 && hoursSince(input.lastIngestEndedAt, input.now) > HEALTH_RULES.classifierStalledAfterHours ? 'stalled' : 'ready';
}

/** Alerts over checks; every alert counts fully when nothing was checked. */
export function alertRatio(alerts: number, checks: number): number {
  if (alerts === 0) return 0;
  return checks > 0 ? Math.min(1, alerts / checks) : 1;
}

const hoursSince = (iso: string, now: Date) => (now.getTime() - Date.parse(iso)) / 3_600_000;

/** "under a minute ago", "12 minutes ago", "1.5 hours ago", "2 days ago". */
export function ago(iso: string, now: Date): string {
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'under a minute ago';
  if (minutes < 60) return `${countOf(minutes, 'minute')} ago`;
  const hours = minutes / 60;
  if (hours < 48) return `${countOf(Math.round(hours * 10) / 10, 'hour')} ago`;
  return `${countOf(Math.floor(hours / 24), 'day')} ago`;
}

const percentText = (ratio: number) => `${Math.round(ratio * 100)}%`;

function contentCheck(inputs: HealthInputs): HealthCheck {
  const { visible } = inputs.visibility;
  const rule = HEALTH_RULES.visibleArticles;
  const gap = visibilityGap(inputs.visibility);
  const seen = `Readers can open ${visible.toLocaleString('en-IN')} of ${countOf(inputs.published, 'published article')}${gap ? ` (${gap})` : ''}`;
  const base = { id: 'content' as const, area: 'content' as const, title: 'Articles readers see' };
  if (visible > rule.healthyAbove) return { ...base, status: 'healthy', reason: seen };
  if (visible > rule.warningAbove) return { ...base, status: 'warning', reason: `${seen}: a thin site, a healthy one shows more than ${rule.healthyAbove}` };
  return { ...base, status: 'critical', reason: `${seen}: the site is nearly empty (at least ${rule.warningAbove + 1} needed, more than ${rule.healthyAbove} for a healthy site)` };
}

function draftsCheck(inputs: HealthInputs): HealthCheck {
  const rule = HEALTH_RULES.drafts;
  const waiting = `${countOf(inputs.drafts, 'draft')} waiting for the classifier or a review`;
  const base = { id: 'drafts' as const, area: 'pipeline' as const, title: 'Draft backlog' };
  if (inputs.drafts > rule.criticalAbove) return { ...base, status: 'critical', reason: `${waiting}: over ${rule.criticalAbove.toLocaleString('en-IN')}, the backlog is out of hand` };
  if (inputs.drafts > rule.warningAbove) return { ...base, status: 'warning', reason: `${waiting}: over ${rule.warningAbove}, classification or review is falling behind` };
  return { ...base, status: 'healthy', reason: waiting };
}

function classifierCheck(inputs: HealthInputs): HealthCheck {
  const base = { id: 'classifier' as const, area: 'pipeline' as const, title: 'Classifier' };
  const status = mlStatusOf({ lastIngestEndedAt: inputs.lastIngestEndedAt, unclassifiedDrafts: inputs.unclassifiedDrafts, now: inputs.now });
  if (status === 'missing' || !inputs.lastIngestEndedAt) return { ...base, status: 'critical', reason: 'No ingest has finished yet, so no article has been classified' };
  const last = `the last ingest finished ${ago(inputs.lastIngestEndedAt, inputs.now)}`;
  if (status === 'stalled') {
    return { ...base, status: 'critical', reason: `Classifier stalled: ${countOf(inputs.unclassifiedDrafts, 'draft')} waiting and ${last} (over ${HEALTH_RULES.classifierStalledAfterHours} hours)` };
  }
  return { ...base, status: 'healthy', reason: `${last.charAt(0).toUpperCase()}${last.slice(1)}; ${countOf(inputs.unclassifiedDrafts, 'draft')} waiting for it` };
}

function feedAlertsCheck(inputs: HealthInputs): HealthCheck {
  const rule = HEALTH_RULES.alertRatio;
  const ratio = alertRatio(inputs.alerts24h, inputs.feedChecks24h);
  const figures = `${countOf(inputs.alerts24h, 'alert')} raised for ${countOf(inputs.feedChecks24h, 'feed check')} in 24 hours (${percentText(ratio)})`;
  const base = { id: 'feed-alerts' as const, area: 'pipeline' as const, title: 'Feed alerts' };
  if (ratio > rule.criticalAbove) return { ...base, status: 'critical', reason: `${figures}: over ${percentText(rule.criticalAbove)} of checks fail (the open alerts in Operations say which)` };
  if (ratio > rule.warningAbove) return { ...base, status: 'warning', reason: `${figures}: over ${percentText(rule.warningAbove)} of checks fail (the open alerts in Operations say which)` };
  return { ...base, status: 'healthy', reason: figures };
}

function openAlertsCheck(inputs: HealthInputs): HealthCheck {
  const rule = HEALTH_RULES.openHighAlerts;
  const open = `${countOf(inputs.openHighAlerts, 'open alert')} of severity high or critical`;
  const base = { id: 'open-alerts' as const, area: 'pipeline' as const, title: 'Open alerts' };
  if (inputs.openHighAlerts >= rule.criticalFrom) return { ...base, status: 'critical', reason: `${open}: ${rule.criticalFrom} or more wait for someone` };
  if (inputs.openHighAlerts >= rule.warningFrom) return { ...base, status: 'warning', reason: `${open}: ${rule.warningFrom} or more wait for someone` };
  return { ...base, status: 'healthy', reason: open };
}

function throughputCheck(inputs: HealthInputs): HealthCheck {
  const rule = HEALTH_RULES.throughput;
  const decided = inputs.published24h + inputs.rejected24h;
  const figures = `${countOf(inputs.published24h, 'article')} published and ${inputs.rejected24h.toLocaleString('en-IN')} rejected in 24 hours`;
  const base = { id: 'throughput' as const, area: 'pipeline' as const, title: 'Throughput' };
  if (decided <= rule.decidedCriticalAtMost) return { ...base, status: 'critical', reason: `${figures}: the pipeline has all but stopped (more than ${rule.decidedCriticalAtMost} decided a day expected)` };
  if (inputs.published24h < rule.publishedWarningBelow) return { ...base, status: 'warning', reason: `${figures}: fewer than ${rule.publishedWarningBelow} new a day, the site goes stale` };
  return { ...base, status: 'healthy', reason: figures };
}

function functionsCheck(inputs: HealthInputs): HealthCheck {
  const failing = inputs.functionsInAlarm.length;
  const limit = `over ${percentText(ALARM_RULES.functionErrorRate.threshold)} errors this hour`;
  const base = { id: 'functions' as const, area: 'functions' as const, title: 'Functions' };
  if (failing === 0) return { ...base, status: 'healthy', reason: `None of the ${countOf(inputs.functions, 'function')} is ${limit}` };
  const named = `${failing} of ${countOf(inputs.functions, 'function')} ${failing === 1 ? 'is' : 'are'} ${limit} (${inputs.functionsInAlarm.join(', ')})`;
  return { ...base, status: failing <= HEALTH_RULES.functionsInAlarm.warningAtMost ? 'warning' : 'critical', reason: named };
}

const worst = (statuses: readonly HealthStatus[]): HealthStatus => statuses.reduce<HealthStatus>((bad, status) => (SEVERITY[status] > SEVERITY[bad] ? status : bad), 'healthy');

export function systemHealth(inputs: HealthInputs): SystemHealth {
  const checks = [contentCheck(inputs), throughputCheck(inputs), draftsCheck(inputs), classifierCheck(inputs), feedAlertsCheck(inputs), openAlertsCheck(inputs), functionsCheck(inputs)];
  const status = worst(checks.map((check) => check.status));
  const failing = checks.filter((check) => check.status !== 'healthy').sort((a, b) => SEVERITY[b.status] - SEVERITY[a.status]);
  const areas = Object.fromEntries(
    HEALTH_AREAS.map((area) => {
      const own = checks.filter((check) => check.area === area);
      const areaStatus = worst(own.map((check) => check.status));
      return [area, { status: areaStatus, reason: own.filter((check) => check.status === areaStatus).map((check) => check.reason).join('; ') }];
    }),
  ) as Record<HealthArea, AreaHealth>;
  return {
    status,
    reasons: failing.length ? failing.map((check) => check.reason) : [`All ${checks.length} checks pass`],
    passing: checks.length - failing.length,
    total: checks.length,
    checks,
    areas,
  };
}

/** Rates of the dashboard (spec section 9), null when there is nothing to divide by. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}
