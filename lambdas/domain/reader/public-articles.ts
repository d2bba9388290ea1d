/**
 * What the public may see and how the public list filters and orders it (reader spec sections 5, 7, 9).
 * The search index (search/article-index.ts) and the single-article route both apply these rules.
 */
import { INDIA_RELEVANT_AT, indiaBadge } from '../content/badges.ts';
import { isCategorySlug, type CategorySlug } from '../content/categories.ts';
import { INDIAN_CITIES } from '../topics/india-cities.ts';
import { PUBLIC_MIN_RELEVANCE } from '../content/article-status.ts';
import { httpUrl } from '../content/urls.ts';
import type { StoryTopic } from '../topics/topic-links.ts';

/** The stored fields the public rules and the reader's card read. */
export interface ArticleFields {
  id: string;
  title: string;
  summary?: string | undefined;
  content?: string | undefined;
  category: string;
  tags?: string[] | undefined;
  /** The entities it is about (domain/topics/story-topics.ts); absent on articles stored before topics. */
  topics?: StoryTopic[] | undefined;
  sourceUrl: string;
  sourceName: string;
  /** The feed it came from (store/feeds.ts): the publisher's stable id; absent on an editor's own story. */
  feedId?: string | undefined;
  author?: string | undefined;
  imageUrl?: string | undefined;
  contentType?: 'article' | 'video' | 'podcast' | undefined;
  status: string;
  isDuplicate?: boolean | undefined;
  /** Later reports of the same event by other publishers (domain/content/story-cluster.ts). */
  alsoCoveredBy?: Array<{ sourceName: string; sourceUrl: string; title: string }> | undefined;
  isFeatured?: boolean | undefined;
  relevanceScore?: number | undefined;
  mlConfidenceScore?: number | undefined;
  qualityScore?: number | undefined;
  indiaRelevance?: number | undefined;
  keywordMatches?: unknown;
  viewsCount?: number | undefined;
  readTimeMinutes?: number | undefined;
  originalPublishedAt?: string | undefined;
  publishedAt?: string | undefined;
  createdAt?: string | undefined;
}

/** When an article counts as published: the publisher's date, else when it was published here, else stored. */
export const publishedAtOf = (article: Pick<ArticleFields, 'originalPublishedAt' | 'publishedAt' | 'createdAt'>): string =>
  article.originalPublishedAt ?? article.publishedAt ?? article.createdAt ?? new Date(0).toISOString();

/** Published, not a duplicate, relevance at least 30, a known category. */
export function isPublicArticle(article: Pick<ArticleFields, 'status' | 'isDuplicate' | 'relevanceScore' | 'category'>): boolean {
  return (
    article.status === 'published' &&
    !article.isDuplicate &&
    (article.relevanceScore ?? 0) >= PUBLIC_MIN_RELEVANCE &&
    isCategorySlug(article.category)
  );
}

/** Without a search term, titles on these subjects stay off the list (politics, sport, a named politician). */
export const TITLE_EXCLUSIONS = ['politics', 'political', 'cricket', 'sports', 'election', 'elections', 'minister', 'government', 'modi', 'rahul gandhi'];

export function hasExcludedTitle(title: string): boolean {
  const padded = ` ${title.toLowerCase().replace(/[^a-z0-9]+/g, ' ')} `;
  return TITLE_EXCLUSIONS.some((word) => padded.includes(` ${word} `));
}

export const ARTICLE_SORTS = ['latest', 'trending', 'quality', 'relevance', 'oldest', 'best-match'] as const;
export type ArticleSort = (typeof ARTICLE_SORTS)[number];

export const QUALITY_FILTERS = ['all', 'high', 'medium', 'low'] as const;
export type QualityFilter = (typeof QUALITY_FILTERS)[number];

export const MARKET_FOCUSES = ['all', 'indian', 'global'] as const;
export type MarketFocus = (typeof MARKET_FOCUSES)[number];

/**
 * Quality bands: high = relevance 70+ and confidence 0.8+; medium = relevance 40+ and confidence 0.5+
 * (and not high, so the three bands split the list); low = relevance under 40 or confidence under 0.5.
 */
export function qualityBand(relevance: number, confidence: number): Exclude<QualityFilter, 'all'> {
  if (relevance >= 70 && confidence >= 0.8) return 'high';
  if (relevance >= 40 && confidence >= 0.5) return 'medium';
  return 'low';
}

/** Indian = India-relevant (score 2+); global = the rest. */
export function marketOf(indiaRelevance: number): Exclude<MarketFocus, 'all'> {
  return indiaRelevance >= INDIA_RELEVANT_AT ? 'indian' : 'global';
}

/** The search box's date-range chips: articles published within so many days. */
export const DATE_RANGES = [1, 7, 30] as const;
export type DateRange = (typeof DATE_RANGES)[number];

