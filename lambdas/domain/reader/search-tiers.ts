/**
 * How the public article index is split so one instance need not hold every article: a recent tier (whole
 * publication months from about SEARCH_RECENT_DAYS ago to now) that every instance loads, and an archive of
 * one shard per older publication month, loaded on demand. Whole months on both sides, so an article is in
 * exactly one place and a shard is never split; the months also give the order tiers are read in, so
 * Latest and Oldest stay exact across tiers.
 */

/** A publication month, `YYYY-MM` (UTC): the archive shard an article belongs to. */
export type PublicationMonth = string;

export const monthOf = (publishedAtMs: number): PublicationMonth => new Date(Number.isFinite(publishedAtMs) ? publishedAtMs : 0).toISOString().slice(0, 7);

/** The first month of the recent tier: the month `recentDays` before `nowMs`. Older months are archived. */
export const recentTierStart = (nowMs: number, recentDays: number): PublicationMonth => monthOf(nowMs - recentDays * 86_400_000);

export const isArchivedMonth = (month: PublicationMonth, recentFrom: PublicationMonth): boolean => month < recentFrom;

/** The first instant after a month (its shard holds nothing published at or after it). */
export function monthEndMs(month: PublicationMonth): number {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  return Date.UTC(year, monthNumber, 1);
}

/**
 * The archive months a query reads, in the order its results run: newest first (Oldest: oldest first),
 * without the months that end before the query's `withinDays` window starts (they cannot match).
 */
export function archiveMonthsToRead(months: readonly PublicationMonth[], options: { oldestFirst: boolean; sinceMs?: number | undefined }): PublicationMonth[] {
  const readable = months.filter((month) => options.sinceMs === undefined || monthEndMs(month) > options.sinceMs);
  const newestFirst = [...new Set(readable)].sort().reverse();
  return options.oldestFirst ? newestFirst.reverse() : newestFirst;
}

/**
 * A page across tiers read one after another, each ranked on its own (recent tier first, then the archive
 * months in their order): which part of the next tier's own ranking belongs on the page, given how many
 * matches the tiers before it counted and how many cards the page already has.
 */
export function nextTierSlice(page: { offset: number; limit: number }, countedBefore: number, taken: number): { offset: number; limit: number } {
  return { offset: Math.max(0, page.offset - countedBefore), limit: Math.max(0, page.limit - taken) };
}

/** What the recent tier's snapshot says of the archive: where the recent tier starts and each month's shard. */
export interface ArchiveManifest {
  recentFrom: PublicationMonth;
  shards: Array<{ month: PublicationMonth; articles: number; bytes: number }>;
}

/**
 * Memory an index loaded from a snapshot of this many bytes holds (heap and arrays): 716 MB for 503 MB of
 * snapshot at 200,000 articles (docs/benchmarks.md), so the shard cache counts a shard at 1.45x its bytes.
 */
export const loadedShardBytes = (snapshotBytes: number): number => Math.round(snapshotBytes * 1.45);
