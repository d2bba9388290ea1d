/**
 * The public article list and its search, in process: every public article's card fields in memory plus
 * a full-text index over title, summary, content, tags and source (search/text-index.ts, which says why it
 * is not a library). Only it knows the search engine; services/article-search.ts keeps one per instance
 * up to date from the table and the snapshot.
 *
 * Why in process: the list is small (tens of thousands of articles, a few hundred MB at most), read far
 * more than written, and must sort by views, quality and relevance with exact counts, which a DynamoDB
 * Query cannot do. The text index ranks with BM25, matches prefixes and tolerates typos, and has no server
 * to run. Each Lambda instance starts from the latest snapshot (the pipeline writes it after each ingest
 * and lifecycle run) or, without one, from every published article, then reads the change notes written
 * with every visible change (store/articles.ts) at most every few seconds, so a publish shows within
 * seconds everywhere.
 */
import { createHash } from 'node:crypto';
import type { CategorySlug } from '#domain/content/categories.ts';
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
} from '#domain/reader/public-articles.ts';
import type { ArchiveManifest } from '#domain/reader/search-tiers.ts';
import { config } from '#core/config.ts';
import { TextIndex, type TextIndexState } from './text-index.ts';
import { type TextFields } from './postings.ts';

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
  /** Only stories about one of these topics or from one of these publishers (For You's followed stories). */
  followed?: FollowedTargets | undefined;
  offset?: number | undefined;
  limit?: number | undefined;
}

/** What a reader follows that picks stories: topic ids and publisher (feed) ids. */
export interface FollowedTargets {
  topics: ReadonlySet<string>;
  publishers: ReadonlySet<string>;
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

const TEXT_FIELDS = ['title', 'summary', 'content', 'tags', 'sourceName'] as const;

const TEXT_CACHE_ENTRIES = 200;

/** A digest of an article's searchable text (cheaper to keep than the text). */
const textDigest = (document: TextFields) =>
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

function textDocument(article: ArticleFields): TextFields {
  return {
    title: article.title,
    summary: article.summary ?? '',
    content: article.content ?? '',
    tags: (article.tags ?? []).join(' '),
    sourceName: article.sourceName,
  };
}

export class ArticleSearchIndex {
  private readonly articles = new Map<string, IndexedArticle>();
  /** The digest of each article's indexed text, to tell a text change from a views or flag change. */
  private readonly digests = new Map<string, string>();
  /** Recent search answers (ids, best first), least recently used dropped first. */
  private readonly textCache = new Map<string, string[]>();
  /** Sorted copies of the whole list, dropped on every change. */
  private readonly sorted = new Map<string, IndexedArticle[]>();
  constructor(private readonly text = new TextIndex()) {}

  get size(): number {
    return this.articles.size;
  }

  has(id: string): boolean {
    return this.articles.has(id);
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
      this.text.add(article.id, document);
      this.digests.set(article.id, digest);
      this.textCache.clear();
    }
    this.articles.set(article.id, indexed);
    this.sorted.clear();
  }

