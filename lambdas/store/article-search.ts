/**
 * The public article list and its search, in process: every public article's card fields in memory plus
 * a MiniSearch full-text index over title, summary, content, tags and source. The one module that knows
 * the search engine.
 *
 * Why in process: the list is small (tens of thousands of articles, a few hundred MB at most), read far
 * more than written, and must sort by views, quality and relevance with exact counts, which a DynamoDB
 * Query cannot do. MiniSearch ranks with BM25+, matches prefixes and tolerates typos, and has no server
 * to run. Each Lambda instance loads the published articles once, then reads the change notes written
 * with every visible change (store/articles.ts) at most every few seconds, so a publish shows within
 * seconds everywhere.
 */
import { createHash } from 'node:crypto';
import MiniSearch, { type SearchResult as TextMatch } from 'minisearch';
import type { CategorySlug } from '#domain/categories.ts';
import {
  hasExcludedTitle,
  isPublicArticle,
  marketOf,
  qualityBand,
  toPublicArticle,
  type ArticleFields,
  type ArticleSort,
  type MarketFocus,
  type PublicArticle,
  type QualityFilter,
} from '#domain/public-articles.ts';
import { config } from '#shared/config.ts';
import { logger } from '#shared/logger.ts';
import { allPublishedArticles, articlesChangedSince, CHANGE_NOTE_DAYS, getArticles } from './articles.ts';

export interface ArticleQuery {
  /** Search text; blank means the plain list (with the title exclusions). */
  q?: string | undefined;
  category?: CategorySlug | undefined;
  /** Default: best-match when searching, else latest. */
  sort?: ArticleSort | undefined;
  quality?: QualityFilter | undefined;
  market?: MarketFocus | undefined;
  featuredOnly?: boolean | undefined;
  /** Only articles published within this many days. */
  withinDays?: number | undefined;
  /** Any of these categories (the personalised feed's preferred categories). */
  categories?: readonly CategorySlug[] | undefined;
  /** The feed's stricter floors (reader spec section 7: relevance 50, Trending 55 with 10 views). */
  minRelevance?: number | undefined;
  minViews?: number | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

export interface ArticleQueryResult {
  items: PublicArticle[];
  total: number;
}

/** A public article as the index keeps it: the card plus what filters and sorts read. */
export interface IndexedArticle extends PublicArticle {
  publishedAtMs: number;
  confidence: number;
  quality: Exclude<QualityFilter, 'all'>;
  market: Exclude<MarketFocus, 'all'>;
  excludedWithoutSearch: boolean;
}

interface TextDocument {
  id: string;
  title: string;
  summary: string;
  content: string;
  tags: string;
  sourceName: string;
}

const TEXT_FIELDS = ['title', 'summary', 'content', 'tags', 'sourceName'] as const;

const TEXT_CACHE_ENTRIES = 200;

/** A digest of an article's searchable text (cheaper to keep than the text). */
const textDigest = (document: TextDocument) =>
  createHash('sha1').update(TEXT_FIELDS.map((field) => document[field]).join('\u0000')).digest('base64');

type Comparator = (a: IndexedArticle, b: IndexedArticle) => number;

const newestFirst: Comparator = (a, b) => b.publishedAtMs - a.publishedAtMs || (a.id < b.id ? 1 : -1);

/** Reader spec section 7's orders; ties fall back to newest first so pages are stable. */
const COMPARATORS: Record<Exclude<ArticleSort, 'best-match'>, Comparator> = {
  latest: newestFirst,
  oldest: (a, b) => -newestFirst(a, b),
  trending: (a, b) => b.viewsCount - a.viewsCount || newestFirst(a, b),
  quality: (a, b) => b.confidence - a.confidence || b.relevanceScore - a.relevanceScore || newestFirst(a, b),
  relevance: (a, b) => b.relevanceScore - a.relevanceScore || newestFirst(a, b),
};

function textDocument(article: ArticleFields): TextDocument {
  return {
    id: article.id,
    title: article.title,
    summary: article.summary ?? '',
    content: article.content ?? '',
    tags: (article.tags ?? []).join(' '),
    sourceName: article.sourceName,
  };
}

const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];
const processTerm = MiniSearch.getDefault('processTerm') as (term: string) => string | null | undefined;

