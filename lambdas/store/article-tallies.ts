import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { Entity, type EntityItem } from 'electrodb';
import { isPublicArticle } from '#domain/reader/public-articles.ts';
import { Article, ArticleChange, type ArticleItem, changeNote } from './articles.ts';
import { documentClient, tableName } from './table/client.ts';
import { isConditionalWriteFailure } from './table/paging.ts';
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
 * Takes exactly what the tally held out of it, only if nothing was added since it was read: of two
 * requests that both saw a due tally, one folds it. False when another request came first.
 */
export async function claimTally(tally: ArticleTallyItem): Promise<boolean> {
  const views = tally.views ?? 0;
  const shares = tally.shares ?? 0;
  try {
    await ArticleTally.update({ id: tally.id })
      .add({ views: -views, shares: -shares })
      .remove(['since'])
      .where((attr, { eq, notExists }) => `${views ? eq(attr.views, views) : `(${notExists(attr.views)} OR ${eq(attr.views, 0)})`} AND ${shares ? eq(attr.shares, shares) : `(${notExists(attr.shares)} OR ${eq(attr.shares, 0)})`}`)
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionalWriteFailure(error)) return false;
    throw error;
  }
}

/** Gives a claimed tally back (its fold into the article failed), so no event is lost. */
export async function returnToTally(tally: Pick<ArticleTallyItem, 'id' | 'views' | 'shares'>, now = Date.now()): Promise<void> {
  await ArticleTally.update({ id: tally.id })
    .add({ views: tally.views ?? 0, shares: tally.shares ?? 0 })
    .data(({ since }, { ifNotExists }) => ifNotExists(since, now))
    .go({ response: 'none' });
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
 * index, lists and rankings see the new figure; of two folds of one tally, one takes it. If the article
 * write fails, the claim is given back to the tally. Answers whether anything was folded.
 */
export async function foldArticleTally(id: string): Promise<boolean> {
  const tally = (await ArticleTally.get({ id }).go({ consistent: true })).data;
  if (!tally || !pendingEvents(tally) || !(await claimTally(tally))) return false;
  try {
    // Two plain writes, not a transaction (which costs twice the units): a lost note only delays the
    // search index until the article's next change.
    await Article.patch({ id }).add({ viewsCount: tally.views ?? 0, sharesCount: tally.shares ?? 0 }).go({ response: 'none' });
  } catch (error) {
    if (isConditionalWriteFailure(error)) return false; // the article is gone: nothing to fold into
    await returnToTally(tally);
    throw error;
  }
  await ArticleChange.put(changeNote(id)).go({ response: 'none' });
  return true;
}
