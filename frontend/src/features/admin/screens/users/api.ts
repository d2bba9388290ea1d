import type { UserTab } from '#domain/operations/user-admin.ts';
import { adminCall, type ApiAnswer } from '../../shell/api.ts';

/** Admin spec "Profile" as GET /admin/users answers it. */
export type UserPage = ApiAnswer<'GET /admin/users'>;
export type UserRow = UserPage['items'][number];
export type UserRole = UserRow['role'];

export const USERS_PAGE_SIZE = 25;

export const fetchUsers = (tab: UserTab, search: string, cursor?: string) =>
  adminCall('GET /admin/users', { query: { tab, search: search || undefined, cursor, limit: USERS_PAGE_SIZE } });
export const updateUser = (userId: string, changes: { fullName?: string; email?: string }, idempotencyKey?: string) =>
  adminCall('PUT /admin/users/{userId}', { params: { userId }, body: changes, idempotencyKey });
export const changeRole = (userId: string, role: UserRole, idempotencyKey?: string) =>
  adminCall('PUT /admin/users/{userId}/role', { params: { userId }, body: { role }, idempotencyKey });
export const sendMessage = (userId: string, message: string, idempotencyKey?: string) =>
  adminCall('POST /admin/users/{userId}/messages', { params: { userId }, body: { message }, idempotencyKey });
export const suspendUser = (userId: string, reason: string, idempotencyKey?: string) =>
  adminCall('POST /admin/users/{userId}/suspension', { params: { userId }, body: reason ? { reason } : {}, idempotencyKey });
export const enableUser = (userId: string, idempotencyKey?: string) =>
  adminCall('DELETE /admin/users/{userId}/suspension', { params: { userId }, idempotencyKey });
