import type { EntityItem } from 'electrodb';
import { COUNTER_SCOPES, counterKey } from './counters.ts';
import { Profile, store } from './entities.ts';
import { queryPage, transactWithRetry, type Page, type PageOptions } from './paging.ts';

export type ProfileItem = EntityItem<typeof Profile>;
export type Role = ProfileItem['role'];

/** Creates the profile on first sign-in and counts the user, once; later calls change nothing. */
export async function ensureProfile(input: Pick<ProfileItem, 'userId' | 'email'> & { fullName?: string }): Promise<boolean> {
  const result = await transactWithRetry(() => store.transaction
    .write(({ profile, counter }) => [
      profile.create({ ...input, role: 'user' }).commit(),
      counter.update(counterKey({ scope: COUNTER_SCOPES.users, name: 'total', by: 1 })).add({ value: 1 }).commit(),
    ])
    .go(), `Creating profile ${input.userId}`);
  return !result.canceled;
}

export async function getProfile(userId: string): Promise<ProfileItem | null> {
  return (await Profile.get({ userId }).go()).data;
}

/** All profiles, newest first (user management). */
export function listProfiles(options: PageOptions = {}): Promise<Page<ProfileItem>> {
  return queryPage(() => Profile.query.byJoined({}).go({ order: 'desc', limit: options.limit ?? 25, cursor: options.cursor ?? null }));
}

/** Profiles of one role, newest first (the Admins tab). */
export function listProfilesByRole(role: Role, options: PageOptions = {}): Promise<Page<ProfileItem>> {
  return queryPage(() => Profile.query.byRole({ role }).go({ order: 'desc', limit: options.limit ?? 25, cursor: options.cursor ?? null }));
}

/** Mirrors a Cognito group change on the profile (the role index needs the join time to re-key). */
export async function setProfileRole(profile: ProfileItem, role: Role): Promise<void> {
  await Profile.patch({ userId: profile.userId }).set({ role }).composite({ createdAt: profile.createdAt }).go();
}
