/**
 * The console's writes to the feed list: a feed added (one, or many from OPML), changed or removed. The
 * feeds themselves, their polling state and health are feeds.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import pLimit from 'p-limit';
import { FEED_DEFAULT_PRIORITY, feedUrlKey, slugOf } from '#domain/content/feed-sources.ts';
import { FeedPoll, FeedSource, type FeedSourceItem, getFeedSource, listFeeds, listFeedsIncludingRemoved, pollStateOf, savePollState, withPollState } from './feeds.ts';
import { isConditionalWriteFailure } from './table/paging.ts';

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
      const revived = data as FeedSourceItem;
      const poll = await savePollState(existing.id, { url: revived.url, active: revived.active ?? true, priority: revived.priority ?? FEED_DEFAULT_PRIORITY, nextCheckAt, consecutiveFailures: 0 }, ['etag', 'lastModified']);
      return { feed: withPollState(revived, poll), revived: true };
    } catch (error) {
      if (isConditionalWriteFailure(error)) throw new FeedExistsError((await getFeedSource(existing.id)) ?? existing);
      throw error;
    }
  }
  const id = feedIdFor(input.url);
  for (const candidate of [id, `${id}-${randomBytes(3).toString('hex')}`]) {
    try {
      const { data } = await FeedSource.create({ id: candidate, ...fields, nextCheckAt }).go();
      await FeedPoll.put(pollStateOf(data)).go();
      return { feed: data, revived: false };
    } catch (error) {
      if (!isConditionalWriteFailure(error)) throw error;
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
    const changed = data as FeedSourceItem;
    const poll = await savePollState(
      current.id,
      { url: changed.url, active: changed.active ?? true, priority: changed.priority ?? FEED_DEFAULT_PRIORITY, ...(newAddress ? { consecutiveFailures: 0, nextCheckAt: now.toISOString() } : {}) },
      newAddress ? ['etag', 'lastModified'] : [],
    );
    return withPollState(changed, poll);
  } catch (error) {
    if (isConditionalWriteFailure(error)) return null;
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
    await savePollState(id, { active: false });
    return true;
  } catch (error) {
    if (isConditionalWriteFailure(error)) return false;
    throw error;
  }
}

/** A live (not deleted) feed by id. */
export async function getLiveFeedSource(id: string): Promise<FeedSourceItem | null> {
  const feed = await getFeedSource(id);
  return feed && !feed.removedAt ? feed : null;
}
