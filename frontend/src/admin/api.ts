import { apiGet } from '../api/client.ts';

export interface AdminPing {
  ok: boolean;
  role: string;
  userId: string;
  /** Kept by the store in the same writes that change an article's status. */
  articlesByStatus: Record<string, number>;
}

export function fetchAdminPing(token: string): Promise<AdminPing> {
  return apiGet<AdminPing>('/admin/ping', {}, token);
}
