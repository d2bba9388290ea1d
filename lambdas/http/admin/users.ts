import * as z from '#domain/common/validation.ts';
import { USER_TABS } from '#domain/operations/user-admin.ts';
import { ROLES, type ProfileItem } from '#store/profiles.ts';
import { listUsersForConsole } from '#store/read-models/user-admin.ts';
import { signedInCaller } from '#platform/auth.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, limitParam, route } from '#platform/router.ts';
import { changeUserRole, enableAccount, messageUser, suspendAccount, updateUserDetails } from '../../services/user-admin.ts';

/** User management (admin spec: user management, sections 5, 6, 8 and 9); the use cases are services/user-admin.ts. */

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
    const { profile, emailChanged } = await updateUserDetails(signedInCaller(caller), params.userId, body);
    return { ...toUser(profile), emailVerified: emailChanged ? false : undefined };
  },
);

/** Change User Role: Cognito groups, then the profile's mirror; never an admin's own admin role. */
const changeRole = route({ params, body: z.object({ role: z.enum(ROLES) }) }, async ({ params, body, caller }) => ({
  ...toUser(await changeUserRole(signedInCaller(caller), params.userId, body.role)),
}));

/** Send Message to User: a notification titled Message from Admin, which the reader's notifications show live. */
const sendMessage = route({ params, body: z.object({ message: z.string().check(z.trim(), z.minLength(1, 'Write a message'), z.maxLength(2000)) }) }, async ({ params, body, caller }) => {
  const notification = await messageUser(signedInCaller(caller), params.userId, body.message);
  return { id: notification.id, title: notification.title };
});

/** Suspend: the account is disabled and signed out everywhere, the user is told, the profile records it. */
const suspendUser = route({ params, body: z._default(z.object({ reason: z.optional(z.string().check(z.trim(), z.maxLength(500))) }), {}) }, async ({ params, body, caller }) => ({
  ...toUser(await suspendAccount(signedInCaller(caller), params.userId, body.reason)),
}));

/** Enable: the account signs in again. */
const unsuspendUser = route({ params }, async ({ params, caller }) => ({ ...toUser(await enableAccount(signedInCaller(caller), params.userId)) }));

export const userRoutes = {
  'GET /admin/users': listUsers,
  'PUT /admin/users/{userId}': updateUser,
  'PUT /admin/users/{userId}/role': changeRole,
  'POST /admin/users/{userId}/messages': sendMessage,
  'POST /admin/users/{userId}/suspension': suspendUser,
  'DELETE /admin/users/{userId}/suspension': unsuspendUser,
};
