import { Entity, type EntityItem } from 'electrodb';
import { isConditionalWriteFailure } from './table/paging.ts';
import { keep, now, service, tableConfig } from './table/table.ts';

const KEYWORD_SOURCES = ['content-based', 'search-based'] as const;

export const TrendingKeyword = new Entity({
  model: { entity: 'trendingKeyword', version: '1', service },
  attributes: {
    keyword: { type: 'string', required: true },
    source: { type: KEYWORD_SOURCES, required: true },
    searchCount: { type: 'number', default: 0 },
    lastSearchedAt: { type: 'string', required: true, default: now },
    /** A moderator took it off Trending (who, when); searches still count. */
    hiddenAt: { type: 'string' },
    hiddenBy: { type: 'string' },
  },
  indexes: {
    byKeyword: {
      pk: { field: 'pk', composite: ['source', 'keyword'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Keywords of one source seen recently (the spec's 7-day window); ranked by count in memory. */
    bySourceRecent: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['source'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['lastSearchedAt', 'keyword'], casing: keep },
    },
  },
}, tableConfig);

export type TrendingKeywordItem = EntityItem<typeof TrendingKeyword>;
export type KeywordSource = TrendingKeywordItem['source'];

/**
 * Counts one more search (or content mention) of a keyword, atomically, creating it on first use.
 * An upsert, not an update: ElectroDB's update would not write the recency index's partition key.
 */
export async function bumpKeyword(source: KeywordSource, keyword: string, by = 1, at = new Date().toISOString()): Promise<void> {
  await TrendingKeyword.upsert({ source, keyword, lastSearchedAt: at }).add({ searchCount: by }).go();
}

/** Keywords of one source seen since a time, most counted first. */
export async function recentKeywords(source: KeywordSource, since: Date, limit: number): Promise<TrendingKeywordItem[]> {
  const { data } = await TrendingKeyword.query.bySourceRecent({ source }).gte({ lastSearchedAt: since.toISOString() }).go({ pages: 'all' });
  return data.sort((a, b) => (b.searchCount ?? 0) - (a.searchCount ?? 0)).slice(0, limit);
}

/** A moderator hides a keyword from Trending, or shows it again; false when no such keyword exists. */
export async function setKeywordHidden(source: KeywordSource, keyword: string, hiddenBy: string | null): Promise<TrendingKeywordItem | null> {
  const update = TrendingKeyword.patch({ source, keyword });
  try {
    const { data } = await (hiddenBy ? update.set({ hiddenAt: new Date().toISOString(), hiddenBy }) : update.remove(['hiddenAt', 'hiddenBy'])).go({ response: 'all_new' });
    return data as TrendingKeywordItem;
  } catch (error) {
    if (isConditionalWriteFailure(error)) return null;
    throw error;
  }
}

/** Sets a content-based keyword's count to what the recent articles show (a refresh, not an increment). */
export async function setContentKeyword(keyword: string, count: number, at = new Date().toISOString()): Promise<void> {
  await TrendingKeyword.upsert({ source: 'content-based', keyword, lastSearchedAt: at, searchCount: count }).go();
}
