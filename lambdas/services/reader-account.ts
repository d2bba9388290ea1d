import { deleteCognitoUser } from '#adapters/cognito.ts';
import type { Caller } from '#domain/common/caller.ts';
import { WELCOME_NOTIFICATION } from '#domain/reader/notifications.ts';
import { deleteUserData } from '#store/accounts.ts';
import { createAccountRecords, getProfile, updateProfileName, type ProfileItem } from '#store/profiles.ts';

/**
 * A reader's own account: its profile (made here when the sign-up trigger did not make it), its name, and
 * deleting it. http/me/profile.ts takes the reader from the token and answers.
 */

/**
 * The reader's profile. Accounts confirmed through sign-up got theirs from the confirmation trigger; an
 * account made another way (by an administrator, before the trigger existed) gets the same records here.
 */
export async function ensureProfile(caller: Caller): Promise<ProfileItem> {
  const existing = await getProfile(caller.userId);
  if (existing) return existing;
  await createAccountRecords({ userId: caller.userId, email: caller.email ?? '', fullName: caller.name }, WELCOME_NOTIFICATION);
  return (await getProfile(caller.userId)) as ProfileItem;
}

export async function renameProfile(caller: Caller, fullName: string): Promise<ProfileItem> {
  await ensureProfile(caller);
  return (await updateProfileName(caller.userId, fullName)) ?? (await ensureProfile(caller));
}

/**
 * "Delete my account": the reader's items first (a retry after a partial failure finds less to do), then the
 * Cognito user, so no signed-in account is ever left without its data being removable.
 */
export async function deleteAccount(caller: Caller): Promise<void> {
  await deleteUserData(caller.userId);
  await deleteCognitoUser(caller.username);
}