  remove(id: string): void {
    if (!this.articles.delete(id)) return;
    this.text.remove(id);
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
    const filters = articleFilters(query);
    const keep = (article: IndexedArticle) => filters.every((passes) => passes(article));

    if (term) {
      const sort = query.sort ?? 'best-match';
      const ids = this.textMatches(term);
      if (sort === 'best-match' && filters.length === 0) {
        // The text index holds exactly the public articles: its matches are the total, the page a slice.
        return { items: this.cards(ids.slice(offset, offset + limit)), total: ids.length };
      }
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
    const ids = this.text.search(key);
    this.textCache.set(key, ids);
    if (this.textCache.size > TEXT_CACHE_ENTRIES) this.textCache.delete(this.textCache.keys().next().value as string);
    return ids;
  }

  /** Forgets the cached search answers (the bench measures cold searches with it). */
  clearTextCache(): void {
    this.textCache.clear();
  }

  /**
   * The whole index as bytes (search/snapshots.ts keeps them in S3): a JSON header with the cards and
   * the words, then the postings as raw typed arrays, so loading parses the cards and wraps the arrays
   * instead of tokenising every article again. The recent tier's snapshot also carries the archive's manifest.
   */
  toSnapshot(takenAt: number, archive?: ArchiveManifest): Buffer {
    const text = this.text.exportState();
    const articles = text.ids.map((id) => [this.articles.get(id), this.digests.get(id)] as const);
    const sections = [text.fieldLengths, text.offsets, text.fieldDocs, text.slots, text.counts];
    const header = Buffer.from(JSON.stringify({ table: config.TABLE_NAME, takenAt, ...(archive ? { archive } : {}), articles, ids: text.ids, terms: text.terms, sections: sections.map((array) => array.byteLength) }));
    const start = alignTo8(SNAPSHOT_MAGIC.length + 4 + header.length);
    const bytes = Buffer.alloc(start + sections.reduce((sum, array) => sum + alignTo8(array.byteLength), 0));
    bytes.write(SNAPSHOT_MAGIC, 0, 'latin1');
    bytes.writeUInt32LE(header.length, SNAPSHOT_MAGIC.length);
    header.copy(bytes, SNAPSHOT_MAGIC.length + 4);
    let at = start;
    for (const array of sections) {
      Buffer.from(array.buffer, array.byteOffset, array.byteLength).copy(bytes, at);
      at += alignTo8(array.byteLength);
    }
    return bytes;
  }

  /** An index from `toSnapshot`'s bytes, the table and the time they were taken; throws on bytes of another kind or version. */
  static fromSnapshot(snapshot: Uint8Array): { index: ArticleSearchIndex; takenAt: number; table: string; archive: ArchiveManifest | null } {
    // Typed arrays need aligned offsets: bytes that sit anywhere in their memory are copied to a buffer of their own.
    const aligned = snapshot.byteOffset % 8 === 0 ? snapshot : new Uint8Array(snapshot);
    const bytes = Buffer.from(aligned.buffer, aligned.byteOffset, aligned.byteLength);
    if (bytes.toString('latin1', 0, SNAPSHOT_MAGIC.length) !== SNAPSHOT_MAGIC) throw new Error('Not a search snapshot of this version');
    const headerLength = bytes.readUInt32LE(SNAPSHOT_MAGIC.length);
    const header = JSON.parse(bytes.toString('utf8', SNAPSHOT_MAGIC.length + 4, SNAPSHOT_MAGIC.length + 4 + headerLength)) as {
      table: string;
      takenAt: number;
      archive?: ArchiveManifest;
      articles: Array<[IndexedArticle, string]>;
      ids: string[];
      terms: string[];
      sections: [number, number, number, number, number];
    };
    let at = bytes.byteOffset + alignTo8(SNAPSHOT_MAGIC.length + 4 + headerLength);
    const view = <T>(make: (buffer: ArrayBufferLike, offset: number, length: number) => T, byteLength: number, bytesPer: number): T => {
      const array = make(bytes.buffer, at, byteLength / bytesPer);
      at += alignTo8(byteLength);
      return array;
    };
    const [lengthsBytes, offsetsBytes, fieldDocsBytes, slotsBytes, countsBytes] = header.sections;
    const state: TextIndexState = {
      ids: header.ids,
      terms: header.terms,
      fieldLengths: view((b, o, n) => new Float32Array(b, o, n), lengthsBytes, 4),
      offsets: view((b, o, n) => new Uint32Array(b, o, n), offsetsBytes, 4),
      fieldDocs: view((b, o, n) => new Int32Array(b, o, n), fieldDocsBytes, 4),
      slots: view((b, o, n) => new Int32Array(b, o, n), slotsBytes, 4),
      counts: view((b, o, n) => new Uint8Array(b, o, n), countsBytes, 1),
    };
    const index = new ArticleSearchIndex(TextIndex.fromState(state));
    for (const [article, digest] of header.articles) {
      index.articles.set(article.id, article);
      index.digests.set(article.id, digest);
    }
    return { index, takenAt: header.takenAt, table: header.table, archive: header.archive ?? null };
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

/** Marks the bytes as this module's snapshot, format 2 (per-field counts). */
const SNAPSHOT_MAGIC = 'CNH-SEARCH-2';

const alignTo8 = (n: number) => Math.ceil(n / 8) * 8;

/** The tests a query puts each article to beside its search text (none: the whole list, or every match). */
function articleFilters(query: ArticleQuery): Array<(article: IndexedArticle) => boolean> {
  const filters: Array<(article: IndexedArticle) => boolean> = [];
  const { category, quality, market, categories, minRelevance, minViews } = query;
  if (query.withinDays) {
    const since = Date.now() - query.withinDays * 86_400_000;
    filters.push((article) => article.publishedAtMs >= since);
  }
  if (category) filters.push((article) => article.category === category);
  if (quality && quality !== 'all') filters.push((article) => article.quality === quality);
  if (market && market !== 'all') filters.push((article) => article.market === market);
  if (query.featuredOnly) filters.push((article) => article.isFeatured);
  if (categories?.length) filters.push((article) => categories.includes(article.category));
  if (minRelevance !== undefined) filters.push((article) => article.relevanceScore >= minRelevance);
  if (minViews !== undefined) filters.push((article) => article.viewsCount >= minViews);
  const { followed } = query;
  if (followed) filters.push((article) => Boolean(article.publisher && followed.publishers.has(article.publisher.id)) || (article.topics ?? []).some((topic) => followed.topics.has(topic.id)));
  return filters;
}

/** The card without the index's bookkeeping fields. */
function toCard(article: IndexedArticle): PublicArticle {
  const { publishedAtMs: _at, confidence: _confidence, quality: _quality, market: _market, excludedWithoutSearch: _excluded, ...card } = article;
  return card;
}
