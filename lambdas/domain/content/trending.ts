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
  /** Searches readers made of the topic (each counted once per address and day); 0 when nobody searched it. */
  searchCount: number;
  source: string;
}

/** Endings of words whose final s is no plural: business, status, analysis, analytics, news, series, famous. */
const NOT_PLURAL = /(?:ss|us|is|ics|news|series|ous)$/;

/** One English word without its regular plural ending: creators → creator, agencies → agency, brushes → brush. */
export function singularWord(word: string): string {
  if (word.length <= 3 || !word.endsWith('s') || NOT_PLURAL.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ch|sh|x|z)es$/.test(word)) return word.slice(0, -2);
  return word.slice(0, -1);
}

/**
 * The topic a keyword stands for: lower case, each word singular, so #creator and #creators (or
 * #influencer and #influencers) are one topic. A small rule for regular English plurals; words such as news,
 * analytics or business keep their s.
 */
export function topicKey(keyword: string): string {
  return keyword
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .map(singularWord)
    .join(' ');
}

/**
 * Each topic's searches (every spelling summed), from the search-based keywords, for the figures shown
 * beside a topic: a content-based keyword's own count is the articles it matched, never searches.
 */
export function searchesByTopic(searchBased: readonly { keyword: string; searchCount: number }[]): Map<string, number> {
  const searches = new Map<string, number>();
  for (const item of searchBased) searches.set(topicKey(item.keyword), (searches.get(topicKey(item.keyword)) ?? 0) + item.searchCount);
  return searches;
}

/** Merges content and search keywords as above; a topic appears once, in its most counted spelling (the lists come most counted first). */
export function mergeTrending(contentBased: readonly KeywordCount[], searchBased: readonly KeywordCount[], limit = DEFAULT_TRENDING_LIMIT): KeywordCount[] {
  const contentSlots = Math.round(limit * CONTENT_SHARE);
  const merged: KeywordCount[] = [];
  const seen = new Set<string>();
  const add = (items: readonly KeywordCount[], max: number) => {
    for (const item of items) {
      if (merged.length >= limit || max <= 0) return;
      const key = topicKey(item.keyword);
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
 * client-days (one client repeating a phrase counts once a day, so it cannot put it there alone).
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
