import * as z from '#domain/common/validation.ts';
import { ADMIN_MESSAGE, isSelfDemotion, suspensionNotice, USER_TABS } from '#domain/operations/user-admin.ts';
import { changeEmail, disableUser, enableUser, setRoleGroups } from '#adapters/cognito-users.ts';
import { ROLES } from '#store/profiles.ts';
import { recordAudit } from '#store/audit.ts';
import { createNotification } from '#store/notifications.ts';
import { getProfile, setProfileRole, type ProfileItem } from '#store/profiles.ts';
import { listUsersForConsole } from '#store/read-models/user-admin.ts';
import { setProfileSuspended, updateProfileDetails } from '#store/profiles.ts';
import { signedInCaller } from '#platform/auth.ts';
import { HttpError, notFound } from '#core/errors.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, limitParam, route } from '#platform/router.ts';

/** User management (admin spec: user management, sections 5, 6, 8 and 9). */

/** Admin spec "Profile": what the console shows of a user. */
function toUser(profile: ProfileItem) {
  return {
    userId: profile.userId,
    fullName: profile.fullName ?? '',
    email: profile.email,
    role: profile.role,
    createdAt: profile.createdAt,
    suspended: profile.suspended === true,
  };
}

const params = z.object({ userId: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)) });

async function profileOf(userId: string): Promise<ProfileItem> {
  const profile = await getProfile(userId);
  if (!profile) throw notFound('User not found');
  return profile;
}

/**
 * Tabs: all; active (not suspended: the account can sign in); recent (joined in the last 7 days); admins
 * (admins and moderators, each with their role). Search: full name or e-mail, case-insensitive.
 */
const listUsers = route(
  { query: z.object({ tab: z._default(z.enum(USER_TABS), 'all'), search: z.optional(z.string().check(z.trim(), z.maxLength(200))), limit: limitParam(100, 25), cursor: cursorParam }) },
  async ({ query }) => {
    const scope = cursorScope('users', { tab: query.tab, search: query.search });
    const page = await listUsersForConsole({ tab: query.tab, search: query.search, limit: query.limit, cursor: await openCursor(scope, query.cursor) });
    return { items: page.items.map(toUser), cursor: await sealCursor(scope, page.cursor) };
  },
);

/** Edit User Profile: full name and e-mail (the e-mail is also the Cognito sign-in address, then unverified). */
const updateUser = route(
  {
    params,
    body: z.object({ fullName: z.optional(z.string().check(z.trim(), z.maxLength(200))), email: z.optional(z.pipe(z.string().check(z.trim(), z.toLowerCase()), z.email('Enter a valid e-mail address')).check(z.maxLength(254))) }).check(z.refine((body) => body.fullName !== undefined || body.email !== undefined, { message: 'Give a full name or an e-mail address to change' })),
  },
  async ({ params, body, caller }) => {
    const who = signedInCaller(caller);
    const before = await profileOf(params.userId);
    const emailChanged = body.email !== undefined && body.email !== before.email.toLowerCase();
    if (emailChanged) await changeEmail(params.userId, body.email!);
    const after = await updateProfileDetails(params.userId, { fullName: body.fullName, email: emailChanged ? body.email : undefined });
    await recordAudit(who, {
      action: 'user.update',
      target: params.userId,
      before: { fullName: before.fullName, email: before.email },
      after: { fullName: after.fullName, email: after.email },
    });
    return { ...toUser(after), emailVerified: emailChanged ? false : undefined };
  },
);

/**
 * Change User Role: Cognito groups (the authority; it takes effect at the user's next token), then the
 * profile's mirror. An admin cannot take away their own admin role.
 */
const changeRole = route({ params, body: z.object({ role: z.enum(ROLES) }) }, async ({ params, body, caller }) => {
  const who = signedInCaller(caller);
  if (isSelfDemotion(who.userId, params.userId, body.role)) throw new HttpError(409, 'You cannot remove your own admin role');
  const profile = await profileOf(params.userId);
  const groupsBefore = await setRoleGroups(params.userId, body.role);
  await setProfileRole(profile, body.role);
  await recordAudit(who, { action: 'user.role', target: params.userId, before: { role: profile.role, groups: groupsBefore }, after: { role: body.role } });
  return { ...toUser({ ...profile, role: body.role }) };
});

/** Send Message to User: a notification titled Message from Admin, which the reader's notifications show live. */
const sendMessage = route({ params, body: z.object({ message: z.string().check(z.trim(), z.minLength(1, 'Write a message'), z.maxLength(2000)) }) }, async ({ params, body, caller }) => {
  const who = signedInCaller(caller);
  await profileOf(params.userId);
  const notification = await createNotification({ userId: params.userId, title: ADMIN_MESSAGE.title, message: body.message, type: ADMIN_MESSAGE.type });
  await recordAudit(who, { action: 'user.message', target: params.userId, after: { notificationId: notification.id, message: body.message } });
  return { id: notification.id, title: notification.title };
});

/**
 * Suspend: the Cognito account is disabled and signed out everywhere (it cannot sign in or refresh), the
 * user gets the Account Suspension Notice, and the profile records the suspension.
 */
const suspendUser = route({ params, body: z._default(z.object({ reason: z.optional(z.string().check(z.trim(), z.maxLength(500))) }), {}) }, async ({ params, body, caller }) => {
  const who = signedInCaller(caller);
  if (who.userId === params.userId) throw new HttpError(409, 'You cannot suspend your own account');
  const profile = await profileOf(params.userId);
  await disableUser(params.userId);
  await setProfileSuspended(params.userId, true);
  await createNotification({ userId: params.userId, ...suspensionNotice(body.reason || undefined) });
  await recordAudit(who, { action: 'user.suspend', target: params.userId, before: { suspended: profile.suspended === true }, after: { suspended: true, reason: body.reason ?? null } });
  return { ...toUser({ ...profile, suspended: true }) };
});

/** Enable: the account signs in again. */
const unsuspendUser = route({ params }, async ({ params, caller }) => {
  const who = signedInCaller(caller);
  const profile = await profileOf(params.userId);
  await enableUser(params.userId);
  await setProfileSuspended(params.userId, false);
  await recordAudit(who, { action: 'user.enable', target: params.userId, before: { suspended: profile.suspended === true }, after: { suspended: false } });
  return { ...toUser({ ...profile, suspended: false }) };
});

export const userRoutes = {
  'GET /admin/users': listUsers,
  'PUT /admin/users/{userId}': updateUser,
  'PUT /admin/users/{userId}/role': changeRole,
  'POST /admin/users/{userId}/messages': sendMessage,
  'POST /admin/users/{userId}/suspension': suspendUser,
  'DELETE /admin/users/{userId}/suspension': unsuspendUser,
};
