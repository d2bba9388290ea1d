import type { LifecycleRunStats } from '#domain/content/lifecycle.ts';
import { latestPipelineRuns } from '#store/pipeline-runs.ts';
import { signedInCaller } from '#platform/auth.ts';
import { route } from '#platform/router.ts';
import { rejectAutoRejectedDrafts } from '../../services/auto-rejected-cleanup.ts';
import { lifecycleAnalytics } from '../../services/lifecycle-analytics.ts';

/** Lifecycle Manager: the analytics (admin spec section 3) and the latest runs with their stats. */
export const lifecycle = route({}, async () => {
  const [analytics, runs] = await Promise.all([lifecycleAnalytics(), latestPipelineRuns('lifecycle', 10)]);
  return {
    ...analytics,
    runs: runs.map((run) => ({ executionId: run.executionId, trigger: run.trigger, status: run.status, startedAt: run.startedAt, endedAt: run.endedAt ?? null, stats: (run.stats ?? null) as LifecycleRunStats | null })),
  };
});

/**
 * Manual Controls, "move auto-rejected to rejected": an article the classifier auto-rejected but that is
 * still a draft (e.g. written by an older pipeline) becomes rejected, so the lifecycle archives it in time.
 */
export const cleanupAutoRejected = route({}, async ({ caller }) => rejectAutoRejectedDrafts(signedInCaller(caller)));

export const lifecycleRoutes = {
  'GET /admin/lifecycle': lifecycle,
  'POST /admin/lifecycle/cleanup-auto-rejected': cleanupAutoRejected,
};
