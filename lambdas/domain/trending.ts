/**
 * Trending keywords (reader spec section 7): about 70% of the list from content-based keywords, the
 * rest from searches, each seen within 7 days, most counted first; merged without duplicates, content
 * first, capped at the limit (default 10).
 */
export const TRENDING_WINDOW_DAYS = 7;
export const DEFAULT_TRENDING_LIMIT = 10;
export const CONTENT_SHARE = 0.7;

export interface KeywordCount {
  keyword: string;
  searchCount: number;
  source: string;
}

export function mergeTrending(contentBased: readonly KeywordCount[], searchBased: readonly KeywordCount[], limit = DEFAULT_TRENDING_LIMIT): KeywordCount[] {
  const contentSlots = Math.round(limit * CONTENT_SHARE);
  const merged: KeywordCount[] = [];
  const seen = new Set<string>();
  const add = (items: readonly KeywordCount[], max: number) => {
    for (const item of items) {
      if (merged.length >= limit || max <= 0) return;
      const key = item.keyword.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      merged.push(item);
      max -= 1;
    }
  };
  add(contentBased, contentSlots);
  add(searchBased, limit - merged.length);
  // A short list of one kind leaves room for more of the other.
  add(contentBased, limit - merged.length);
  return merged;
}

/** A search term worth counting: trimmed, lower case, 2 to 60 characters. */
export function normaliseSearchTerm(term: string): string | null {
  const cleaned = term.trim().toLowerCase().replace(/\s+/g, ' ');
  return cleaned.length >= 2 && cleaned.length <= 60 ? cleaned : null;
}
