import { createHash, randomBytes } from 'node:crypto';
import { Entity, type EntityItem } from 'electrodb';
import pLimit from 'p-limit';
import { FEED_DEFAULT_PRIORITY, FEED_HEALTH_SHOWN, feedUrlKey, slugOf } from '#domain/content/feed-sources.ts';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { expiresInDays } from './ids.ts';
import { keep, now, service, tableConfig, timestamps } from './table.ts';

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

export type FeedSourceItem = EntityItem<typeof FeedSource>;
export type FeedHealthItem = EntityItem<typeof FeedHealth>;

export async function putFeedSource(feed: Omit<FeedSourceItem, 'createdAt' | 'updatedAt' | 'nextCheckAt'> & { nextCheckAt?: string }): Promise<void> {
  await FeedSource.upsert({ ...feed, nextCheckAt: feed.nextCheckAt ?? new Date().toISOString() }).go();
}

/** Active feeds whose next check time has come, the most overdue first. */
export async function listDueFeeds(now = new Date()): Promise<FeedSourceItem[]> {
  const { data } = await FeedSource.query
    .byNextCheck({})
    .lte({ nextCheckAt: now.toISOString() })
    .where(({ active }, { eq }) => eq(active, true))
    .go({ pages: 'all' });
  return data;
}

/** Every feed (a few dozen), for the console; deleted feeds (tombstones) are left out. */
export async function listFeeds(): Promise<FeedSourceItem[]> {
  return (await listFeedsIncludingRemoved()).filter((feed) => !feed.removedAt);
}

/** Every feed item, tombstones of deleted feeds included (adding a deleted feed's URL revives it). */
async function listFeedsIncludingRemoved(): Promise<FeedSourceItem[]> {
  const { data } = await FeedSource.query.byNextCheck({}).go({ pages: 'all' });
  return data;
}

export async function recordFeedHealth(check: Omit<FeedHealthItem, 'expiresAt'>): Promise<void> {
  await FeedHealth.create({ ...check, expiresAt: expiresInDays(RETENTION_DAYS.feedHealth) }).go();
}

/** A feed's latest checks, newest first. */
export async function latestFeedHealth(feedId: string, limit = 10): Promise<FeedHealthItem[]> {
  const { data } = await FeedHealth.query.byFeed({ feedId }).go({ order: 'desc', limit });
  return data;
}

/**
 * Adds the catalogue's feeds that are not in the table yet; feeds already there keep their state.
 * One batch read finds the missing ones, so a routine run writes nothing.
 */
export async function ensureFeedSources(catalogue: ReadonlyArray<Omit<FeedSourceItem, 'createdAt' | 'updatedAt' | 'nextCheckAt'>>): Promise<number> {
  if (!catalogue.length) return 0;
  const { data: existing } = await FeedSource.get(catalogue.map(({ id }) => ({ id }))).go();
  const known = new Set(existing.map((feed) => feed.id));
  let added = 0;
  for (const feed of catalogue.filter(({ id }) => !known.has(id))) {
    try {
      await FeedSource.create({ ...feed, nextCheckAt: new Date(0).toISOString() }).go();
      added += 1;
    } catch (error) {
      // Another run added it in the meantime.
      if (!(error instanceof Error && /conditional/i.test(error.message))) throw error;
    }
  }
  return added;
}

export async function getFeedSource(id: string): Promise<FeedSourceItem | null> {
  return (await FeedSource.get({ id }).go()).data;
}

