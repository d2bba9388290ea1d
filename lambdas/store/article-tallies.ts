import { Entity, type EntityItem } from 'electrodb';
import { isConditionalWriteFailure } from './table/paging.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * Views and shares of one article counted since they were last folded into the article item. A view
 * is an ADD on this small item (about 100 bytes, no index attributes: 1 write unit) instead of a rewrite
 * of the 2.2 kB article in the table and each index it lands in. It shares the article's partition key,
 * so the article and its tally are read with one Query. The table stream's fold-tallies consumer moves the
 * tally into the article's own `viewsCount`/`sharesCount` (foldArticleTally in articles.ts) within its
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
