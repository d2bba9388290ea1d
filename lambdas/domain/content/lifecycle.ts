/** Article lifecycle rules (admin spec sections 4 and 9). */
export const ARCHIVE_REJECTED_AFTER_HOURS = 48;
export const PURGE_ARCHIVED_AFTER_DAYS = 30;
/** The older app's estimate of what one purge frees, shown as "storage saved". */
export const STORAGE_SAVED_MB_PER_PURGE = 0.01;

/** What a lifecycle run records when it ends (its pipeline-run item's stats). */
export type LifecycleRunStats = {
  archivedCount: number;
  purgedCount: number;
  totalProcessed: number;
  storageSavedMb: number;
};

const HOUR_MS = 3_600_000;

export function lifecycleCutoffs(now: Date): { archiveBefore: string; purgeBefore: string } {
  return {
    archiveBefore: new Date(now.getTime() - ARCHIVE_REJECTED_AFTER_HOURS * HOUR_MS).toISOString(),
    purgeBefore: new Date(now.getTime() - PURGE_ARCHIVED_AFTER_DAYS * 24 * HOUR_MS).toISOString(),
  };
}

/** Attributes a purge removes: everything but the id, status times and the dedup hashes. */
export const PURGED_ATTRIBUTES = [
  'author',
  'sourceAttribution',
  'imageUrl',
  'mediaThumbnails',
  'enclosures',
  'mediaMetadata',
  'podcastMetadata',
  'geographicData',
  'commentsUrl',
  'rssCategories',
  'keywordMatches',
  'blocklistFlags',
] as const;

/**
 * What a purge (scheduled or manual) writes: status purged, purgedAt stamped, text emptied and the
 * metadata removed, leaving a hash-only record (the dedup hashes live in their own records, kept forever).
 */
export function purgeChange(at: string) {
  return {
    status: 'purged' as const,
    at,
    set: { purgedAt: at, title: '', summary: '', content: '', sourceUrl: '', tags: [] as string[] },
    remove: PURGED_ATTRIBUTES,
  };
}

export function storageSavedMb(purgedCount: number): number {
  return Math.round(purgedCount * STORAGE_SAVED_MB_PER_PURGE * 100) / 100;
}
