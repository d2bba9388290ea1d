import { adminGet } from '../../shell/api.ts';
import type { SystemHealth } from '../../shell/health.tsx';

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

export interface Dashboard {
  generatedAt: string;
  cards: {
    totalArticles: number;
    published: number;
    /** Published articles a reader can open, and why the others cannot be ('' when all can). */
    visibleToReaders: number;
    notVisibleBecause: string;
    publishRate: number | null; activeUsers: number; processingRate: number | null; runsToday: number };
  byStatus: Record<'draft' | 'published' | 'rejected' | 'archived' | 'purged', number>;
  funnel: {
    extracted: number;
    draftsWaiting: number;
    classified: Record<'high' | 'medium' | 'low' | 'failed', number>;
    classifiedTotal: number;
    pendingReview: number;
    published: number;
    rejected: number;
  };
  efficiency: { processingRate: number | null; publishRate: number | null; classificationSuccessRate: number | null };
  health: SystemHealth;
  figures: { drafts: number; alerts24h: number; feedChecks24h: number; published24h: number; runs24h: number; lastIngestAt: string | null };
  lifecycle: LifecycleAnalytics;
}

export const fetchDashboard = () => adminGet<Dashboard>('/admin/dashboard');
