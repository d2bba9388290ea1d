/**
 * Article Management rules (admin spec sections 4, 5 and 9): the list's page sizes and orders, which
 * statuses an admin may set, and what a manual status change writes beside the status. Pure: no AWS.
 */
import { OUTSIDE_REVIEW_QUEUE, type AdminStatus, type ArticleStatus } from './article-status.ts';
import { purgeChange } from './lifecycle.ts';
import { words } from '../common/text.ts';

/**
 * What a row of the console's article list carries, and all the slim list index (gsi4, lib/stack-description)
 * copies of an article besides its keys: the list reads a page of rows without reading whole articles
 * (~2 kB each). Every name is an attribute of the article; a row is ~350 bytes in the index.
 */
export const ARTICLE_LIST_ROW = [
  'id',
  'title',
  'status',
  'adminStatus',
  'category',
  'sourceName',
  'isFeatured',
  'viewsCount',
  'relevanceScore',
  'mlConfidenceScore',
  'createdAt',
  'publishedAt',
] as const;

/** Spec section 9: page sizes, 25 by default. */
export const ADMIN_PAGE_SIZES = [25, 50, 100, 250, 500] as const;
export const DEFAULT_ADMIN_PAGE_SIZE = 25;

export const ADMIN_SORTS = ['latest', 'trending', 'oldest'] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];

/** Statuses an admin sets by hand (bulk bar, editor); purged only through the purge action. */
export const MANUAL_STATUSES = ['draft', 'published', 'archived', 'rejected'] as const;
export type ManualStatus = (typeof MANUAL_STATUSES)[number];

/** The list without a status filter: everything but purge tombstones, which have no title or text left. */
export const LISTED_STATUSES: readonly ArticleStatus[] = MANUAL_STATUSES;

export const BULK_ACTIONS = ['set-status', 'delete', 'archive', 'purge'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
export const MAX_BULK_IDS = 500;

export interface ManualChange {
  status: ArticleStatus;
  at: string;
  set: Record<string, unknown>;
  remove?: readonly string[];
}

/**
 * What a manual status change writes (spec section 4): published stamps publishedAt now, archived stamps
 * archivedAt, purge is the lifecycle's purge (hash-only record). Publishing or rejecting is the admin's
 * decision and is recorded as one (adminStatus approved / rejected, out of the review queue), so neither
 * the queue nor the auto-rejected cleanup undoes it later; archiving or purging an article still in the
 * queue takes it out as rejected; back to draft leaves the classifier's verdict as it was.
 */
export function manualStatusChange(article: { adminStatus?: AdminStatus | undefined; rejectionReason?: string | undefined }, target: ManualStatus | 'purged', at: string): ManualChange {
  const outOfQueue = { reviewSort: OUTSIDE_REVIEW_QUEUE };
  const decided: Record<string, unknown> =
    target === 'published'
      ? { adminStatus: 'approved', ...outOfQueue }
      : target === 'rejected'
        ? { adminStatus: 'rejected', ...outOfQueue, ...(article.rejectionReason ? {} : { rejectionReason: 'admin rejection' }) }
        : target !== 'draft' && article.adminStatus === 'pending_review'
          ? { adminStatus: 'rejected', ...outOfQueue }
          : {};
  if (target === 'purged') {
    const purge = purgeChange(at);
    return { status: 'purged', at, set: { ...purge.set, ...decided }, remove: purge.remove };
  }
  const stamps = target === 'published' ? { publishedAt: at } : target === 'archived' ? { archivedAt: at } : {};
  return { status: target, at, set: { ...stamps, ...decided } };
}

/** The status a bulk action moves an article to. */
export function bulkTarget(action: Exclude<BulkAction, 'delete'>, status?: ManualStatus): ManualStatus | 'purged' {
  if (action === 'archive') return 'archived';
  if (action === 'purge') return 'purged';
  if (!status) throw new Error('set-status needs a status');
  return status;
}

/**
 * The console's search (spec: title, summary or source, case-insensitive): every word of the search must
 * be a word of the text (accents and case folded, as the classifier reads text), the last one also as
 * a prefix because people are still typing it. Returns a predicate over the article's text fields.
 */
export function adminSearchMatcher(search: string): ((text: { title: string; summary?: string | undefined; sourceName?: string | undefined }) => boolean) | null {
  const terms = [...new Set(words(search))];
  if (terms.length === 0) return null;
  const last = terms[terms.length - 1] as string;
  const whole = terms.slice(0, -1);
  return (article) => {
    const found = new Set<string>();
    // Title and source first: most searches are answered by them without reading the summary.
    for (const text of [`${article.title} ${article.sourceName ?? ''}`, article.summary ?? '']) {
      for (const word of words(text)) found.add(word);
      if (whole.every((term) => found.has(term)) && (found.has(last) || [...found].some((word) => word.startsWith(last)))) return true;
    }
    return false;
  };
}

/** Pages for a total (at least one, so "page 1 of 1" reads right on an empty list). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
