import { createWriteTransaction, Entity, type EntityItem } from 'electrodb';
import { FOLLOW_KINDS, type FollowKind } from '#domain/reader/follows.ts';
import { transactWithRetry } from './table/paging.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/**
 * A reader following a topic, a story, a publisher or a keyword, or muting a publisher (docs/topics.md
 * "Follows"). Read two ways: the reader's own list, and the readers of one target (followers of a topic, story,
 * publisher or keyword; muters of a publisher), which a newly published story fans out to
 * (streams/personalise.handler.ts). A story is followed by its first report's id (the cluster's), so every later
 * report of it finds its followers; a keyword by its normalised text (domain/reader/follows.ts normaliseKeyword).
 */
export const Follow = new Entity({
  model: { entity: 'follow', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    kind: { type: FOLLOW_KINDS, required: true },
    targetId: { type: 'string', required: true },
    /** The topic's, publisher's or keyword's name or the story's headline when followed: the reader's list and the notifications show it. */
    label: { type: 'string', required: true },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['kind', 'targetId'], casing: keep },
    },
    byTarget: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['kind', 'targetId'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['userId'], casing: keep },
    },
  },
}, tableConfig);

export type FollowItem = EntityItem<typeof Follow>;

/** Everything the reader follows (a bounded list: domain/reader/follows.ts MAX_FOLLOWS). */
export async function listFollows(userId: string): Promise<FollowItem[]> {
  const { data } = await Follow.query.byUser({ userId }).go({ pages: 'all' });
  return data;
}

/** The targets of one kind the reader follows (or, for 'muted-publisher', mutes): one Query on the sort key's prefix. */
export async function listFollowTargets(userId: string, kind: FollowKind): Promise<Set<string>> {
  const { data } = await Follow.query.byUser({ userId, kind }).go({ pages: 'all', attributes: ['targetId'] });
  return new Set(data.map((item) => item.targetId));
}

export async function isFollowing(userId: string, kind: FollowKind, targetId: string): Promise<boolean> {
  const { data } = await Follow.get({ userId, kind, targetId }).go({ attributes: ['userId'] });
  return data !== null;
}

/** Follows; following again changes nothing a reader sees (the time becomes the latest follow's). */
export async function addFollow(userId: string, kind: FollowKind, targetId: string, label: string): Promise<void> {
  await Follow.put({ userId, kind, targetId, label }).go({ response: 'none' });
}

/** False when the reader did not follow it. */
export async function removeFollow(userId: string, kind: FollowKind, targetId: string): Promise<boolean> {
  const { data } = await Follow.delete({ userId, kind, targetId }).go({ response: 'all_old' });
  return Boolean(data);
}

/** The readers following one topic, story, publisher or keyword (or muting one publisher), page by page. */
export async function followersOf(kind: FollowKind, targetId: string): Promise<string[]> {
  const { data } = await Follow.query.byTarget({ kind, targetId }).go({ pages: 'all', attributes: ['userId'] });
  return data.map((item) => item.userId);
}

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
