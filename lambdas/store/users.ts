import type { EntityItem } from 'electrodb';
import { PUBLIC_CATEGORY_SLUGS, type CategorySlug } from '#domain/content/categories.ts';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { Activity, CategoryFollower, Preferences, store } from './entities.ts';
import { expiresInDays, newId } from './ids.ts';
import { transactWithRetry } from './paging.ts';

export type PreferencesItem = EntityItem<typeof Preferences>;
export type ActivityItem = EntityItem<typeof Activity>;
export type PreferenceChanges = Partial<Omit<PreferencesItem, 'userId' | 'createdAt' | 'updatedAt'>>;

/** The spec's defaults (reader spec section 3): all categories, the Indian market, English, e-mail on. */
export const DEFAULT_PREFERENCES = {
  preferredCategories: ['all'],
  preferredRegions: ['indian'],
  contentLanguage: 'en',
  pushNotifications: false,
  emailNotifications: true,
} as const;

/** The user's preferences, or the defaults when none are saved. */
export async function getPreferences(userId: string): Promise<PreferencesItem> {
  const { data } = await Preferences.get({ userId }).go();
  if (data) return data;
  const now = new Date().toISOString();
  return { userId, ...DEFAULT_PREFERENCES, preferredCategories: [...DEFAULT_PREFERENCES.preferredCategories], preferredRegions: [...DEFAULT_PREFERENCES.preferredRegions], createdAt: now, updatedAt: now };
}

/** The categories a reader follows explicitly ("all" follows none in particular). */
export function followedCategories(preferredCategories: readonly string[]): CategorySlug[] {
  if (preferredCategories.includes('all')) return [];
  return PUBLIC_CATEGORY_SLUGS.filter((slug) => preferredCategories.includes(slug));
}

/**
 * Saves preferences and, in the same transaction, the reader's category-follower records, so the
 * notifications of new articles always follow the saved choice.
 */
export async function savePreferences(userId: string, changes: PreferenceChanges): Promise<PreferencesItem> {
  const before = await getPreferences(userId);
  const after = { ...before, ...changes };
  const was = new Set(followedCategories(before.preferredCategories ?? []));
  const now = new Set(followedCategories(after.preferredCategories ?? []));
  await transactWithRetry(() => store.transaction
    .write(({ preferences, categoryFollower }) => [
      preferences.upsert({ userId, ...changes }).commit(),
      ...[...now].filter((category) => !was.has(category)).map((category) => categoryFollower.put({ category, userId }).commit()),
      ...[...was].filter((category) => !now.has(category)).map((category) => categoryFollower.delete({ category, userId }).commit()),
    ])
    .go(), `Saving preferences of ${userId}`);
  return getPreferences(userId);
}

/** Readers following a category, page by page. */
export async function followersOf(category: CategorySlug): Promise<string[]> {
  const { data } = await CategoryFollower.query.byCategory({ category }).go({ pages: 'all' });
  return data.map((item) => item.userId);
}

export async function recordActivity(input: Pick<ActivityItem, 'userId' | 'actionType'> & Partial<Pick<ActivityItem, 'resourceType' | 'resourceId' | 'metadata'>>): Promise<void> {
  await Activity.create({ ...input, id: newId(), expiresAt: expiresInDays(RETENTION_DAYS.activity) }).go();
}

/** The user's activity since a time, newest first. */
export async function activitySince(userId: string, since: Date, limit = 50): Promise<ActivityItem[]> {
  // Bounded above as well: a bare `>=` would read the partition's other entities (they sort above) first.
  const { data } = await Activity.query.byUser({ userId }).between({ createdAt: since.toISOString() }, { createdAt: '9999' }).go({ order: 'desc', limit });
  return data;
}
