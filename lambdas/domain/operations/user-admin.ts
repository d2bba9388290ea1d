/** User management rules (admin spec: user management, sections 5, 6 and 9). Pure: no AWS. */

export const USER_TABS = ['all', 'active', 'recent', 'admins'] as const;
export type UserTab = (typeof USER_TABS)[number];

/** Section 9: the Recent tab shows users who joined in the last 7 days. */
export const RECENT_USER_DAYS = 7;

export function recentSince(now: Date): string {
  return new Date(now.getTime() - RECENT_USER_DAYS * 24 * 60 * 60 * 1000).toISOString();
}

/** Section 5: the search matches full name or e-mail, case-insensitively (a part of either is enough). */
export function matchesUserSearch(profile: { fullName?: string | undefined; email: string }, search: string | undefined): boolean {
  const needle = search?.trim().toLocaleLowerCase() ?? '';
  if (!needle) return true;
  return (profile.fullName ?? '').toLocaleLowerCase().includes(needle) || profile.email.toLocaleLowerCase().includes(needle);
}

/**
 * "Active" on the Active tab means the account is not suspended: it can sign in. (The product keeps no
 * last-seen time for readers, so "active" says nothing about recent visits.)
 */
export function isActiveUser(profile: { suspended?: boolean | undefined }): boolean {
  return profile.suspended !== true;
}

/** Section 6: the direct message's title and type. */
export const ADMIN_MESSAGE = { title: 'Message from Admin', type: 'admin_message' } as const;

/** Section 6: the suspension notice (type warning): temporarily suspended, contact support. */
export function suspensionNotice(reason?: string): { title: string; type: 'warning'; message: string } {
  const base = 'Your account has been temporarily suspended. Please contact support for more information.';
  return { title: 'Account Suspension Notice', type: 'warning', message: reason ? `${base} Reason: ${reason}` : base };
}

/** An admin who took away their own admin role could lock the console out of its last admin. */
export function isSelfDemotion(callerId: string, targetId: string, newRole: string): boolean {
  return callerId === targetId && newRole !== 'admin';
}
