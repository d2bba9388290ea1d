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

export class ArticleSearchIndex {
  private readonly articles = new Map<string, IndexedArticle>();
  /** Sorted copies of the whole list, dropped on every change. */
  private readonly sorted = new Map<string, IndexedArticle[]>();
  private readonly text = new MiniSearch<TextDocument>({
    fields: ['title', 'summary', 'content', 'tags', 'sourceName'],
    storeFields: [],
    searchOptions: {
      boost: { title: 3, tags: 2, summary: 1.5, sourceName: 1.5 },
      // Every word must match (as ILIKE on a phrase would), the last one also as a prefix (typing);
      // words of 4-6 letters within one edit, longer ones within two (a swapped pair is two edits).
      combineWith: 'AND',
      prefix: (_term, index, terms) => index === terms.length - 1,
      fuzzy: (term) => (term.length >= 7 ? 2 : term.length >= 4 ? 1 : false),
    },
  });

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
    if (this.text.has(article.id)) this.text.discard(article.id);
    this.text.add(textDocument(article));
    this.articles.set(article.id, indexed);
    this.sorted.clear();
  }

  remove(id: string): void {
    if (!this.articles.delete(id)) return;
    this.text.discard(id);
    this.sorted.clear();
  }

  /** Every public article, newest first (widgets read it). */
  all(): readonly IndexedArticle[] {
    return this.sortedBy('latest');
  }

  query(query: ArticleQuery): ArticleQueryResult {
    const term = query.q?.trim() ?? '';
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 20;
    const keep = (article: IndexedArticle) =>
      (!query.category || article.category === query.category) &&
      (!query.quality || query.quality === 'all' || article.quality === query.quality) &&
      (!query.market || query.market === 'all' || article.market === query.market) &&
      (!query.featuredOnly || article.isFeatured);

    let matches: IndexedArticle[];
    if (term) {
      const found: TextMatch[] = this.text.search(term);
      const scored = found.flatMap((match) => {
        const article = this.articles.get(match.id as string);
        return article && keep(article) ? [{ article, score: match.score }] : [];
      });
      const sort = query.sort ?? 'best-match';
      if (sort === 'best-match') scored.sort((a, b) => b.score - a.score || newestFirst(a.article, b.article));
      else scored.sort((a, b) => COMPARATORS[sort](a.article, b.article));
      matches = scored.map((entry) => entry.article);
    } else {
      const sort = !query.sort || query.sort === 'best-match' ? 'latest' : query.sort;
      matches = this.sortedBy(sort).filter((article) => !article.excludedWithoutSearch && keep(article));
    }
    return { items: matches.slice(offset, offset + limit).map(toCard), total: matches.length };
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
  const { ids } = await articlesChangedSince(new Date(state.readUpTo - CHANGE_NOTE_OVERLAP_MS).toISOString());
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
