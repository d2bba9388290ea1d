import type { UserTab } from '#domain/operations/user-admin.ts';
import { adminDelete, adminGet, adminPost, adminPut, type ApiAnswer } from '../../shell/api.ts';

/** Admin spec "Profile" as GET /admin/users answers it. */
export type UserPage = ApiAnswer<'GET /admin/users'>;
export type UserRow = UserPage['items'][number];
export type UserRole = UserRow['role'];

export const USERS_PAGE_SIZE = 25;

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

export const fetchUsers = (tab: UserTab, search: string, cursor?: string) =>
  adminGet<UserPage>('/admin/users', { tab, search: search || undefined, cursor, limit: USERS_PAGE_SIZE });
export const updateUser = (userId: string, changes: { fullName?: string; email?: string }) => adminPut<ApiAnswer<'PUT /admin/users/{userId}'>>(userPath(userId), changes);
export const changeRole = (userId: string, role: UserRole) => adminPut<ApiAnswer<'PUT /admin/users/{userId}/role'>>(`${userPath(userId)}/role`, { role });
export const sendMessage = (userId: string, message: string) => adminPost<ApiAnswer<'POST /admin/users/{userId}/messages'>>(`${userPath(userId)}/messages`, { message });
export const suspendUser = (userId: string, reason: string) => adminPost<ApiAnswer<'POST /admin/users/{userId}/suspension'>>(`${userPath(userId)}/suspension`, reason ? { reason } : {});
export const enableUser = (userId: string) => adminDelete<ApiAnswer<'DELETE /admin/users/{userId}/suspension'>>(`${userPath(userId)}/suspension`);
