import { createWriteTransaction, Entity } from 'electrodb';
import { Follow } from './follows.ts';
import { transactWithRetry } from './table/paging.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * Every keyword some reader has an alert on, with how many readers have it: what a published story's text is
 * matched against, so a story reads one short list and then the followers of the keywords it names
 * (followersOf('keyword', ...)), never every reader's alerts. The count moves in the same transaction as the
 * reader's follow item, so it cannot drift from them.
 */
export const KeywordAlert = new Entity({
  model: { entity: 'keywordAlert', version: '1', service },
  attributes: {
    keyword: { type: 'string', required: true },
    followers: { type: 'number', default: 0 },
  },
  indexes: {
    alertedKeywords: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['keyword'], casing: keep },
    },
  },
}, tableConfig);

/**
 * Adds a keyword alert (`keyword` normalised, `label` as the reader wrote it: their notifications quote it); false
 * when the reader already had it (nothing is counted twice).
 */
export async function addKeywordFollow(userId: string, keyword: string, label: string): Promise<boolean> {
  const result = await transactWithRetry(() => createWriteTransaction({ follow: Follow, alert: KeywordAlert }, ({ follow, alert }) => [
    follow.create({ userId, kind: 'keyword', targetId: keyword, label }).commit(),
    alert.update({ keyword }).add({ followers: 1 }).commit(),
  ]).go(), `Adding keyword alert ${keyword}`);
  return !result.canceled;
}

/** The readers with an alert on one keyword, each with the keyword as they wrote it. */
export async function keywordFollowersOf(keyword: string): Promise<Array<{ userId: string; label: string }>> {
  const { data } = await Follow.query.byTarget({ kind: 'keyword', targetId: keyword }).go({ pages: 'all', attributes: ['userId', 'label'] });
  return data.map(({ userId, label }) => ({ userId, label }));
}

/** Removes a keyword alert; false when the reader did not have it. */
export async function removeKeywordFollow(userId: string, keyword: string): Promise<boolean> {
  const result = await transactWithRetry(() => createWriteTransaction({ follow: Follow, alert: KeywordAlert }, ({ follow, alert }) => [
    follow.remove({ userId, kind: 'keyword', targetId: keyword }).commit(),
    alert.update({ keyword }).add({ followers: -1 }).commit(),
  ]).go(), `Removing keyword alert ${keyword}`);
  return !result.canceled;
}

/** The keywords at least one reader has an alert on (one partition, read whole: a few thousand short items at most). */
export async function alertedKeywords(): Promise<string[]> {
  const { data } = await KeywordAlert.query.alertedKeywords({}).where(({ followers }, { gt }) => gt(followers, 0)).go({ pages: 'all', attributes: ['keyword'] });
  return data.map((item) => item.keyword);
}
