import { createWriteTransaction, CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { CATEGORY_SLUGS, type CategorySlug, PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { expiresInDays, newId } from './table/ids.ts';
import { transactWithRetry } from './table/paging.ts';
import { type JsonObject, keep, service, tableConfig, timestamps } from './table/table.ts';

export const Preferences = new Entity({
  model: { entity: 'preferences', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    preferredCategories: { type: 'list', items: { type: 'string' }, default: () => ['all'] },
    preferredRegions: { type: 'list', items: { type: 'string' }, default: () => ['indian'] },
    contentLanguage: { type: 'string', default: 'en' },
    pushNotifications: { type: 'boolean', default: false },
    emailNotifications: { type: 'boolean', default: true },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

/** A reader following a category (from their preferences): who hears of new articles in it. */
export const CategoryFollower = new Entity({
  model: { entity: 'categoryFollower', version: '1', service },
  attributes: {
    category: { type: CATEGORY_SLUGS, required: true },
    userId: { type: 'string', required: true },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byCategory: {
      pk: { field: 'pk', composite: ['category'], casing: keep },
      sk: { field: 'sk', composite: ['userId'], casing: keep },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['category'], casing: keep },
    },
  },
}, tableConfig);

export const Activity = new Entity({
  model: { entity: 'activity', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    actionType: { type: 'string', required: true },
    resourceType: { type: 'string', default: 'article' },
    resourceId: { type: 'string' },
    metadata: { type: CustomAttributeType<JsonObject>('any') },
    createdAt: timestamps.createdAt,
    expiresAt: { type: 'number' },
  },
  indexes: {
    /** A user's activity, newest first (windows of 30 days). */
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['createdAt', 'id'], casing: keep },
    },
  },
}, tableConfig);

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
  await transactWithRetry(() => createWriteTransaction({ preferences: Preferences, categoryFollower: CategoryFollower }, ({ preferences, categoryFollower }) => [
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
