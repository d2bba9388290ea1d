/**
 * An article's lists: Queries on its indexes (the public list, a status, the drafts to classify, the review
 * queue, what was published or changed since a time) and the counts the pipeline reads.
 */
import { type ArticleStatus, PUBLIC_MIN_RELEVANCE } from '#domain/content/article-status.ts';
import type { CategorySlug } from '#domain/content/categories.ts';
import { daysSince } from './table/ids.ts';
import { filledPage, type Page, type PageOptions, queryPage } from './table/paging.ts';
import { Article, ArticleChange, type ArticleItem } from './articles.ts';

export interface PublicListOptions extends PageOptions {
  category?: CategorySlug | undefined;
}

/**
 * The public list: published, not a duplicate, relevance at least the public minimum; newest original
 * publication first. A Query on the status (or category) index.
 */
export async function listPublicArticles(options: PublicListOptions = {}): Promise<Page<ArticleItem>> {
  const query = options.category
    ? Article.query.byCategory({ category: options.category, status: 'published' })
    : Article.query.byStatus({ status: 'published' });
  return filledPage(
    (cursor, limit) =>
      query
        .where(({ isDuplicate, relevanceScore }, { eq, gte }) => [eq(isDuplicate, false), gte(relevanceScore, PUBLIC_MIN_RELEVANCE)].join(' AND '))
        .go({ order: 'desc', limit, cursor }),
    options.limit ?? 20,
    options.cursor ?? null,
  );
}

/** The public list's own rule (published, not a duplicate, relevance at least the public minimum), on the status index. */
const publicStories = () => Article.query.byStatus({ status: 'published' });
const publicOnly: Parameters<ReturnType<typeof publicStories>['where']>[0] = ({ isDuplicate, relevanceScore }, { eq, gte }) =>
  [eq(isDuplicate, false), gte(relevanceScore, PUBLIC_MIN_RELEVANCE)].join(' AND ');

/** What a sitemap needs of a story: its address (id, title) and its publication time (statusAt, once published). */
const SITEMAP_ATTRIBUTES = ['id', 'title', 'statusAt'] as const;
export type SitemapStory = Pick<ArticleItem, (typeof SITEMAP_ATTRIBUTES)[number]>;

/**
 * Public stories whose publication time starts with a prefix (a month: YYYY-MM), newest first, at most `limit`: a
 * Query on the status index's sort key prefix, reading only the sitemap's attributes.
 */
export async function listPublicArticlesPublishedIn(prefix: string, limit: number): Promise<SitemapStory[]> {
  const page = await filledPage(
    (cursor, remaining) =>
      publicStories()
        .begins({ statusAt: prefix })
        .where(publicOnly)
        .go({ order: 'desc', limit: remaining, cursor, attributes: [...SITEMAP_ATTRIBUTES] }),
    limit,
  );
  return page.items;
}

/** Public stories published at or after a time, newest first, at most `limit`: a Query on the sort key's range, reading only the sitemap's attributes. */
export async function listPublicArticlesSince(since: string, limit: number): Promise<SitemapStory[]> {
  const page = await filledPage(
    (cursor, remaining) =>
      publicStories()
        .gte({ statusAt: since })
        .where(publicOnly)
        .go({ order: 'desc', limit: remaining, cursor, attributes: [...SITEMAP_ATTRIBUTES] }),
    limit,
  );
  return page.items;
}

/** The oldest public story (the first month the sitemaps list). */
export async function findOldestPublicArticle(): Promise<SitemapStory | undefined> {
  const page = await filledPage(
    (cursor, remaining) =>
      publicStories()
        .where(publicOnly)
        .go({ order: 'asc', limit: remaining, cursor, attributes: [...SITEMAP_ATTRIBUTES] }),
    1,
  );
  return page.items[0];
}

export interface StatusListOptions extends PageOptions {
  /** Only articles that entered the status before this time (lifecycle ages them by it). */
  before?: string;
  /** Only articles that entered the status at or after this time. */
  since?: string;
  order?: 'asc' | 'desc';
}

export async function listArticlesByStatus(status: ArticleStatus, options: StatusListOptions = {}): Promise<Page<ArticleItem>> {
  const base = Article.query.byStatus({ status });
  const query = options.before ? base.lt({ statusAt: options.before }) : options.since ? base.gte({ statusAt: options.since }) : base;
  return queryPage(() =>
    query.go({
      order: options.order ?? 'desc',
      limit: options.limit ?? 25,
      cursor: options.cursor ?? null,
    }),
  );
}

/** Drafts the classifier has not seen yet, oldest first. */
export function listUnclassifiedDrafts(limit: number): Promise<Page<ArticleItem>> {
  return filledPage(
    (cursor, remaining) =>
      Article.query
        .byAdminStatus({ adminStatus: 'unclassified' })
        .where(({ status }, { eq }) => eq(status, 'draft'))
        .go({ limit: remaining, cursor }),
    limit,
  );
}

/**
 * The review queue: HIGH first, then by relevance. A later report of a story already on the site (a
 * cluster member, never listed) is not a moderator's call.
 */
export function listReviewQueue(options: PageOptions = {}): Promise<Page<ArticleItem>> {
  return filledPage(
    (cursor, limit) =>
      Article.query
        .byAdminStatus({ adminStatus: 'pending_review' })
        .where(({ isDuplicate }, { ne }) => ne(isDuplicate, true))
        .go({ limit, cursor }),
    options.limit ?? 25,
    options.cursor ?? null,
  );
}

/** Published articles since a time, newest first (featured and trending refresh). */
export async function publishedSince(since: string): Promise<ArticleItem[]> {
  const { data } = await Article.query.byStatus({ status: 'published' }).gte({ statusAt: since }).go({ order: 'desc', pages: 'all' });
  return data;
}

/** How many articles entered a status within a time range (a Query on the status index, counted page by page). */
export async function countByStatus(status: ArticleStatus, range: { before?: string; since?: string }): Promise<number> {
  let total = 0;
  let cursor: string | null = null;
  do {
    const page: Page<ArticleItem> = await listArticlesByStatus(status, { ...range, limit: 500, cursor });
    total += page.items.length;
    cursor = page.cursor;
  } while (cursor);
  return total;
}

/**
 * Ids of the articles changed at or after a time, from the change notes.
 * One Query per UTC day since then (at most CHANGE_NOTE_DAYS + 1).
 */
export async function articlesChangedSince(since: string, now = new Date()): Promise<string[]> {
  const pages = await Promise.all(
    daysSince(new Date(since), now).map((day) => ArticleChange.query.byDay({ day }).gte({ changedAt: since }).go({ pages: 'all' })),
  );
  return [...new Set(pages.flatMap((page) => page.data.map((note) => note.articleId)))];
}

/** Many articles by id (BatchGet, 100 per request); missing ones are left out. */
export async function getArticles(ids: readonly string[]): Promise<ArticleItem[]> {
  if (ids.length === 0) return [];
  const { data } = await Article.get(ids.map((id) => ({ id }))).go({ concurrency: 4 });
  return data;
}

/** Every published article (the search index's full load), page by page. */
export async function allPublishedArticles(): Promise<ArticleItem[]> {
  const { data } = await Article.query.byStatus({ status: 'published' }).go({ pages: 'all' });
  return data;
}
