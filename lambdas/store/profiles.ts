import { createWriteTransaction } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { Counter, COUNTER_SCOPES, counterKey } from './table/counters.ts';
import { expiresInDays, newId } from './table/ids.ts';
import { type NewNotification, Notification } from './notifications.ts';
import { transactWithRetry } from './table/paging.ts';
import { DEFAULT_PREFERENCES, Preferences } from './preferences.ts';
import { Profile, type ProfileItem, type Role } from './profile-entity.ts';

export { Profile, ROLES, type ProfileItem, type Role } from './profile-entity.ts';

/**
 * A confirmed account's records, all or nothing, once: the profile, the user count, the default
 * preferences and the welcome notification. A repeated confirmation event (a retried trigger) finds the
 * profile there and changes nothing. False when the account already had its records.
 */
export async function createAccountRecords(
  input: Pick<ProfileItem, 'userId' | 'email'> & { fullName?: string | undefined; role?: Role },
  welcome: Omit<NewNotification, 'userId'>,
): Promise<boolean> {
  const result = await transactWithRetry(() => createWriteTransaction({ profile: Profile, counter: Counter, preferences: Preferences, notification: Notification }, ({ profile, counter, preferences, notification }) => [
      profile.create({ ...input, fullName: input.fullName ?? '', role: input.role ?? 'user' }).commit(),
      counter.update(counterKey({ scope: COUNTER_SCOPES.users, name: 'total', by: 1 })).add({ value: 1 }).commit(),
      preferences.upsert({ userId: input.userId, ...DEFAULT_PREFERENCES, preferredCategories: [...DEFAULT_PREFERENCES.preferredCategories], preferredRegions: [...DEFAULT_PREFERENCES.preferredRegions] }).commit(),
      notification.create({ ...welcome, userId: input.userId, id: newId(), expiresAt: expiresInDays(RETENTION_DAYS.notification) }).commit(),
    ])
    .go(), `Creating the account records of ${input.userId}`);
  return !result.canceled;
}

export async function updateProfileName(userId: string, fullName: string): Promise<ProfileItem | null> {
  try {
    const { data } = await Profile.patch({ userId }).set({ fullName }).go({ response: 'all_new' });
    return data as ProfileItem;
  } catch (error) {
    if (error instanceof Error && /conditional/i.test(error.message)) return null;
    throw error;
  }
}

export async function getProfile(userId: string): Promise<ProfileItem | null> {
  return (await Profile.get({ userId }).go()).data;
}

/** Mirrors a Cognito group change on the profile (the role index needs the join time to re-key). */
export async function setProfileRole(profile: ProfileItem, role: Role): Promise<void> {
  await Profile.patch({ userId: profile.userId }).set({ role }).composite({ createdAt: profile.createdAt }).go();
}

/** Records the suspension on the profile (the Cognito account is what stops the sign-in). */
export async function setProfileSuspended(userId: string, suspended: boolean): Promise<void> {
  const update = Profile.patch({ userId });
  await (suspended ? update.set({ suspended: true, suspendedAt: new Date().toISOString() }) : update.set({ suspended: false }).remove(['suspendedAt'])).go();
}

/** The admin's edit of a profile; returns the profile after it. */
export async function updateProfileDetails(userId: string, changes: { fullName?: string | undefined; email?: string | undefined }): Promise<ProfileItem> {
  const set: { fullName?: string; email?: string } = {};
  if (changes.fullName !== undefined) set.fullName = changes.fullName;
  if (changes.email !== undefined) set.email = changes.email;
  const { data } = await Profile.patch({ userId }).set(set).go({ response: 'all_new' });
  return data as ProfileItem;
}
