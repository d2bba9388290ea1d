import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '#web/shared/api/client.ts';
import { idToken } from '#web/shared/auth/session.ts';
import { adminCall, type ApiAnswer } from './api.ts';
import type { ConsoleRole } from './navigation.ts';

/** GET /admin/session's answer, its role checked to be one of the console's (the route answers only those, its auth level). */
export type ConsoleSession = Omit<ApiAnswer<'GET /admin/session'>, 'role'> & { role: ConsoleRole };

type SessionState =
  | { state: 'checking' }
  | { state: 'guest'; redirect: string }
  | { state: 'denied' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; session: ConsoleSession };

/** Admin spec section 6: the route guard's texts. */
export const ACCESS_DENIED: Record<ConsoleRole, string> = {
  admin: 'Access denied. Admin privileges required.',
  moderator: 'Access denied. Moderator or admin privileges required.',
};

const isConsoleRole = (role: string): role is ConsoleRole => role === 'admin' || role === 'moderator';

/** Thrown when the browser holds no session at all: the guard sends the guest to sign in. */
class NoSession extends Error {}

/** The session as the server answers it, its role narrowed by a check (any other role is refused like a 403). */
async function fetchConsoleSession(): Promise<ConsoleSession> {
  if (!(await idToken())) throw new NoSession('Sign in required');
  const session = await adminCall('GET /admin/session');
  const { role } = session;
  if (!isConsoleRole(role)) throw new ApiError(403, ACCESS_DENIED.moderator);
  return { ...session, role };
}

/**
 * The one query of the console's session (the route guard, the users screen, Article Management's role):
 * one key, one type. Not retried: a 401 or 403 will not change, and the guard shows a failure at once.
 */
export const consoleSessionQuery = queryOptions({
  queryKey: ['admin', 'session'] as const,
  queryFn: fetchConsoleSession,
  staleTime: 5 * 60_000,
  retry: false,
  meta: { errorToast: false },
});

/** The signed-in caller's console session, for screens inside the guard. */
export const useConsoleSessionQuery = () => useQuery(consoleSessionQuery);

/**
 * The route guard: a guest goes to /auth (and comes back here after signing in); a signed-in user's role
 * is what the server says (GET /admin/session, moderator or admin only), never what the browser assumes.
 * Checked on every console visit (mount); screens handle their own 401/403 answers.
 */
export function useConsoleSession(location: { pathname: string; search: string }): SessionState {
  const query = useQuery({ ...consoleSessionQuery, refetchOnMount: 'always' });
  if (query.data && !query.isError) return { state: 'ready', session: query.data };
  if (query.isPending || query.isFetching) return { state: 'checking' };
  const error = query.error;
  if (error instanceof NoSession) return { state: 'guest', redirect: `/auth?redirect=${encodeURIComponent(location.pathname + location.search)}` };
  if (error instanceof ApiError && error.status === 401) return { state: 'guest', redirect: `/auth?redirect=${encodeURIComponent(location.pathname)}` };
  if (error instanceof ApiError && error.status === 403) return { state: 'denied' };
  return { state: 'failed', message: error instanceof Error ? error.message : String(error) };
}

export function ConsoleLoading() {
  return (
    <Box textAlign="center" padding="xxl">
      <Spinner size="large" /> <Box variant="span">Loading...</Box>
    </Box>
  );
}

export function AccessDenied({ role, message }: { role?: ConsoleRole; message?: string }) {
  return (
    <Box padding="xxl">
      <SpaceBetween size="m">
        <Alert type="error" header="Access denied">
          {message ?? ACCESS_DENIED[role ?? 'admin']}
        </Alert>
        <Button href="/">Return to the site</Button>
      </SpaceBetween>
    </Box>
  );
}
