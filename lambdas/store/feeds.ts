import type { EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/retention.ts';
import { FeedHealth, FeedSource } from './entities.ts';
import { expiresInDays } from './ids.ts';

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

/** Every feed (a few dozen), for the console. */
export async function listFeeds(): Promise<FeedSourceItem[]> {
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