/** Page sizes (reader spec section 9). */
export const HOME_PAGE_SIZE = 15;
export const CATEGORY_PAGE_SIZE = 24;
export const DEFAULT_PAGE_SIZE = 45;
export const MAX_PAGE_SIZE = 100;

/** The longest search text the API takes (the search box stops there too). */
export const SEARCH_MAX_CHARS = 200;

function citiesOf(matches: unknown): string[] {
  const indian = (matches as { indian?: unknown } | undefined)?.indian;
  return Array.isArray(indian) ? indian.filter((word): word is string => typeof word === 'string' && INDIAN_CITIES.includes(word)) : [];
}

/**
 * The other publishers of a clustered story, each once (their first report), never the card's own
 * publisher, and only with a safe http(s) link.
 */
export function otherPublishers(article: Pick<ArticleFields, 'sourceName' | 'alsoCoveredBy'>): Array<{ sourceName: string; sourceUrl: string; title: string }> {
  const seen = new Set([article.sourceName]);
  const publishers: Array<{ sourceName: string; sourceUrl: string; title: string }> = [];
  for (const report of article.alsoCoveredBy ?? []) {
    const sourceUrl = httpUrl(report.sourceUrl);
    if (!sourceUrl || seen.has(report.sourceName)) continue;
    seen.add(report.sourceName);
    publishers.push({ sourceName: report.sourceName, sourceUrl, title: report.title });
  }
  return publishers;
}

/** What a reader's card needs; scoring internals and hashes stay on the server. */
export function toPublicArticle(article: ArticleFields) {
  const indiaScore = article.indiaRelevance ?? 0;
  return {
    id: article.id,
    title: article.title,
    summary: article.summary ?? '',
    category: article.category as CategorySlug,
    tags: article.tags ?? [],
    topics: (article.topics ?? []).map(({ id, kind, name }) => ({ id, kind, name })),
    // Re-checked on the way out (the one URL rule): never a javascript: or data: address in a card.
    sourceUrl: httpUrl(article.sourceUrl) ?? '',
    sourceName: article.sourceName,
    // What a reader follows or mutes (docs/topics.md "Follows"): the feed's id, named as the card names it.
    publisher: article.feedId ? { id: article.feedId, name: article.sourceName } : null,
    author: article.author ?? null,
    imageUrl: article.imageUrl?.startsWith('/') ? article.imageUrl : httpUrl(article.imageUrl),
    contentType: article.contentType ?? 'article',
    publishedAt: publishedAtOf(article),
    viewsCount: article.viewsCount ?? 0,
    isFeatured: article.isFeatured ?? false,
    relevanceScore: article.relevanceScore ?? 0,
    qualityScore: article.qualityScore ?? null,
    readTimeMinutes: article.readTimeMinutes ?? null,
    indiaBadge: indiaBadge(indiaScore, citiesOf(article.keywordMatches)),
    alsoCoveredBy: otherPublishers(article),
  };
}

export type PublicArticle = ReturnType<typeof toPublicArticle>;

/** The expanded card (reader spec section 9): a 400-word summary and 2 key points (3 if featured). */
export const EXPANDED_SUMMARY_WORDS = 400;

export function keyPointCount(isFeatured: boolean): number {
  return isFeatured ? 3 : 2;
}

/**
 * Key points: the first sentences of the text that say something (6 to 40 words), each once, skipping
 * the sentence the summary opens with since the card already shows it.
 */
export function keyPoints(text: string, summary: string, count: number): string[] {
  const sentences = text
    .replace(/\s+/g, ' ')
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'‘“₹])/)
    .map((sentence) => sentence.trim());
  const opening = summary.replace(/\s+/g, ' ').trim().slice(0, 60);
  const points: string[] = [];
  for (const sentence of sentences) {
    const length = sentence.split(' ').length;
    if (length < 6 || length > 40 || (opening && sentence.startsWith(opening)) || points.includes(sentence)) continue;
    points.push(sentence);
    if (points.length >= count) break;
  }
  return points;
}

/**
 * The expanded card (reader spec section 9): the longer summary (400 words of the article's text) and key
 * points that add to it: sentences it does not already print, so nothing shows twice (a short text has
 * none to add).
 */
export function cardDetails(text: string, summary: string, isFeatured: boolean): { expandedSummary: string; keyPoints: string[] } {
  const words = text.split(/\s+/).filter(Boolean);
  const expandedSummary = words.length <= EXPANDED_SUMMARY_WORDS ? words.join(' ') : `${words.slice(0, EXPANDED_SUMMARY_WORDS).join(' ')}…`;
  // What the longer summary does not print, from the first whole sentence after the cut.
  const rest = words.slice(EXPANDED_SUMMARY_WORDS).join(' ').replace(/^.*?[.!?]\s+(?=[A-Z0-9"'‘“₹])/, '');
  return { expandedSummary, keyPoints: rest ? keyPoints(rest, summary, keyPointCount(isFeatured)) : [] };
}
