import { nextTierSlice } from '#domain/reader/search-tiers.ts';
import type { PublicArticle } from '#domain/reader/public-articles.ts';
import type { ArticleQuery, ArticleQueryResult } from './article-index.ts';

export interface TieredQueryResult extends ArticleQueryResult {
  /** True when tiers that may hold more matches were not read: the total is then a lower bound. */
  totalIsLowerBound: boolean;
}

/** A tier as a page reads it: an index, possibly still to be loaded (an archive shard). */
export type Tier = () => Promise<{ query: (query: ArticleQuery) => ArticleQueryResult }>;

/**
 * A page across tiers read one after another, each ranked on its own, the page cut from them in that
 * order. A tier is read only when the page reaches it: a page the first tier fills reads no other, and its
 * total counts the tiers read (flagged as a lower bound when more remain).
 */
export async function pageAcrossTiers(tiers: readonly Tier[], query: ArticleQuery): Promise<TieredQueryResult> {
  const page = { offset: query.offset ?? 0, limit: query.limit ?? 20 };
  const items: PublicArticle[] = [];
  let counted = 0;
  for (const [position, tier] of tiers.entries()) {
    if (position > 0 && items.length >= page.limit) return { items, total: counted, totalIsLowerBound: true };
    const result = (await tier()).query({ ...query, ...nextTierSlice(page, counted, items.length) });
    items.push(...result.items);
    counted += result.total;
  }
  return { items, total: counted, totalIsLowerBound: false };
}
