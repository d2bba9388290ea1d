/** The signed-in reader as the site knows them (from the ID token). */
export interface SessionUser {
  userId: string;
  email: string;
  name: string;
  isAdmin: boolean;
  isModerator: boolean;
}

/**
 * Whether this browser may hold a session: Amplify keeps its tokens in localStorage under keys that start
 * with this prefix. Without one the reader is a guest, and Amplify need not be loaded at all.
 */
export function mayHaveSession(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      if (localStorage.key(index)?.startsWith('CognitoIdentityServiceProvider.')) return true;
    }
  } catch {
    // storage blocked: a guest
  }
  return false;
}

/** Amplify Auth's own chunk, loaded on demand. */
export const loadSession = () => import('./session.ts');
