import type { EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/retention.ts';
import { Activity, Preferences } from './entities.ts';
import { expiresInDays, newId } from './ids.ts';

export type PreferencesItem = EntityItem<typeof Preferences>;
export type ActivityItem = EntityItem<typeof Activity>;

/** The user's preferences, or the spec's defaults (all categories, Indian market, English) when none are saved. */
export async function getPreferences(userId: string): Promise<PreferencesItem> {
  const { data } = await Preferences.get({ userId }).go();
  if (data) return data;
  const now = new Date().toISOString();
  return { userId, preferredCategories: ['all'], preferredRegions: ['indian'], contentLanguage: 'en', pushNotifications: false, emailNotifications: true, createdAt: now, updatedAt: now };
}

export async function savePreferences(userId: string, changes: Partial<Omit<PreferencesItem, 'userId' | 'createdAt' | 'updatedAt'>>): Promise<void> {
  await Preferences.upsert({ userId, ...changes }).go();
}

export async function recordActivity(input: Pick<ActivityItem, 'userId' | 'actionType'> & Partial<Pick<ActivityItem, 'resourceType' | 'resourceId' | 'metadata'>>): Promise<void> {
  await Activity.create({ ...input, id: newId(), expiresAt: expiresInDays(RETENTION_DAYS.activity) }).go();
}

/** The user's activity since a time, newest first. */
export async function activitySince(userId: string, since: Date, limit = 50): Promise<ActivityItem[]> {
  const { data } = await Activity.query.byUser({ userId }).gte({ createdAt: since.toISOString() }).go({ order: 'desc', limit });
  return data;
}
