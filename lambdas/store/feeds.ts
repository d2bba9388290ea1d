import { createHash } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import pLimit from 'p-limit';
import { FEED_DEFAULT_PRIORITY, FEED_HEALTH_SHOWN } from '#domain/content/feed-sources.ts';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { expiresInDays } from './table/ids.ts';
import { isConditionalWriteFailure } from './table/paging.ts';
import { keep, now, service, tableConfig, timestamps } from './table/table.ts';

export const FeedSource = new Entity({
  model: { entity: 'feedSource', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    url: { type: 'string', required: true },
    /** Lower runs first. */
    priority: { type: 'number', default: 5 },
    dataRichnessScore: { type: 'number', default: 0 },
    averageImagesPerItem: { type: 'number', default: 0 },
    consecutiveFailures: { type: 'number', default: 0 },
    supportsMedia: { type: 'boolean', default: false },
    contentTypes: { type: 'list', items: { type: 'string' }, default: () => ['article'] },
    isIndian: { type: 'boolean', default: false },
    /** Curated publisher facts (reader spec: publisher table). */
    publisherTier: { type: ['premium', 'verified', 'trusted', 'established'] as const },
    authority: { type: 'number' },
    specialization: { type: 'string' },
    description: { type: 'string' },
    active: { type: 'boolean', default: true },
    etag: { type: 'string' },
    lastModified: { type: 'string' },
    nextCheckAt: { type: 'string', required: true, default: now },
    lastCheckedAt: { type: 'string' },
    lastStatus: { type: 'string' },
    /**
     * Set when an admin deletes the feed: the item stays as a tombstone (inactive, out of the console's
     * list) so the catalogue seeding does not bring it back; adding its URL again revives it.
     */
    removedAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** All feeds, the next due first. */
    byNextCheck: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['nextCheckAt', 'id'], casing: keep },
    },
  },
}, tableConfig);

export const FeedHealth = new Entity({
  model: { entity: 'feedHealth', version: '1', service },
  attributes: {
    feedId: { type: 'string', required: true },
    checkedAt: { type: 'string', required: true },
    status: { type: 'string', required: true },
    httpStatus: { type: 'number' },
    responseTimeMs: { type: 'number', default: 0 },
    itemsFound: { type: 'number', default: 0 },
    imagesExtracted: { type: 'number', default: 0 },
    dataPointsExtracted: { type: 'number', default: 0 },
    error: { type: 'string' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    /** A feed's checks, newest first. */
    byFeed: {
      pk: { field: 'pk', composite: ['feedId'], casing: keep },
      sk: { field: 'sk', composite: ['checkedAt'], casing: keep },
    },
  },
}, tableConfig);

/**
 * A feed's polling state, apart from its description: what a poll reads (address, validators, failure
 * streak) and writes (last and next check). Small and in no index, so a poll answered 304 reads half a
 * unit and writes one, where a rewrite of the FeedSource costs its item and its index copy twice (the due
 * index's key moves). All feeds' states share one partition: the due feeds are one Query away.
 * It wins over the FeedSource's own copies of these fields, which are only read for feeds whose state
 * item does not exist yet (written before it did: see ensureFeedSources).
 */
export const FeedPoll = new Entity({
  model: { entity: 'feedPoll', version: '1', service },
  attributes: {
    feedId: { type: 'string', required: true },
    url: { type: 'string', required: true },
    active: { type: 'boolean', default: true },
    /** Lower runs first. */
    priority: { type: 'number', default: 5 },
    etag: { type: 'string' },
    lastModified: { type: 'string' },
    nextCheckAt: { type: 'string', required: true },
    lastCheckedAt: { type: 'string' },
    lastStatus: { type: 'string' },
    consecutiveFailures: { type: 'number', default: 0 },
  },
  indexes: {
    byFeed: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['feedId'], casing: keep },
    },
  },
}, tableConfig);

/**
 * What the last run found already done: the catalogue it added (its ids) and the polling-state layout
 * it moved feeds to, so a routine run reads this one item instead of the whole catalogue.
 */
