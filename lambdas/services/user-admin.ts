import { changeEmail, disableUser, enableUser, setRoleGroups } from '#adapters/cognito-users.ts';
import type { Caller, Role } from '#domain/common/caller.ts';
import { ADMIN_MESSAGE, isSelfDemotion, suspensionNotice } from '#domain/operations/user-admin.ts';
import { recordAudit } from '#store/audit.ts';
import { createNotification } from '#store/notifications.ts';
import { getProfile, setProfileRole, type ProfileItem } from '#store/profiles.ts';
import { setProfileSuspended, updateProfileDetails } from '#store/profiles.ts';
import { HttpError, notFound } from '#core/errors.ts';

/**
 * User management's use cases (admin spec: user management, sections 5, 6, 8 and 9): Cognito is the
 * authority (groups, sign-in address, enabled), the profile mirrors it, the user is told, and each change is
 * audited. The admin handler (http/admin/users.ts) validates the input and shapes the user.
 */

async function profileOf(userId: string): Promise<ProfileItem> {
  const profile = await getProfile(userId);
  if (!profile) throw notFound('User not found');
  return profile;
}

/** Edit User Profile: full name and e-mail (the e-mail is also the Cognito sign-in address, then unverified). */
export async function updateUserDetails(who: Caller, userId: string, changes: { fullName?: string | undefined; email?: string | undefined }) {
  const before = await profileOf(userId);
  const emailChanged = changes.email !== undefined && changes.email !== before.email.toLowerCase();
  if (emailChanged) await changeEmail(userId, changes.email!);
  const after = await updateProfileDetails(userId, { fullName: changes.fullName, email: emailChanged ? changes.email : undefined });
  await recordAudit(who, {
    action: 'user.update',
    target: userId,
    before: { fullName: before.fullName, email: before.email },
    after: { fullName: after.fullName, email: after.email },
  });
  return { profile: after, emailChanged };
}

/**
 * Change User Role: Cognito groups (the authority; it takes effect at the user's next token), then the
 * profile's mirror. An admin cannot take away their own admin role.
 */
export async function changeUserRole(who: Caller, userId: string, role: Role): Promise<ProfileItem> {
  if (isSelfDemotion(who.userId, userId, role)) throw new HttpError(409, 'You cannot remove your own admin role');
  const profile = await profileOf(userId);
  const groupsBefore = await setRoleGroups(userId, role);
  await setProfileRole(profile, role);
  await recordAudit(who, { action: 'user.role', target: userId, before: { role: profile.role, groups: groupsBefore }, after: { role } });
  return { ...profile, role };
}

/** Send Message to User: a notification titled Message from Admin, which the reader's notifications show live. */
export async function messageUser(who: Caller, userId: string, message: string) {
  await profileOf(userId);
  const notification = await createNotification({ userId, title: ADMIN_MESSAGE.title, message, type: ADMIN_MESSAGE.type, kind: 'message' });
  await recordAudit(who, { action: 'user.message', target: userId, after: { notificationId: notification.id, message } });
  return notification;
}

/**
 * Suspend: the Cognito account is disabled and signed out everywhere (it cannot sign in or refresh), the
 * user gets the Account Suspension Notice, and the profile records the suspension.
 */
export async function suspendAccount(who: Caller, userId: string, reason: string | undefined): Promise<ProfileItem> {
  if (who.userId === userId) throw new HttpError(409, 'You cannot suspend your own account');
  const profile = await profileOf(userId);
  await disableUser(userId);
  await setProfileSuspended(userId, true);
  await createNotification({ userId, ...suspensionNotice(reason || undefined), kind: 'account' });
  await recordAudit(who, { action: 'user.suspend', target: userId, before: { suspended: profile.suspended === true }, after: { suspended: true, reason: reason ?? null } });
  return { ...profile, suspended: true };
}

/** Enable: the account signs in again. */
export async function enableAccount(who: Caller, userId: string): Promise<ProfileItem> {
  const profile = await profileOf(userId);
  await enableUser(userId);
  await setProfileSuspended(userId, false);
  await recordAudit(who, { action: 'user.enable', target: userId, before: { suspended: profile.suspended === true }, after: { suspended: false } });
  return { ...profile, suspended: false };
}
