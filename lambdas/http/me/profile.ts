import * as z from '#domain/common/validation.ts';
import { fullNameSchema } from '#domain/reader/account.ts';
import { exportUserData } from '#store/accounts.ts';
import type { ProfileItem } from '#store/profiles.ts';
import { deleteAccount, ensureProfile, renameProfile } from '../../services/reader-account.ts';
import { Reply, route } from '#platform/router.ts';
import type { Caller } from '#platform/auth.ts';
import { reader } from './caller.ts';

function profileView(profile: ProfileItem, caller: Caller) {
  return { userId: profile.userId, email: profile.email, fullName: profile.fullName ?? '', role: caller.role, createdAt: profile.createdAt };
}

export const getMe = route({}, async ({ caller }) => {
  const me = reader(caller);
  return profileView(await ensureProfile(me), me);
});

export const updateMe = route({ body: z.object({ fullName: fullNameSchema }) }, async ({ caller, body }) => {
  const me = reader(caller);
  return profileView(await renameProfile(me, body.fullName), me);
});

/** "Download my data": everything the product keeps about the reader, as a JSON file. */
export const exportMe = route({}, async ({ caller }) => {
  const me = reader(caller);
  const data = { exportedAt: new Date().toISOString(), account: { userId: me.userId, email: me.email ?? null, name: me.name ?? null }, ...(await exportUserData(me.userId)) };
  const day = data.exportedAt.slice(0, 10);
  return new Reply(200, data, { 'content-disposition': `attachment; filename="creator-news-hub-data-${day}.json"` });
});

/** "Delete my account": the reader's items, then the Cognito user (services/reader-account.ts). */
export const deleteMe = route({}, async ({ caller }) => {
  await deleteAccount(reader(caller));
  return new Reply(200, { deleted: true });
});
