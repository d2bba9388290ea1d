/** Who decided an article's Featured flag last. */
export const FEATURED_BY = ['editor', 'pipeline'] as const;
export type FeaturedBy = (typeof FEATURED_BY)[number];

/** The three best recent articles are featured (reader spec: Featured badge). */
export const FEATURED_COUNT = 3;
export const FEATURED_WINDOW_HOURS = 48;

export interface FeaturedCandidate {
  id: string;
  isFeatured?: boolean | undefined;
  featuredBy?: FeaturedBy | undefined;
  qualityScore?: number | undefined;
  /** When it was published (ISO). */
  statusAt: string;
}

/**
 * What the pipeline's refresh changes: it features the best-quality articles of the window that no editor
 * has decided about, in the slots editors' own featured articles leave free, and clears its own older
 * choices. An editor's decision, on or off, is never changed.
 */
export function pipelineFeaturedChanges(recent: readonly FeaturedCandidate[], now: Date): Array<{ id: string; isFeatured: boolean }> {
  const windowStart = new Date(now.getTime() - FEATURED_WINDOW_HOURS * 3_600_000).toISOString();
  const open = recent.filter((article) => article.featuredBy !== 'editor');
  const editorsFeatured = recent.filter((article) => article.featuredBy === 'editor' && article.isFeatured && article.statusAt >= windowStart).length;
  const chosen = new Set(
    open
      .filter((article) => article.statusAt >= windowStart)
      .sort((a, b) => (b.qualityScore ?? 0) - (a.qualityScore ?? 0) || (a.id < b.id ? -1 : 1))
      .slice(0, Math.max(0, FEATURED_COUNT - editorsFeatured))
      .map((article) => article.id),
  );
  return open.filter((article) => Boolean(article.isFeatured) !== chosen.has(article.id)).map((article) => ({ id: article.id, isFeatured: chosen.has(article.id) }));
}
