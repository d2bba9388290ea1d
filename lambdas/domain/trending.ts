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
/**
 * A search phrase joins Trending only once this many different readers searched it on different
 * client-days (issue 12: one client repeating a phrase counts once a day, so it cannot put it there alone).
 */
export const TRENDING_MIN_SEARCHERS = 3;

/** Phrases that are spam whoever searches them: follower selling, gambling, adult, lending. */
const TRENDING_BLOCKLIST = /\b(buy (?:real )?(?:followers|likes|views|subscribers)|cheap (?:followers|likes)|followers? (?:for sale|cheap)|casino|betting|satta|porn|xxx|nude|viagra|escort|instant loan|loan app)\b/i;

/**
 * Whether a normalised search term may be shown as a trending topic: words only, no markup, no address
 * (a URL, a domain or an e-mail) and nothing on the blocklist. Searching works for every term either way.
 */
export function isTrendableTerm(term: string): boolean {
  if (/[<>{}[\]"'`\\=;|]/.test(term)) return false;
  if (/:\/\/|www\.|@|\b[a-z0-9-]+\.(?:[a-z]{2,})(?:\b|\/)/i.test(term)) return false;
  if (!/\p{L}/u.test(term)) return false;
  return !TRENDING_BLOCKLIST.test(term);
}

export function normaliseSearchTerm(term: string): string | null {
  const cleaned = term.trim().toLowerCase().replace(/\s+/g, ' ');
  return cleaned.length >= 2 && cleaned.length <= 60 ? cleaned : null;
}
