/**
 * The console's article lists (Article Management, Summary Manager): Queries on the status index (or the
 * category index when a category is chosen), one per status, never a Scan; the status counts from the counters.
 */
import { adminSearchMatcher, type AdminSort, ARTICLE_LIST_ROW, LISTED_STATUSES, pageCount } from '#domain/content/article-admin.ts';
import { ARTICLE_STATUSES, type ArticleStatus } from '#domain/content/article-status.ts';
import { CATEGORY_SLUGS, type CategorySlug } from '#domain/content/categories.ts';
import type { FeaturedBy } from '#domain/content/featured.ts';
import { type SummaryProblem, summaryProblems } from '#domain/content/summaries.ts';
import { Article, type ArticleItem } from '../articles.ts';
import { COUNTER_SCOPES, readCounters } from '../table/counters.ts';

/** What a row of the console's list carries: the list index's projection. */
const ROW_ATTRIBUTES = ARTICLE_LIST_ROW;

export interface AdminArticleRow {
  id: string;
  title: string;
  status: ArticleStatus;
  adminStatus: string;
  category: CategorySlug;
  sourceName: string;
  isFeatured: boolean;
  /** Who featured it (an editor or the pipeline's refresh); null when it is not featured. */
  featuredBy: FeaturedBy | null;
  viewsCount: number;
  relevanceScore: number;
  mlConfidenceScore: number;
  createdAt: string;
  publishedAt: string | null;
}

type Listed = Pick<ArticleItem, (typeof ROW_ATTRIBUTES)[number]> & { summary?: string; isDuplicate?: boolean };

/**
 * Every article of the statuses (in one category when given), only the attributes asked for, whole items
 * read: the search needs summaries, which the list index does not carry. Each status is read with Queries
 * on the category-and-status index, one per category, all side by side: a Query returns at most 1 MB of
 * items per request (measured before the projection), so one Query per status would read a large status
 * page after page; seven smaller partitions read at once take a fraction of that. Together they are
 * exactly the status partition: every article has one of the seven categories (required, with a default).
 */
async function articlesIn<A extends keyof ArticleItem>(statuses: readonly ArticleStatus[], category: CategorySlug | undefined, attributes: readonly A[]) {
  const categories = category ? [category] : CATEGORY_SLUGS;
  const pages = await Promise.all(
    statuses.flatMap((status) =>
      categories.map((slug) => Article.query.byCategory({ category: slug, status }).go({ pages: 'all', attributes: [...attributes] })),
    ),
  );
  return pages.flatMap((page) => page.data) as unknown as Array<Pick<ArticleItem, A>>;
}

/** Every row of the statuses from the slim list index (in one category when given): for orders no index keeps. */
async function rowsIn(statuses: readonly ArticleStatus[], category: CategorySlug | undefined): Promise<Listed[]> {
  const pages = await Promise.all(
    statuses.map((status) => {
      const query = Article.query.byList({ status });
      return (category ? query.where(({ category: attribute }, { eq }) => eq(attribute, category)) : query).go({ pages: 'all' });
    }),
  );
  return pages.flatMap((page) => page.data) as Listed[];
}

/**
 * The first `count` rows of each status from the list index, newest or oldest first: enough to cut any
 * page that ends within the first `count` rows of the statuses merged.
 */
async function firstRowsOf(statuses: readonly ArticleStatus[], order: 'asc' | 'desc', count: number): Promise<Listed[]> {
  if (count <= 0) return [];
  const pages = await Promise.all(statuses.map((status) => Article.query.byList({ status }).go({ order, count, limit: count })));
  return pages.flatMap((page) => page.data) as Listed[];
}

export interface AdminListQuery {
  search?: string | undefined;
  status?: ArticleStatus | undefined;
  category?: CategorySlug | undefined;
  sort: AdminSort;
  page: number;
  pageSize: number;
}

export interface AdminListPage {
  items: AdminArticleRow[];
  total: number;
  page: number;
  pageSize: number;
  pages: number;
  /** Articles per status from the counters (duplicates not counted): the console's tiles. */
  counts: Record<string, number>;
}

const byCreated = (a: Listed, b: Listed) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id < b.id ? 1 : -1);
const ORDERS: Record<AdminSort, (a: Listed, b: Listed) => number> = {
  latest: byCreated,
  oldest: (a, b) => -byCreated(a, b),
  trending: (a, b) => (b.viewsCount ?? 0) - (a.viewsCount ?? 0) || byCreated(a, b),
};

function toRow(article: Listed, featuredBy: ReadonlyMap<string, FeaturedBy>): AdminArticleRow {
  return {
    id: article.id,
    title: article.title,
    status: article.status,
    adminStatus: article.adminStatus,
    category: article.category,
    sourceName: article.sourceName,
    isFeatured: article.isFeatured ?? false,
    featuredBy: article.isFeatured ? (featuredBy.get(article.id) ?? 'pipeline') : null,
    viewsCount: article.viewsCount ?? 0,
    relevanceScore: article.relevanceScore ?? 0,
    mlConfidenceScore: article.mlConfidenceScore ?? 0,
    createdAt: article.createdAt,
    publishedAt: article.publishedAt ?? null,
  };
}