/** After a check: validators, failure streak and the next check time. */
export async function updateFeedAfterCheck(
  feed: FeedSourceItem,
  changes: Pick<FeedSourceItem, 'nextCheckAt' | 'consecutiveFailures' | 'lastStatus' | 'lastCheckedAt'> & Partial<Pick<FeedSourceItem, 'etag' | 'lastModified' | 'dataRichnessScore' | 'averageImagesPerItem'>>,
): Promise<void> {
  await FeedSource.patch({ id: feed.id }).set(changes).go();
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

/** The feed (not deleted) whose address is the same feed as `url`, if any. */
export async function findFeedByUrl(url: string, options: { includeRemoved?: boolean } = {}): Promise<FeedSourceItem | null> {
  const key = feedUrlKey(url);
  const feeds = options.includeRemoved ? await listFeedsIncludingRemoved() : await listFeeds();
  // A live feed wins over a tombstone of the same address.
  const matches = feeds.filter((feed) => feedUrlKey(feed.url) === key);
  return matches.find((feed) => !feed.removedAt) ?? matches[0] ?? null;
}

/** A feed added by an admin is named after its address: the same URL always makes the same id. */
function feedIdFor(url: string): string {
  const hash = createHash('sha256').update(feedUrlKey(url)).digest('hex').slice(0, 8);
  return `${slugOf(new URL(url).hostname.replace(/^www\./, ''), 40) || 'feed'}-${hash}`;
}

/** An admin's feed: what the console form and OPML import give. */
export type NewFeedSource = Pick<FeedSourceItem, 'name' | 'url'> & Partial<Pick<FeedSourceItem, 'priority' | 'isIndian' | 'active' | 'specialization' | 'supportsMedia' | 'contentTypes'>>;

/** Another feed already has this address (`existing` is it). */
export class FeedExistsError extends Error {
  constructor(readonly existing: FeedSourceItem) {
    super(`A feed with this URL already exists: ${existing.name}`);
    this.name = 'FeedExistsError';
  }
}

/**
 * Adds a feed, due at once (the next ingest fetches it). A deleted feed with the same address is
 * revived under its old id (its health history and articles point there). Throws FeedExistsError when a
 * live feed has the address, also when two admins add it at the same moment.
 */
export async function addFeedSource(input: NewFeedSource, now = new Date()): Promise<{ feed: FeedSourceItem; revived: boolean }> {
  return addOne(input, await findFeedByUrl(input.url, { includeRemoved: true }), now);
}

export interface BulkAddResult {
  added: FeedSourceItem[];
  /** Feeds whose address is already in the list (or twice in the input). */
  skipped: NewFeedSource[];
}

/** Adds the feeds whose address is not in the list yet (OPML import): one Query for the list, a few writes at a time. */
export async function addFeedSources(inputs: readonly NewFeedSource[], now = new Date()): Promise<BulkAddResult> {
  const all = await listFeedsIncludingRemoved();
  const byKey = new Map<string, FeedSourceItem>();
  for (const feed of all) {
    const key = feedUrlKey(feed.url);
    if (!byKey.has(key) || !feed.removedAt) byKey.set(key, feed);
  }
  const seen = new Set<string>();
  const skipped: NewFeedSource[] = [];
  const toAdd: Array<{ input: NewFeedSource; existing: FeedSourceItem | null }> = [];
  for (const input of inputs) {
    const key = feedUrlKey(input.url);
    const existing = byKey.get(key) ?? null;
    if (seen.has(key) || (existing && !existing.removedAt)) skipped.push(input);
    else toAdd.push({ input, existing });
    seen.add(key);
  }
  const limit = pLimit(8);
  const outcomes = await Promise.all(
    toAdd.map(({ input, existing }) =>
      limit(async () => {
        try {
          return (await addOne(input, existing, now)).feed;
        } catch (error) {
          if (error instanceof FeedExistsError) {
            skipped.push(input);
            return null;
          }
          throw error;
        }
      }),
    ),
  );
  return { added: outcomes.filter((feed) => feed !== null), skipped };
}

async function addOne(input: NewFeedSource, existing: FeedSourceItem | null, now: Date): Promise<{ feed: FeedSourceItem; revived: boolean }> {
  if (existing && !existing.removedAt) throw new FeedExistsError(existing);
  const nextCheckAt = now.toISOString();
  const fields = {
    name: input.name,
    url: input.url,
    priority: input.priority ?? FEED_DEFAULT_PRIORITY,
    isIndian: input.isIndian ?? false,
    active: input.active ?? true,
    consecutiveFailures: 0,
    ...(input.specialization ? { specialization: input.specialization } : {}),
    ...(input.supportsMedia === undefined ? {} : { supportsMedia: input.supportsMedia }),
    ...(input.contentTypes ? { contentTypes: input.contentTypes } : {}),
  };
  if (existing) {
    try {
      const { data } = await FeedSource.patch({ id: existing.id })
        .set({ ...fields, nextCheckAt })
        .remove(['removedAt', 'etag', 'lastModified'])
        .where(({ removedAt }, { exists }) => exists(removedAt))
        .go({ response: 'all_new' });
      return { feed: data as FeedSourceItem, revived: true };
    } catch (error) {
      if (isConditionFailure(error)) throw new FeedExistsError((await getFeedSource(existing.id)) ?? existing);
      throw error;
    }
  }
  const id = feedIdFor(input.url);
  for (const candidate of [id, `${id}-${randomBytes(3).toString('hex')}`]) {
    try {
      const { data } = await FeedSource.create({ id: candidate, ...fields, nextCheckAt }).go();
      return { feed: data, revived: false };
    } catch (error) {
      if (!isConditionFailure(error)) throw error;
      const taken = await getFeedSource(candidate);
      // Another admin added this address at the same moment.
      if (taken && !taken.removedAt && feedUrlKey(taken.url) === feedUrlKey(input.url)) throw new FeedExistsError(taken);
      // Otherwise the id belongs to a feed whose address was edited since: take another.
    }
  }
  throw new Error(`Could not find a free id for feed ${input.url}`);
}

/** What an admin may change on a feed. */
export type FeedChanges = Partial<Pick<FeedSourceItem, 'name' | 'url' | 'priority' | 'isIndian' | 'active' | 'specialization'>>;

/**
 * Changes a live feed. A new address starts afresh: no validators, no failure streak, due at once.
 * Returns null when the feed does not exist or was deleted.
 */
export async function changeFeedSource(current: FeedSourceItem, changes: FeedChanges, now = new Date()): Promise<FeedSourceItem | null> {
  const newAddress = changes.url !== undefined && changes.url !== current.url;
  const set = {
    ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)),
    ...(newAddress ? { consecutiveFailures: 0, nextCheckAt: now.toISOString() } : {}),
  };
  try {
    const patch = FeedSource.patch({ id: current.id }).set(set);
    const { data } = await (newAddress ? patch.remove(['etag', 'lastModified']) : patch)
      .where(({ removedAt }, { notExists }) => notExists(removedAt))
      .go({ response: 'all_new' });
    return data as FeedSourceItem;
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/**
 * Deletes a feed from the console: it stops being fetched and listed. The item stays as a tombstone
 * so the catalogue seeding (ensureFeedSources) does not bring a deleted catalogue feed back; articles
 * it brought stay. Returns false when there was no live feed.
 */
export async function removeFeedSource(id: string, now = new Date()): Promise<boolean> {
  try {
    await FeedSource.patch({ id })
      .set({ active: false, removedAt: now.toISOString() })
      .where(({ removedAt }, { notExists }) => notExists(removedAt))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A live (not deleted) feed by id. */
export async function getLiveFeedSource(id: string): Promise<FeedSourceItem | null> {
  const feed = await getFeedSource(id);
  return feed && !feed.removedAt ? feed : null;
}

function isConditionFailure(error: unknown): boolean {
  return error instanceof Error && /conditional/i.test(error.message);
}
