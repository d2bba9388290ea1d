import { Entity, type EntityItem } from 'electrodb';
import { FOLLOW_KINDS, type FollowKind } from '#domain/reader/follows.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/**
 * A reader following a topic, a story, a publisher or a keyword, or muting a publisher (docs/topics.md
 * "Follows"). Read two ways: the reader's own list, and the readers of one target (followers of a topic, story,
 * publisher or keyword; muters of a publisher), which a newly published story fans out to
 * (streams/personalise.handler.ts). A story is followed by its first report's id (the cluster's), so every later
 * report of it finds its followers; a keyword by its normalised text (domain/reader/keyword-alerts.ts normaliseKeyword).
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

/** How many readers follow one topic or story (the console's figure). */
export async function countFollowers(kind: FollowKind, targetId: string): Promise<number> {
  return (await followersOf(kind, targetId)).length;
}