export const FeedSchedule = new Entity({
  model: { entity: 'feedSchedule', version: '1', service },
  attributes: {
    name: { type: 'string', required: true },
    catalogueKey: { type: 'string', required: true },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: ['name'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

export type FeedSourceItem = EntityItem<typeof FeedSource>;
export type FeedHealthItem = EntityItem<typeof FeedHealth>;
export type FeedPollItem = EntityItem<typeof FeedPoll>;

/** A feed as a poll needs it: its polling state; its name only when the caller already had it. */
export type FeedToPoll = Pick<FeedSourceItem, 'id' | 'url'> & Partial<Pick<FeedSourceItem, 'name' | 'isIndian' | 'etag' | 'lastModified' | 'consecutiveFailures' | 'lastStatus'>>;

/** The fields a poll changes; they live on the FeedPoll item. */
type PollChanges = Partial<Pick<FeedPollItem, 'nextCheckAt' | 'consecutiveFailures' | 'lastStatus' | 'lastCheckedAt' | 'etag' | 'lastModified' | 'url' | 'active' | 'priority'>>;

/** The polling state of a feed written before FeedPoll items existed, from its FeedSource. */
export function pollStateOf(feed: Pick<FeedSourceItem, 'id' | 'url' | 'active' | 'priority' | 'etag' | 'lastModified' | 'nextCheckAt' | 'lastCheckedAt' | 'lastStatus' | 'consecutiveFailures'>): FeedPollItem {
  return {
    feedId: feed.id,
    url: feed.url,
    active: feed.active ?? true,
    priority: feed.priority ?? FEED_DEFAULT_PRIORITY,
    nextCheckAt: feed.nextCheckAt,
    consecutiveFailures: feed.consecutiveFailures ?? 0,
    ...(feed.etag ? { etag: feed.etag } : {}),
    ...(feed.lastModified ? { lastModified: feed.lastModified } : {}),
    ...(feed.lastCheckedAt ? { lastCheckedAt: feed.lastCheckedAt } : {}),
    ...(feed.lastStatus ? { lastStatus: feed.lastStatus } : {}),
  };
}

/** A feed as the console and the pipeline read it: its description with its polling state over it. */
export function withPollState(feed: FeedSourceItem, poll: FeedPollItem | null | undefined): FeedSourceItem {
  if (!poll) return feed;
  return {
    ...feed,
    url: poll.url,
    active: poll.active ?? true,
    priority: poll.priority ?? feed.priority,
    etag: poll.etag,
    lastModified: poll.lastModified,
    nextCheckAt: poll.nextCheckAt,
    lastCheckedAt: poll.lastCheckedAt,
    lastStatus: poll.lastStatus,
    consecutiveFailures: poll.consecutiveFailures ?? 0,
  };
}

/** Every feed's polling state (one partition, small items), by feed id. */
async function allPollStates(): Promise<Map<string, FeedPollItem>> {
  const { data } = await FeedPoll.query.byFeed({}).go({ pages: 'all' });
  return new Map(data.map((poll) => [poll.feedId, poll]));
}

/**
 * Writes a feed's polling state. A feed from before FeedPoll items has its state moved over first
 * (from its FeedSource), so an old table keeps working before a run has migrated it.
 */
export async function savePollState(feedId: string, changes: PollChanges, remove: Array<'etag' | 'lastModified'> = []): Promise<FeedPollItem | null> {
  const write = async () => {
    const patch = FeedPoll.patch({ feedId }).set(changes);
    return (await (remove.length ? patch.remove(remove) : patch).go({ response: 'all_new' })).data as FeedPollItem;
  };
  try {
    return await write();
  } catch (error) {
    if (!isConditionalWriteFailure(error)) throw error;
    const { data: source } = await FeedSource.get({ id: feedId }).go();
    if (!source) return null;
    await FeedPoll.create(pollStateOf(source)).go().catch((raced: unknown) => {
      if (!isConditionalWriteFailure(raced)) throw raced;
    });
    return write();
  }
}

/**
 * Gives every feed written before FeedPoll items existed its FeedPoll item, from its FeedSource (a
 * table from an earlier version, local or deployed). Idempotent: run when the schedule marker is
 * missing or older, so once per table.
 */
async function movePollStatesToTheirOwnItems(): Promise<number> {
  const [sources, polls] = await Promise.all([listFeedsIncludingRemovedAsStored(), allPollStates()]);
  let moved = 0;
  for (const source of sources.filter((feed) => !polls.has(feed.id))) {
    try {
      await FeedPoll.create(pollStateOf(source)).go();
      moved += 1;
    } catch (error) {
      if (!isConditionalWriteFailure(error)) throw error;
    }
  }
  return moved;
}

export async function putFeedSource(feed: Omit<FeedSourceItem, 'createdAt' | 'updatedAt' | 'nextCheckAt'> & { nextCheckAt?: string }): Promise<void> {
  const nextCheckAt = feed.nextCheckAt ?? new Date().toISOString();
  await FeedSource.upsert({ ...feed, nextCheckAt }).go();
  await FeedPoll.put(pollStateOf({ ...feed, nextCheckAt })).go();
}

/** Many feeds at once, each with its polling state (BatchWrites): what imports and benchmarks write. */
export async function putFeedSources(feeds: ReadonlyArray<Omit<FeedSourceItem, 'createdAt' | 'updatedAt' | 'nextCheckAt'> & { nextCheckAt?: string }>): Promise<void> {
  const now = new Date().toISOString();
  const withNextCheck = feeds.map((feed) => ({ ...feed, nextCheckAt: feed.nextCheckAt ?? now }));
  await FeedSource.put(withNextCheck).go();
  await FeedPoll.put(withNextCheck.map(pollStateOf)).go();
}

/** A due feed: what the ingest groups by host and orders by priority. */
export type DueFeed = Pick<FeedSourceItem, 'id' | 'url' | 'priority' | 'nextCheckAt'>;

/**
 * Active feeds whose next check time has come, the most overdue first: one Query of the small polling
 * states (about 200 bytes a feed, so 10,000 feeds read ~250 units a run, eventually consistent).
 */
export async function listDueFeeds(now = new Date()): Promise<DueFeed[]> {
  const { data } = await FeedPoll.query
    .byFeed({})
    .where(({ active, nextCheckAt }, { eq, lte }) => `${eq(active, true)} AND ${lte(nextCheckAt, now.toISOString())}`)
    .go({ pages: 'all' });
  return data
    .map((poll) => ({ id: poll.feedId, url: poll.url, priority: poll.priority, nextCheckAt: poll.nextCheckAt }))
    .sort((a, b) => a.nextCheckAt.localeCompare(b.nextCheckAt) || a.id.localeCompare(b.id));
}

/**
 * The polling states of these feeds, in their order, read in one batch (half a unit each): what a
 * host's step needs to poll them. A feed without a FeedPoll item yet is read from its FeedSource.
 */
export async function feedsToPoll(feedIds: readonly string[]): Promise<FeedToPoll[]> {
  if (!feedIds.length) return [];
  const { data } = await FeedPoll.get(feedIds.map((feedId) => ({ feedId }))).go();
  const byId = new Map(data.map((poll) => [poll.feedId, poll]));
  const feeds = await Promise.all(
    feedIds.map(async (id): Promise<FeedToPoll | null> => {
      const poll = byId.get(id);
      if (!poll) return getFeedSource(id);
      return { id, url: poll.url, etag: poll.etag, lastModified: poll.lastModified, consecutiveFailures: poll.consecutiveFailures, lastStatus: poll.lastStatus };
    }),
  );
  return feeds.filter((feed): feed is FeedToPoll => feed !== null);
}

/** A feed's name (its description only: a poll that brings a new body, or an alert, needs it). */
export async function feedNameOf(id: string): Promise<string | null> {
  return (await feedDescriptionOf(id))?.name ?? null;
}

/** What a new body's stories take from the feed's description: its name, and whether it is an Indian source (the classifier reads it). */
export async function feedDescriptionOf(id: string): Promise<{ name: string; isIndian?: boolean | undefined } | null> {
  return (await FeedSource.get({ id }).go({ attributes: ['name', 'isIndian'] })).data ?? null;
}

/** Makes a feed due now without its validators: the next ingest fetches its whole body. */
export async function checkAfresh(feedId: string): Promise<void> {
  await savePollState(feedId, { nextCheckAt: new Date(0).toISOString() }, ['etag', 'lastModified']);
}

/** Every feed (a few dozen), for the console; deleted feeds (tombstones) are left out. */
export async function listFeeds(): Promise<FeedSourceItem[]> {
  return (await listFeedsIncludingRemoved()).filter((feed) => !feed.removedAt);
}

/** Every feed item, tombstones of deleted feeds included (adding a deleted feed's URL revives it). */
export async function listFeedsIncludingRemoved(): Promise<FeedSourceItem[]> {
  const [sources, polls] = await Promise.all([listFeedsIncludingRemovedAsStored(), allPollStates()]);
  return sources.map((feed) => withPollState(feed, polls.get(feed.id)));
}

/** The FeedSource items as stored, without their polling state. */
async function listFeedsIncludingRemovedAsStored(): Promise<FeedSourceItem[]> {
  const { data } = await FeedSource.query.byNextCheck({}).go({ pages: 'all' });
  return data;
}

/**
 * One record per check, keyed by its time: a check that fails after recording its body (or a retried step with
 * the run's same time) replaces its record instead of failing the host's step on the conflict.
 */
export async function recordFeedHealth(check: Omit<FeedHealthItem, 'expiresAt'>): Promise<void> {
  await FeedHealth.put({ ...check, expiresAt: expiresInDays(RETENTION_DAYS.feedHealth) }).go();
}

/** A feed's latest checks, newest first. */
export async function latestFeedHealth(feedId: string, limit = 10): Promise<FeedHealthItem[]> {
  const { data } = await FeedHealth.query.byFeed({ feedId }).go({ order: 'desc', limit });
  return data;
}

/** Bumped when the polling state moves again: a table whose marker is older is migrated once more. */
const POLL_STATE_LAYOUT = 'feed-poll-1';

/**
 * Adds the catalogue's feeds that are not in the table yet; feeds already there keep their state. A
 * routine run reads one marker item (half a unit): the catalogue and the polling-state layout the last
 * run left. Only when either changed does it batch-read the catalogue, add what is missing and give
 * older feeds their FeedPoll item (how a table from before FeedPoll items, local or deployed, migrates).
 */
export async function ensureFeedSources(catalogue: ReadonlyArray<Omit<FeedSourceItem, 'createdAt' | 'updatedAt' | 'nextCheckAt'>>): Promise<number> {
  const catalogueKey = `${POLL_STATE_LAYOUT}:${createHash('sha256').update(catalogue.map(({ id }) => id).sort().join('\n')).digest('hex')}`;
  const { data: marker } = await FeedSchedule.get({ name: 'feeds' }).go();
  if (marker?.catalogueKey === catalogueKey) return 0;
  if (!marker?.catalogueKey.startsWith(`${POLL_STATE_LAYOUT}:`)) await movePollStatesToTheirOwnItems();
  let added = 0;
  if (catalogue.length) {
    const { data: existing } = await FeedSource.get(catalogue.map(({ id }) => ({ id }))).go();
    const known = new Set(existing.map((feed) => feed.id));
    for (const feed of catalogue.filter(({ id }) => !known.has(id))) {
      const nextCheckAt = new Date(0).toISOString();
      try {
        await FeedSource.create({ ...feed, nextCheckAt }).go();
        await FeedPoll.put(pollStateOf({ ...feed, nextCheckAt })).go();
        added += 1;
      } catch (error) {
        // Another run added it in the meantime.
        if (!isConditionalWriteFailure(error)) throw error;
      }
    }
  }
  await FeedSchedule.put({ name: 'feeds', catalogueKey }).go();
  return added;
}

/** A feed with its polling state (two small reads). */
export async function getFeedSource(id: string): Promise<FeedSourceItem | null> {
  const [{ data: feed }, { data: poll }] = await Promise.all([FeedSource.get({ id }).go(), FeedPoll.get({ feedId: id }).go()]);
  return feed && withPollState(feed, poll);
}

/**
 * After a check: validators, failure streak and the next check time, on the small FeedPoll item (one
 * unit); the data-richness figures of a check that read a body go on the FeedSource.
 */
export async function updateFeedAfterCheck(
  feed: Pick<FeedSourceItem, 'id'>,
  changes: Pick<FeedSourceItem, 'nextCheckAt' | 'consecutiveFailures' | 'lastStatus' | 'lastCheckedAt'> & Partial<Pick<FeedSourceItem, 'etag' | 'lastModified' | 'dataRichnessScore' | 'averageImagesPerItem'>>,
): Promise<void> {
  const { dataRichnessScore, averageImagesPerItem, ...poll } = changes;
  await savePollState(feed.id, poll);
  if (dataRichnessScore !== undefined || averageImagesPerItem !== undefined) {
    await FeedSource.patch({ id: feed.id }).set({ ...(dataRichnessScore === undefined ? {} : { dataRichnessScore }), ...(averageImagesPerItem === undefined ? {} : { averageImagesPerItem }) }).go();
  }
}

/** A feed with its latest checks, newest first, as the console shows it. */
export interface FeedWithHealth {
  feed: FeedSourceItem;
  health: FeedHealthItem[];
}

/** Every feed with its latest checks (one Query per feed, a few at a time), richest data first (admin spec). */
export async function listFeedsWithHealth(checks = FEED_HEALTH_SHOWN): Promise<FeedWithHealth[]> {
  const feeds = await listFeeds();
  const limit = pLimit(8);
  const withHealth = await Promise.all(feeds.map((feed) => limit(async () => ({ feed, health: await latestFeedHealth(feed.id, checks) }))));
  return withHealth.sort((a, b) => (b.feed.dataRichnessScore ?? 0) - (a.feed.dataRichnessScore ?? 0) || a.feed.name.localeCompare(b.feed.name));
}
