import { lifecycleCutoffs, storageSavedMb, type LifecycleRunStats } from '#domain/content/lifecycle.ts';
import { countByStatus } from '#store/article-lists.ts';
import { COUNTER_SCOPES, readCounters } from '#store/table/counters.ts';
import { latestPipelineRuns } from '#store/pipeline-runs.ts';

/** Admin spec section 3: lifecycle analytics, and the stats of the last lifecycle run. */
export interface LifecycleAnalytics {
  totalArchived: number;
  archivedLast24h: number;
  totalPurged: number;
  purgedLast7d: number;
  estimatedStorageSavedMb: number;
  pendingArchive: number;
  pendingPurge: number;
  lastRun: { startedAt: string; archivedCount: number; purgedCount: number; storageSavedMb: number; totalProcessed: number } | null;
}

export async function lifecycleAnalytics(now = new Date()): Promise<LifecycleAnalytics> {
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
  const { archiveBefore, purgeBefore } = lifecycleCutoffs(now);
  const [counters, archivedLast24h, purgedLast7d, pendingArchive, pendingPurge, [lastRun]] = await Promise.all([
    readCounters(COUNTER_SCOPES.articles),
    countByStatus('archived', { since: hoursAgo(24) }),
    countByStatus('purged', { since: hoursAgo(7 * 24) }),
    countByStatus('rejected', { before: archiveBefore }),
    countByStatus('archived', { before: purgeBefore }),
    latestPipelineRuns('lifecycle', 1),
  ]);
  const totalPurged = counters['status#purged'] ?? 0;
  const stats = lastRun?.stats as LifecycleRunStats | undefined;
  return {
    totalArchived: counters['status#archived'] ?? 0,
    archivedLast24h,
    totalPurged,
    purgedLast7d,
    estimatedStorageSavedMb: storageSavedMb(totalPurged),
    pendingArchive,
    pendingPurge,
    lastRun: lastRun && stats ? { startedAt: lastRun.startedAt, ...stats } : null,
  };
}
