import { createWriteTransaction, Entity, type EntityItem } from 'electrodb';
import { CategoryFollower, followedCategories } from './category-followers.ts';
import { transactWithRetry } from './table/paging.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/** A reader's preferences: categories, regions, language and the notices they want. */
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

export type PreferencesItem = EntityItem<typeof Preferences>;
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
