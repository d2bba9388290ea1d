import type { UserTab } from '#domain/operations/user-admin.ts';
import { adminCall, adminGet, type ApiAnswer } from '../../shell/api.ts';

/** Admin spec "Profile" as GET /admin/users answers it. */
export type UserPage = ApiAnswer<'GET /admin/users'>;
export type UserRow = UserPage['items'][number];
export type UserRole = UserRow['role'];

export const USERS_PAGE_SIZE = 25;

const userPath = (userId: string) => `/admin/users/${encodeURIComponent(userId)}`;

export const fetchUsers = (tab: UserTab, search: string, cursor?: string) =>
  adminGet<UserPage>('/admin/users', { tab, search: search || undefined, cursor, limit: USERS_PAGE_SIZE });
export const updateUser = (userId: string, changes: { fullName?: string; email?: string }, idempotencyKey?: string) =>
  adminCall<ApiAnswer<'PUT /admin/users/{userId}'>>('PUT', userPath(userId), { body: changes, idempotencyKey });
export const changeRole = (userId: string, role: UserRole, idempotencyKey?: string) =>
  adminCall<ApiAnswer<'PUT /admin/users/{userId}/role'>>('PUT', `${userPath(userId)}/role`, { body: { role }, idempotencyKey });
export const sendMessage = (userId: string, message: string, idempotencyKey?: string) =>
  adminCall<ApiAnswer<'POST /admin/users/{userId}/messages'>>('POST', `${userPath(userId)}/messages`, { body: { message }, idempotencyKey });
export const suspendUser = (userId: string, reason: string, idempotencyKey?: string) =>
  adminCall<ApiAnswer<'POST /admin/users/{userId}/suspension'>>('POST', `${userPath(userId)}/suspension`, { body: reason ? { reason } : {}, idempotencyKey });
export const enableUser = (userId: string, idempotencyKey?: string) =>
  adminCall<ApiAnswer<'DELETE /admin/users/{userId}/suspension'>>('DELETE', `${userPath(userId)}/suspension`, { idempotencyKey });
