import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHydrated } from '#web/shared/ui/hydration.ts';
import { loadSession, mayHaveSession, type SessionUser } from './user.ts';

export type AuthStatus = 'loading' | 'guest' | 'signed-in';

interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  /** Reads the session again (after sign-in, or when a call found it expired). */
  reload: () => Promise<void>;
  signOut: () => Promise<void>;
}

const AuthContext = createContext<AuthState>({ status: 'guest', user: null, reload: async () => undefined, signOut: async () => undefined });

/** The reader's caches of signed-in data, dropped on sign-out so the next person on the device sees none. */
export const SAVED_CACHE_PREFIX = 'cnh-saved-';

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [status, setStatus] = useState<AuthStatus>(() => (typeof window === 'undefined' || mayHaveSession() ? 'loading' : 'guest'));
  // A written page knows no session: it shows none until hydrated, and the browser's answer the render after.
  const hydrated = useHydrated();
  const shownStatus = hydrated ? status : 'loading';

  const reload = useCallback(async () => {
    if (!mayHaveSession()) {
      setUser(null);
      setStatus('guest');
      return;
    }
    const session = await loadSession();
    const current = await session.currentUser().catch(() => null);
    setUser(current);
    setStatus(current ? 'signed-in' : 'guest');
  }, []);

  const signOut = useCallback(async () => {
    const session = await loadSession();
    await session.signOutEverywhere();
    queryClient.removeQueries({ queryKey: ['me'] });
    if ('caches' in window) {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(SAVED_CACHE_PREFIX)).map((name) => caches.delete(name)));
    }
    setUser(null);
    setStatus('guest');
  }, [queryClient]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const value = useMemo(() => ({ status: shownStatus, user, reload, signOut }), [shownStatus, user, reload, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export const useAuth = () => useContext(AuthContext);
