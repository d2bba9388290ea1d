import type { UserTab } from '#domain/operations/user-admin.ts';
import { adminDelete, adminGet, adminPost, adminPut } from '../../shell/api.ts';

export type UserRole = 'user' | 'moderator' | 'admin';

/** Admin spec "Profile" as GET /admin/users answers it. */
export interface UserRow {
  userId: string;
  fullName: string;
  email: string;
  role: UserRole;
  createdAt: string;
  suspended: boolean;
}

export interface UserPage {
  items: UserRow[];
  cursor: string | null;
}

export const USERS_PAGE_SIZE = 25;

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

export const fetchUsers = (tab: UserTab, search: string, cursor?: string) =>
  adminGet<UserPage>('/admin/users', { tab, search: search || undefined, cursor, limit: USERS_PAGE_SIZE });
export const updateUser = (userId: string, changes: { fullName?: string; email?: string }) => adminPut<UserRow & { emailVerified?: boolean }>(userPath(userId), changes);
export const changeRole = (userId: string, role: UserRole) => adminPut<UserRow>(`${userPath(userId)}/role`, { role });
export const sendMessage = (userId: string, message: string) => adminPost<{ id: string }>(`${userPath(userId)}/messages`, { message });
export const suspendUser = (userId: string, reason: string) => adminPost<UserRow>(`${userPath(userId)}/suspension`, reason ? { reason } : {});
export const enableUser = (userId: string) => adminDelete<UserRow>(`${userPath(userId)}/suspension`);
