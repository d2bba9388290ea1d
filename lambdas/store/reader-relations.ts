import { createWriteTransaction, Entity, type EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { Activity } from './activity.ts';
import { Article } from './articles.ts';
import { Counter } from './table/counters.ts';
import { relationDayCounters } from './daily-counters.ts';
import { expiresInDays, newId } from './table/ids.ts';
import { isConditionFailure, type Page, type PageOptions, queryPage, transactWithRetry } from './table/paging.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/** A user's relation to an article: bookmark or like (same shape, same access patterns). */
function userArticleRelation(entity: 'bookmark' | 'like') {
  return new Entity({
    model: { entity, version: '1', service },
    attributes: {
      userId: { type: 'string', required: true },
      articleId: { type: 'string', required: true },
      createdAt: timestamps.createdAt,
    },
    indexes: {
      /** Toggle and lookup by both ids. */
      byUserArticle: {
        pk: { field: 'pk', composite: ['userId'], casing: keep },
        sk: { field: 'sk', composite: ['articleId'], casing: keep },
      },
      /** A user's list, newest first. */
      byUserNewest: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['userId'], casing: keep },
        sk: { field: 'gsi1sk', composite: ['createdAt'], casing: keep },
      },
    },
  }, tableConfig);
}

export const Bookmark = userArticleRelation('bookmark');

export const Like = userArticleRelation('like');

/** Bookmarks and likes: a user's relation to an article, counted on the article in the same write. */
type Relation = 'bookmark' | 'like';
export type BookmarkItem = EntityItem<typeof Bookmark>;

const counterOf = { bookmark: 'bookmarksCount', like: 'likesCount' } as const;

/** The reader's activity entry of a relation change, written in the change's own transaction. */
const activityOf = (actionType: string, userId: string, articleId: string) =>
  ({ userId, id: newId(), actionType, resourceType: 'article', resourceId: articleId, expiresAt: expiresInDays(RETENTION_DAYS.activity) });

/**
 * Adds the relation, raises the article's count and records it in the reader's activity, in one transaction
 * (all or nothing: a failure leaves no relation without its count, and a repeat whose first answer was lost
 * is cancelled by the relation's condition, so nothing counts twice). False when it already existed (a
 * double click counts once) or the article does not exist.
 */
export async function addRelation(kind: Relation, userId: string, articleId: string): Promise<boolean> {
  const entry = activityOf(kind, userId, articleId);
  const result = await transactWithRetry(() => createWriteTransaction({ bookmark: Bookmark, like: Like, article: Article, counter: Counter, activity: Activity }, ({ bookmark, like, article, counter, activity }) => [
      (kind === 'bookmark' ? bookmark : like).create({ userId, articleId }).commit(),
      activity.create(entry).commit(),
      article
        .patch({ id: articleId })
        .add({ [counterOf[kind]]: 1 })
        .commit(),
      // The console's daily analytics counters (a removal does not lower them: they count likes given).
      ...relationDayCounters(kind, articleId).map((key) => counter.update(key).add({ value: 1 }).commit()),
    ])
    .go(), `Adding ${kind} of ${articleId}`);
  return !result.canceled;
}

/** Removes the relation, lowers the count and records it in the activity, in one transaction; false when there was nothing to remove. */
export async function removeRelation(kind: Relation, userId: string, articleId: string): Promise<boolean> {
  const entry = activityOf(`un${kind}`, userId, articleId);
  const result = await transactWithRetry(() => createWriteTransaction({ bookmark: Bookmark, like: Like, article: Article, activity: Activity }, ({ bookmark, like, article, activity }) => [
      (kind === 'bookmark' ? bookmark : like)
        .delete({ userId, articleId })
        .where(({ articleId: id }, { exists }) => exists(id))
        .commit(),
      activity.create(entry).commit(),
      article
        .patch({ id: articleId })
        .subtract({ [counterOf[kind]]: 1 })
        .commit(),
    ])
    .go(), `Removing ${kind} of ${articleId}`);
  if (!result.canceled) return true;
  // Canceled on a condition: the relation was not there (nothing to remove), or the article itself is gone (purged)
  // and has no count to lower. Only in the second case does the relation go without the count: the reader could
  // otherwise never remove it (nor delete their account). In the first, a relation added since (a like and an unlike
  // sent together) must stay, with its count: deleting it here left the count one too high.
  const [relationWrite, , articleWrite] = result.data;
  const articleGone = articleWrite !== undefined && isConditionFailure(articleWrite) && !(relationWrite !== undefined && isConditionFailure(relationWrite));
  if (!articleGone) return false;
  const { data } = await (kind === 'bookmark' ? Bookmark : Like).delete({ userId, articleId }).go({ response: 'all_old' });
  if (data) await Activity.create(entry).go({ response: 'none' });
  return Boolean(data);
}

/** A user's bookmarks or likes, newest first. */
export function listRelations(kind: Relation, userId: string, options: PageOptions = {}): Promise<Page<BookmarkItem>> {
  const entity = kind === 'bookmark' ? Bookmark : Like;
  return queryPage(() => entity.query.byUserNewest({ userId }).go({ order: 'desc', limit: options.limit ?? 100, cursor: options.cursor ?? null }));
}

/** Every article id the user has the relation with, newest first (cards mark them Saved / Liked). */
export async function allRelationIds(kind: Relation, userId: string): Promise<string[]> {
  const entity = kind === 'bookmark' ? Bookmark : Like;
  const { data } = await entity.query.byUserNewest({ userId }).go({ order: 'desc', pages: 'all' });
  return data.map((item) => item.articleId);
}
