import * as z from '#domain/common/validation.ts';
import { confidenceBucket, CONFIDENCE_BUCKETS } from '#domain/content/article-status.ts';
import { indiaDayStart } from '#domain/common/india-time.ts';
import { rate, visibilityGap } from '#domain/operations/system-health.ts';
import { listAudit } from '#store/audit.ts';
import { COUNTER_SCOPES, readCounters } from '#store/table/counters.ts';
import { runsSince } from '#store/read-models/console-metrics.ts';
import { signedInCaller } from '#platform/auth.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, limitParam, route } from '#platform/router.ts';
import { lifecycleAnalytics } from '../../services/lifecycle-analytics.ts';
import { readSystemHealth } from '../../services/system-health.ts';
import { lifecycleRoutes } from './lifecycle.ts';
import { ping } from './ping.ts';

/** Who the console is talking to, as the server sees it (the shell's route guard reads the role from here). */
export const session = route({}, async ({ caller }) => {
  const who = signedInCaller(caller);
  return { userId: who.userId, role: who.role, email: who.email ?? null, name: who.name ?? null };
});

const STATUSES = ['draft', 'published', 'rejected', 'archived', 'purged'] as const;

/**
 * The dashboard (admin spec section 2), every figure from the store: the article counters kept in the
 * writes, the recorded pipeline runs, alerts, the lifecycle analytics and the push figures.
 */
export const dashboard = route({}, async () => {
  const now = new Date();
  const [measured, users, push, runsToday, lifecycle] = await Promise.all([
    readSystemHealth(now),
    readCounters(COUNTER_SCOPES.users),
    readCounters(COUNTER_SCOPES.push),
    runsSince('ingest', indiaDayStart(now).toISOString()),
    lifecycleAnalytics(now),
  ]);
  const { health, figures, articleCounters } = measured;
  const count = (name: string) => Math.max(0, articleCounters[name] ?? 0);
  const byStatus = Object.fromEntries(STATUSES.map((status) => [status, count(`status#${status}`)])) as Record<(typeof STATUSES)[number], number>;
  const extracted = STATUSES.reduce((total, status) => total + byStatus[status], 0);
  const decided = extracted - byStatus.draft;
  const classified = Object.fromEntries(CONFIDENCE_BUCKETS.map((bucket) => [bucket, count(`confidence#${bucket}`)])) as Record<ReturnType<typeof confidenceBucket>, number>;
  const classifiedTotal = CONFIDENCE_BUCKETS.reduce((total, bucket) => total + classified[bucket], 0);
  const publishRate = rate(byStatus.published, byStatus.published + byStatus.rejected);
  const processingRate = rate(decided, extracted);
  return {
    generatedAt: now.toISOString(),
    cards: {
      totalArticles: extracted - byStatus.purged,
      published: byStatus.published,
      visibleToReaders: figures.visibility.visible,
      /** Why published and visible differ, in words ('' when they agree). */
      notVisibleBecause: visibilityGap(figures.visibility),
      publishRate,
      activeUsers: Math.max(0, users.total ?? 0),
      processingRate,
      runsToday: runsToday.length,
    },
    byStatus,
    funnel: {
      extracted,
      draftsWaiting: figures.unclassifiedDrafts,
      classified,
      classifiedTotal,
      pendingReview: count('admin#pending_review'),
      published: byStatus.published,
      rejected: byStatus.rejected,
    },
    efficiency: {
      processingRate,
      publishRate,
      classificationSuccessRate: rate(classifiedTotal - classified.failed, classifiedTotal),
    },
    health,
    figures: {
      drafts: byStatus.draft,
      alerts24h: figures.alerts24h,
      feedChecks24h: figures.feedChecks24h,
      published24h: figures.published24h,
      runs24h: figures.ingestRuns24h,
      lastIngestAt: figures.lastIngestEndedAt,
    },
    lifecycle,
    /** Web push to readers' devices (store/push-subscriptions.ts PUSH_COUNTERS), counted as the push consumer sends. */
    push: {
      subscribedDevices: Math.max(0, push.devices ?? 0),
      sent: push.sent ?? 0,
      failed: push.failed ?? 0,
      removed: push.removed ?? 0,
    },
  };
});

export const auditLog = route({ query: z.object({ limit: limitParam(100, 50), cursor: cursorParam, target: z.optional(z.string().check(z.maxLength(200))) }) }, async ({ query }) => {
  const scope = cursorScope('audit', { target: query.target });
  const page = await listAudit({ limit: query.limit, cursor: await openCursor(scope, query.cursor), target: query.target });
  return { items: page.items, cursor: await sealCursor(scope, page.cursor) };
});

/** The shell's session check, the dashboard, lifecycle and the audit log. */
export const consoleRoutes = {
  'GET /admin/ping': ping,
  'GET /admin/session': session,
  'GET /admin/dashboard': dashboard,
  'GET /admin/audit': auditLog,
  ...lifecycleRoutes,
};