export class ArticleSearchIndex {
  private readonly articles = new Map<string, IndexedArticle>();
  /** The digest of each article's indexed text, to tell a text change from a views or flag change. */
  private readonly digests = new Map<string, string>();
  /** Recent search answers (ids, best first), least recently used dropped first. */
  private readonly textCache = new Map<string, string[]>();
  /** Sorted copies of the whole list, dropped on every change. */
  private readonly sorted = new Map<string, IndexedArticle[]>();
  private readonly text = new MiniSearch<TextDocument>({
    fields: [...TEXT_FIELDS],
    storeFields: [],
    searchOptions: {
      boost: { title: 3, tags: 2, summary: 1.5, sourceName: 1.5 },
      // Every word must match (as ILIKE on a phrase would), the last one also as a prefix (typing).
      // A word no article contains is a typo: within one edit for 4-6 letters, two from 7 (a swapped
      // pair is two edits). Words that exist are not expanded: their neighbours would multiply the work.
      combineWith: 'AND',
      prefix: (_term, index, terms) => index === terms.length - 1,
      fuzzy: (term) => (this.vocabulary.has(term) ? false : term.length >= 7 ? 2 : term.length >= 4 ? 1 : false),
    },
  });
  /** Every word ever indexed (never shrinks: a word left only by removed articles merely skips typo matching). */
  private readonly vocabulary = new Set<string>();

  get size(): number {
    return this.articles.size;
  }

  /** Adds, replaces or (when the article is no longer public) removes one article. */
  put(article: ArticleFields): void {
    if (!isPublicArticle(article)) {
      this.remove(article.id);
      return;
    }
    const card = toPublicArticle(article);
    const indexed: IndexedArticle = {
      ...card,
      publishedAtMs: Date.parse(card.publishedAt),
      confidence: article.mlConfidenceScore ?? 0,
      quality: qualityBand(card.relevanceScore, article.mlConfidenceScore ?? 0),
      market: marketOf(article.indiaRelevance ?? 0),
      excludedWithoutSearch: hasExcludedTitle(card.title),
    };
    const document = textDocument(article);
    const digest = textDigest(document);
    const known = this.digests.get(article.id);
    if (known !== digest) {
      if (known) this.text.discard(article.id);
      this.text.add(document);
      for (const token of tokenize(TEXT_FIELDS.map((field) => document[field]).join(' '))) {
        const word = processTerm(token);
        if (word) this.vocabulary.add(word);
      }
      this.digests.set(article.id, digest);
      this.textCache.clear();
    }
    this.articles.set(article.id, indexed);
    this.sorted.clear();
  }

  remove(id: string): void {
    if (!this.articles.delete(id)) return;
    this.text.discard(id);
    this.digests.delete(id);
    this.textCache.clear();
    this.sorted.clear();
  }

  /** Every public article, newest first (widgets read it). */
  all(): readonly IndexedArticle[] {
    return this.sortedBy('latest');
  }

  /** The cards of these ids that are public, in the order given (recommendations, bookmarks). */
  cards(ids: readonly string[]): PublicArticle[] {
    return ids.flatMap((id) => {
      const article = this.articles.get(id);
      return article ? [toCard(article)] : [];
    });
  }

  query(query: ArticleQuery): ArticleQueryResult {
    const term = query.q?.trim() ?? '';
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 20;
    const since = query.withinDays ? Date.now() - query.withinDays * 86_400_000 : -Infinity;
    const keep = (article: IndexedArticle) =>
      article.publishedAtMs >= since &&
      (!query.category || article.category === query.category) &&
      (!query.quality || query.quality === 'all' || article.quality === query.quality) &&
      (!query.market || query.market === 'all' || article.market === query.market) &&
      (!query.featuredOnly || article.isFeatured) &&
      (!query.categories?.length || query.categories.includes(article.category)) &&
      (query.minRelevance === undefined || article.relevanceScore >= query.minRelevance) &&
      (query.minViews === undefined || article.viewsCount >= query.minViews);

    if (term) {
      const sort = query.sort ?? 'best-match';
      const ids = this.textMatches(term);
      if (sort === 'best-match') {
        // Already best first: count every match, keep only the page's cards.
        const page: IndexedArticle[] = [];
        let total = 0;
        for (const id of ids) {
          const article = this.articles.get(id);
          if (!article || !keep(article)) continue;
          if (total >= offset && page.length < limit) page.push(article);
          total += 1;
        }
        return { items: page.map(toCard), total };
      }
      const matches: IndexedArticle[] = [];
      for (const id of ids) {
        const article = this.articles.get(id);
        if (article && keep(article)) matches.push(article);
      }
      matches.sort(COMPARATORS[sort]);
      return { items: matches.slice(offset, offset + limit).map(toCard), total: matches.length };
    }
    const sort = !query.sort || query.sort === 'best-match' ? 'latest' : query.sort;
    const matches = this.sortedBy(sort).filter((article) => !article.excludedWithoutSearch && keep(article));
    return { items: matches.slice(offset, offset + limit).map(toCard), total: matches.length };
  }

