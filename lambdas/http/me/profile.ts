import * as z from '#domain/common/validation.ts';
import { fullNameSchema } from '#domain/reader/account.ts';
import { WELCOME_NOTIFICATION } from '#domain/reader/notifications.ts';
import { deleteCognitoUser } from '#adapters/cognito.ts';
import { deleteUserData, exportUserData } from '#store/accounts.ts';
import { createAccountRecords, getProfile, updateProfileName, type ProfileItem } from '#store/profiles.ts';
import { Reply, route } from '#platform/router.ts';
import type { Caller } from '#platform/auth.ts';
import { reader } from './caller.ts';

function profileView(profile: ProfileItem, caller: Caller) {
  return { userId: profile.userId, email: profile.email, fullName: profile.fullName ?? '', role: caller.role, createdAt: profile.createdAt };
}

/**
 * The reader's profile. Accounts confirmed through sign-up got theirs from the confirmation trigger; an
 * account made another way (by an administrator, before the trigger existed) gets the same records here.
 */
async function ensureProfile(caller: Caller): Promise<ProfileItem> {
  const existing = await getProfile(caller.userId);
  if (existing) return existing;
  await createAccountRecords({ userId: caller.userId, email: caller.email ?? '', fullName: caller.name }, WELCOME_NOTIFICATION);
  return (await getProfile(caller.userId)) as ProfileItem;
}

export const getMe = route({}, async ({ caller }) => {
  const me = reader(caller);
  return profileView(await ensureProfile(me), me);
});

export const updateMe = route({ body: z.object({ fullName: fullNameSchema }) }, async ({ caller, body }) => {
  const me = reader(caller);
  await ensureProfile(me);
  const updated = await updateProfileName(me.userId, body.fullName);
  return profileView(updated ?? (await ensureProfile(me)), me);
});

/** "Download my data": everything the product keeps about the reader, as a JSON file. */
export const exportMe = route({}, async ({ caller }) => {
  const me = reader(caller);
  const data = { exportedAt: new Date().toISOString(), account: { userId: me.userId, email: me.email ?? null, name: me.name ?? null }, ...(await exportUserData(me.userId)) };
  const day = data.exportedAt.slice(0, 10);
  return new Reply(200, data, { 'content-disposition': `attachment; filename="creator-news-hub-data-${day}.json"` });
});

/**
 * "Delete my account": the reader's items first (a retry after a partial failure finds less to do), then the
 * Cognito user, so no signed-in account is ever left without its data being removable.
 */
export const deleteMe = route({}, async ({ caller }) => {
  const me = reader(caller);
  await deleteUserData(me.userId);
  await deleteCognitoUser(me.username);
  return new Reply(200, { deleted: true });
});