/** Articles per status, from the status counters every write keeps (duplicates not counted): one small Query. */
export async function articleStatusCounts(): Promise<Record<string, number>> {
  const counters = await readCounters(COUNTER_SCOPES.articles, 'status#');
  return Object.fromEntries(ARTICLE_STATUSES.map((status) => [status, counters[`status#${status}`] ?? 0]));
}

/**
 * One page in creation order (newest or oldest first) from the list index, the total from the counters:
 * the rows up to the page from whichever end of the list is nearer, so a late page costs no more than an
 * early one, and neither reads the rest.
 */
async function pageInCreationOrder(statuses: readonly ArticleStatus[], total: number, query: AdminListQuery): Promise<Listed[]> {
  const start = (query.page - 1) * query.pageSize;
  const end = Math.min(start + query.pageSize, total);
  if (start >= end) return [];
  const newestFirst = query.sort === 'latest';
  const fromFront = end <= total - start;
  const order = newestFirst === fromFront ? 'desc' : 'asc';
  const rows = await firstRowsOf(statuses, order, fromFront ? end : total - start);
  rows.sort(ORDERS[query.sort]);
  if (fromFront) return rows.slice(start, end);
  // Read from the far end: the last `total - start` rows, in the page's order, begin with the page.
  return rows.slice(Math.max(0, rows.length - (total - start))).slice(0, end - start);
}

/**
 * The console's article list: filtered, searched, sorted, one page of it with the exact total. Duplicates
 * are left out (spec: article counts exclude duplicates); without a status filter purge tombstones are too.
 * In creation order without a category or a search (the list as it opens, a status filter) it reads one
 * page of the slim list index and the status counters; a category or the trending order reads every row
 * of the statuses from that index; a search reads whole articles, since it matches summaries too.
 */
export async function listAdminArticles(query: AdminListQuery): Promise<AdminListPage> {
  const statuses = query.status ? [query.status] : LISTED_STATUSES;
  const matcher = adminSearchMatcher(query.search ?? '');
  const countsRead = articleStatusCounts();
  let items: Listed[];
  let total: number;
  if (!matcher && !query.category && query.sort !== 'trending') {
    const counts = await countsRead;
    total = statuses.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
    items = await pageInCreationOrder(statuses, total, query);
  } else {
    const all = matcher
      ? ((await articlesIn(statuses, query.category, [...ROW_ATTRIBUTES, 'isDuplicate', 'summary'] as const)) as Listed[]).filter((article) => !article.isDuplicate && matcher(article))
      : await rowsIn(statuses, query.category);
    all.sort(ORDERS[query.sort]);
    const start = (query.page - 1) * query.pageSize;
    items = all.slice(start, start + query.pageSize);
    total = all.length;
  }
  const featuredBy = await featuredByOf(items.filter((item) => item.isFeatured).map((item) => item.id));
  return { items: items.map((item) => toRow(item, featuredBy)), total, page: query.page, pageSize: query.pageSize, pages: pageCount(total, query.pageSize), counts: await countsRead };
}

/**
 * Who featured each of the page's featured rows: one small BatchGet (a page has a few featured rows), so
 * the list index's projection, which DynamoDB cannot change in place, stays as it is.
 */
async function featuredByOf(ids: readonly string[]): Promise<Map<string, FeaturedBy>> {
  if (!ids.length) return new Map();
  const { data } = await Article.get(ids.map((id) => ({ id }))).go({ attributes: ['id', 'featuredBy'] });
  return new Map(data.flatMap((article) => (article.featuredBy ? [[article.id, article.featuredBy] as const] : [])));
}

export interface SummaryRow {
  id: string;
  title: string;
  summary: string;
  status: ArticleStatus;
  category: CategorySlug;
  sourceName: string;
  createdAt: string;
  problems: SummaryProblem[];
}

/**
 * Articles (not purged, not duplicates) whose summary has a problem, newest first; one problem or any.
 * `counts` gives every problem's total, whatever the filter, for the filter's labels.
 */
export async function listSummaryProblems(query: { problem?: SummaryProblem | undefined; page: number; pageSize: number }) {
  const all = await articlesIn(LISTED_STATUSES, undefined, ['id', 'title', 'summary', 'status', 'category', 'sourceName', 'createdAt', 'isDuplicate'] as const);
  const counts: Record<SummaryProblem, number> = { missing: 0, 'same-as-title': 0, 'too-short': 0, markup: 0 };
  const rows: SummaryRow[] = [];
  for (const article of all) {
    if (article.isDuplicate) continue;
    const problems = summaryProblems(article);
    for (const problem of problems) counts[problem] += 1;
    if (problems.length === 0 || (query.problem && !problems.includes(query.problem))) continue;
    rows.push({
      id: article.id,
      title: article.title,
      summary: article.summary ?? '',
      status: article.status,
      category: article.category,
      sourceName: article.sourceName,
      createdAt: article.createdAt,
      problems,
    });
  }
  rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const start = (query.page - 1) * query.pageSize;
  return { items: rows.slice(start, start + query.pageSize), total: rows.length, page: query.page, pageSize: query.pageSize, pages: pageCount(rows.length, query.pageSize), counts };
}
