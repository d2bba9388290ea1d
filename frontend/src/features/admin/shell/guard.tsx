import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../app/api/client.ts';
import { idToken } from '../../../app/auth/session.ts';
import { adminGet, type ApiAnswer } from './api.ts';
import type { ConsoleRole } from './navigation.ts';

/** GET /admin/session's answer; the route answers only the console's roles (its auth level), so the role narrows to them. */
export type ConsoleSession = Omit<ApiAnswer<'GET /admin/session'>, 'role'> & { role: ConsoleRole };

type SessionState =
  | { state: 'checking' }
  | { state: 'guest' }
  | { state: 'denied' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; session: ConsoleSession };

/** Admin spec section 6: the route guard's texts. */
export const ACCESS_DENIED: Record<ConsoleRole, string> = {
  admin: 'Access denied. Admin privileges required.',
  moderator: 'Access denied. Moderator or admin privileges required.',
};

/**
 * The route guard: a guest goes to /auth (and comes back here after signing in); a signed-in user's role
 * is what the server says (GET /admin/session, moderator or admin only), never what the browser assumes.
 */
export function useConsoleSession(): SessionState {
  const [state, setState] = useState<SessionState>({ state: 'checking' });
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      if (!(await idToken())) {
        if (cancelled) return;
        setState({ state: 'guest' });
        navigate(`/auth?redirect=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
        return;
      }
      try {
        const session = await adminGet<ConsoleSession>('/admin/session');
        if (!cancelled) setState({ state: 'ready', session });
      } catch (error) {
        if (cancelled) return;
        if (error instanceof ApiError && error.status === 401) {
          setState({ state: 'guest' });
          navigate(`/auth?redirect=${encodeURIComponent(location.pathname)}`, { replace: true });
        } else if (error instanceof ApiError && error.status === 403) setState({ state: 'denied' });
        else setState({ state: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    };
    void check();
    return () => {
      cancelled = true;
    };
    // The session is checked once per console visit; screens handle their own 401/403 answers.
  }, []);
  return state;
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
