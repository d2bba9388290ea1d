import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { createWriteTransaction, Entity, type EntityItem } from 'electrodb';
import { isPublicArticle } from '#domain/reader/public-articles.ts';
import { Article, ArticleChange, type ArticleItem, changeNote } from './articles.ts';
import { documentClient, tableName } from './table/client.ts';
import { RateLimitWindow, windowOf } from './rate-limits.ts';
import { transactWithRetry } from './table/paging.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * Views and shares of one article counted since they were last folded into the article item. A view
 * is an ADD on this small item (about 100 bytes, no index attributes: 1 write unit) instead of a rewrite
 * of the 2.2 kB article in the table and each index it lands in. It shares the article's partition key,
 * so the article and its tally are read with one Query. The table stream's fold-tallies consumer moves the
 * tally into the article's own `viewsCount`/`sharesCount` (foldArticleTally below) within its
 * batching window, so lists and rankings trail the exact figure by under a minute at any traffic, and a
 * busy article is rewritten once per batch, not once per view.
 */
export const ArticleTally = new Entity({
  model: { entity: 'articleTally', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    views: { type: 'number' },
    shares: { type: 'number' },
    /** Epoch ms of the oldest event not yet folded into the article. */
    since: { type: 'number' },
  },
  indexes: {
    byArticle: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

export type ArticleTallyItem = EntityItem<typeof ArticleTally>;

/** Events a tally holds that its article does not have yet. */
export function pendingEvents(tally: Pick<ArticleTallyItem, 'views' | 'shares'>): number {
  return (tally.views ?? 0) + (tally.shares ?? 0);
}

/** Counts one view or share of an article; answers the tally as it now stands. */
export async function addToTally(id: string, event: 'views' | 'shares', now = Date.now()): Promise<ArticleTallyItem> {
  const { data } = await ArticleTally.update({ id })
    .add({ [event]: 1 })
    .data(({ since }, { ifNotExists }) => ifNotExists(since, now))
    .go({ response: 'all_new' });
  return data as ArticleTallyItem;
}

/**
 * Counts a view or share only if it is the client's first such event of the UTC day: the rate-limit store's
 * one-hit window for (`once:<what>`, client, day) and the tally's ADD in one transaction. Two separate writes
 * could keep the one and lose the other (the window taken and the ADD failed: the reader's retry is no longer
 * first, the view is lost), and an ADD whose answer was lost is repeated by the SDK's retry (counted twice);
 * in one transaction the repeat finds the window taken and is cancelled, so the event counts exactly once.
 * False when the client's event was already counted today.
 */
export async function addFirstToTally(id: string, event: 'views' | 'shares', what: string, client: string, now = Date.now()): Promise<boolean> {
  const { windowStart, windowEnd } = windowOf({ limit: 1, windowSeconds: 86_400 }, now);
  const result = await transactWithRetry(() => createWriteTransaction({ window: RateLimitWindow, tally: ArticleTally }, ({ window, tally }) => [
    window
      .update({ bucket: `once:${what}`, client, windowStart })
      .add({ hits: 1 })
      .set({ expiresAt: windowEnd + 60 })
      .where(({ hits }, { notExists }) => notExists(hits))
      .commit(),
    tally
      .update({ id })
      .add({ [event]: 1 })
      .data(({ since }, { ifNotExists }) => ifNotExists(since, now))
      .commit(),
  ]).go(), `Counting a ${event.slice(0, -1)} of ${id}`);
  return !result.canceled;
}

/**
 * The article with the views and shares its tally holds beyond what was folded into it (exact figures,
 * as a reader's dialog shows them): one Query on the article's partition reads both.
 */
export async function getArticleWithTally(id: string): Promise<ArticleItem | null> {
  const { Key } = Article.get({ id }).params() as { Key: { pk: string } };
  const { Items = [] } = await documentClient.send(new QueryCommand({
    TableName: tableName,
    KeyConditionExpression: '#pk = :pk',
    ExpressionAttributeNames: { '#pk': 'pk' },
    ExpressionAttributeValues: { ':pk': Key.pk },
  }));
  const raw = (entity: string) => Items.find((item) => item.__edb_e__ === entity);
  const stored = raw(Article.schema.model.entity);
  const article = stored ? Article.parse({ Item: stored }).data : null;
  if (!article) return null;
  const tallyItem = raw(ArticleTally.schema.model.entity);
  const tally = tallyItem ? ArticleTally.parse({ Item: tallyItem }).data : null;
  return { ...article, viewsCount: (article.viewsCount ?? 0) + (tally?.views ?? 0), sharesCount: (article.sharesCount ?? 0) + (tally?.shares ?? 0) };
}

/** The article if the public may see it (the public rules hold for a single article too), else null. */
export async function getPublicArticleItem(id: string): Promise<ArticleItem | null> {
  const article = await getArticleWithTally(id);
  return article && isPublicArticle(article) ? article : null;
}

/**
 * Counts a view or a share: an ADD on the article's small tally item, not a rewrite of the article in the
 * table and each of its indexes. The tally stream consumer folds it into the article (foldArticleTally).
 */
export async function countArticleEvent(id: string, event: 'views' | 'shares'): Promise<void> {
  await addToTally(id, event);
}

/**
 * Moves what an article's tally holds into the article item and writes a change note, so the search
 * index, lists and rankings see the new figure. The tally's decrement (only if nothing was added since it
 * was read: of two folds of one tally, one takes it) and the article's ADD are one transaction: as two
 * writes, a claim whose answer was lost was read as another fold's (its retry failed the condition) and
 * its views were taken out of the tally and never reached the article, and an article ADD whose answer was
 * lost was added twice by the SDK's retry. A repeat of the transaction finds the tally changed and is
 * cancelled, so the fold happens once. Answers whether anything was folded (false also when the article
 * is gone: the tally then keeps its events, which nothing reads).
 */
export async function foldArticleTally(id: string): Promise<boolean> {
  const tally = (await ArticleTally.get({ id }).go({ consistent: true })).data;
  if (!tally || !pendingEvents(tally)) return false;
  const views = tally.views ?? 0;
  const shares = tally.shares ?? 0;
  const result = await transactWithRetry(() => createWriteTransaction({ tally: ArticleTally, article: Article }, ({ tally: tallyEntity, article }) => [
    tallyEntity
      .update({ id })
      .add({ views: -views, shares: -shares })
      .remove(['since'])
      .where((attr, { eq, notExists }) => `${views ? eq(attr.views, views) : `(${notExists(attr.views)} OR ${eq(attr.views, 0)})`} AND ${shares ? eq(attr.shares, shares) : `(${notExists(attr.shares)} OR ${eq(attr.shares, 0)})`}`)
      .commit(),
    article.patch({ id }).add({ viewsCount: views, sharesCount: shares }).commit(),
  ]).go(), `Folding the tally of ${id}`);
  if (result.canceled) return false;
  // A lost note only delays the search index until the article's next change.
  await ArticleChange.put(changeNote(id)).go({ response: 'none' });
  return true;
}
