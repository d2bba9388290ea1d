import { Entity, type EntityItem } from 'electrodb';
import { isConditionalWriteFailure } from './paging.ts';
import { keep, service, tableConfig } from './table.ts';

/**
 * Views and shares of one article counted since they were last folded into the article item. A view
 * is an ADD on this small item (about 100 bytes, no index attributes: 1 write unit) instead of a rewrite
 * of the 2.2 kB article in the table and each index it lands in. It shares the article's partition key,
 * so the article and its tally are read with one Query; the article's own `viewsCount`/`sharesCount`
 * take the tally in batches (foldArticleTally in articles.ts), so lists and rankings trail the exact
 * figure by less than one batch.
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

/** A tally is folded into its article once it holds this many events, or once its oldest is this old. */
export const FOLD_AFTER_EVENTS = 20;
export const FOLD_AFTER_MS = 60 * 60_000;

/** Whether a tally is due to be folded into its article. */
export function foldDue(tally: Pick<ArticleTallyItem, 'views' | 'shares' | 'since'>, now = Date.now()): boolean {
  const events = (tally.views ?? 0) + (tally.shares ?? 0);
  return events >= FOLD_AFTER_EVENTS || (events > 0 && now - (tally.since ?? now) >= FOLD_AFTER_MS);
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