  /**
   * Ids matching a search text, best first. Answers are kept until an article's text is added, changed or
   * removed (views and flags do not change them): common terms match most articles and cost the most to
   * score, and they are also the ones people search again and again.
   */
  private textMatches(term: string): string[] {
    const key = term.toLowerCase().replace(/\s+/g, ' ');
    const cached = this.textCache.get(key);
    if (cached) {
      this.textCache.delete(key);
      this.textCache.set(key, cached);
      return cached;
    }
    const ids = this.text.search(key).map((match: TextMatch) => match.id as string);
    this.textCache.set(key, ids);
    if (this.textCache.size > TEXT_CACHE_ENTRIES) this.textCache.delete(this.textCache.keys().next().value as string);
    return ids;
  }

  /** Forgets the cached search answers (the bench measures cold searches with it). */
  clearTextCache(): void {
    this.textCache.clear();
  }

  private sortedBy(sort: Exclude<ArticleSort, 'best-match'>): IndexedArticle[] {
    let list = this.sorted.get(sort);
    if (!list) {
      list = [...this.articles.values()].sort(COMPARATORS[sort]);
      this.sorted.set(sort, list);
    }
    return list;
  }
}

/** The card without the index's bookkeeping fields. */
function toCard(article: IndexedArticle): PublicArticle {
  const { publishedAtMs: _at, confidence: _confidence, quality: _quality, market: _market, excludedWithoutSearch: _excluded, ...card } = article;
  return card;
}

/** Notes can land slightly out of order (clocks, commit latency): each look starts this much earlier. */
const CHANGE_NOTE_OVERLAP_MS = 5_000;

/** This instance's index and how far it has read the change notes. */
let loaded: { index: ArticleSearchIndex; readUpTo: number; lookedAt: number } | null = null;
let inFlight: Promise<ArticleSearchIndex> | null = null;

async function fullLoad(): Promise<ArticleSearchIndex> {
  const startedAt = Date.now();
  const index = new ArticleSearchIndex();
  for (const article of await allPublishedArticles()) index.put(article);
  loaded = { index, readUpTo: startedAt, lookedAt: startedAt };
  logger.info('search index loaded', { articles: index.size, ms: Date.now() - startedAt });
  return index;
}

async function applyChanges(state: NonNullable<typeof loaded>): Promise<ArticleSearchIndex> {
  const startedAt = Date.now();
  const ids = await articlesChangedSince(new Date(state.readUpTo - CHANGE_NOTE_OVERLAP_MS).toISOString());
  const found = await getArticles(ids);
  const foundIds = new Set(found.map((article) => article.id));
  for (const article of found) state.index.put(article);
  for (const id of ids) if (!foundIds.has(id)) state.index.remove(id);
  state.readUpTo = startedAt;
  state.lookedAt = startedAt;
  return state.index;
}

/**
 * The index, brought up to date first when it last looked more than SEARCH_SYNC_SECONDS ago; loaded in
 * full on first use, and again when the notes it would need may have expired.
 */
export async function publicArticleIndex(): Promise<ArticleSearchIndex> {
  const state = loaded;
  const now = Date.now();
  if (state && now - state.lookedAt < config.SEARCH_SYNC_SECONDS * 1000) return state.index;
  inFlight ??= (async () => {
    try {
      if (!state || now - state.readUpTo > (CHANGE_NOTE_DAYS * 24 - 1) * 3_600_000) return await fullLoad();
      return await applyChanges(state);
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

export async function queryPublicArticles(query: ArticleQuery): Promise<ArticleQueryResult> {
  return (await publicArticleIndex()).query(query);
}
