import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserTab } from '#domain/operations/user-admin.ts';
import type { Keyed } from '#web/shared/api/submission.ts';
import { changeRole, enableUser, fetchUsers, sendMessage, suspendUser, updateUser, type UserRole } from './api.ts';

/** The user list of a tab and search, page by page (the server's cursor). */
export function useUsers(tab: UserTab, search: string) {
  return useInfiniteQuery({
    queryKey: ['admin', 'users', tab, search],
    queryFn: ({ pageParam }) => fetchUsers(tab, search, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
    staleTime: 0,
    retry: 1,
  });
}

/** Writes are not retried: a refused change will not pass on a second try. */
export function useUserActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['admin', 'users'] });
  const options = { onSettled: refresh, retry: false } as const;
  return {
    update: useMutation({ mutationFn: ({ userId, fullName, email, idempotencyKey }: Keyed<{ userId: string; fullName?: string; email?: string }>) => updateUser(userId, { fullName, email }, idempotencyKey), ...options }),
    role: useMutation({ mutationFn: ({ userId, role, idempotencyKey }: Keyed<{ userId: string; role: UserRole }>) => changeRole(userId, role, idempotencyKey), ...options }),
    message: useMutation({ mutationFn: ({ userId, message, idempotencyKey }: Keyed<{ userId: string; message: string }>) => sendMessage(userId, message, idempotencyKey), ...options }),
    suspend: useMutation({ mutationFn: ({ userId, reason, idempotencyKey }: Keyed<{ userId: string; reason: string }>) => suspendUser(userId, reason, idempotencyKey), ...options }),
    enable: useMutation({ mutationFn: ({ userId, idempotencyKey }: Keyed<{ userId: string }>) => enableUser(userId, idempotencyKey), ...options }),
  };
}
