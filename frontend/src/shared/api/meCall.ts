/**
 * The signed-in reader's routes (level `user`): the authenticated call and the cache keys every feature's
 * hooks share, so one feature's change can refresh another's list without importing it.
 */
import type { FeedKind } from '#domain/reader/feed.ts';
import { useAuth } from '#web/shared/auth/AuthProvider.tsx';
import { loadSession } from '#web/shared/auth/user.ts';
import { ApiError, callWithToken, type ApiAnswer, type JsonRoute, type RequestArgs } from './client.ts';

/** Calls a `user` route by its key with the reader's ID token (Amplify refreshes it when it has expired). */
export async function meCall<Key extends JsonRoute>(key: Key, ...request: RequestArgs<Key>): Promise<ApiAnswer<Key>> {
  const token = await (await loadSession()).idToken();
  if (!token) throw new ApiError(401, 'Sign in required');
  return callWithToken(token, key, ...request);
}

export const meKeys = {
  relations: ['me', 'relations'] as const,
  bookmarks: ['me', 'bookmarks'] as const,
  feeds: ['me', 'feed'] as const,
  feed: (kind: FeedKind) => ['me', 'feed', kind] as const,
  activity: ['me', 'activity'] as const,
  reads: ['me', 'reads'] as const,
  preferences: ['me', 'preferences'] as const,
  notifications: ['me', 'notifications'] as const,
  /** The poll for notifications newer than the list's newest (its own key: not under the list's). */
  arrivals: ['me', 'notification-arrivals'] as const,
  profile: ['me', 'profile'] as const,
  /** Push choices and how many devices get pushes. */
  push: ['me', 'push'] as const,
  /** The topics and stories the reader follows. */
  follows: ['me', 'follows'] as const,
};

/** The reader's queries wait for a session: a guest never asks. */
export function useSignedIn(): boolean {
  return useAuth().status === 'signed-in';
}

/**
 * What a component is told when a change it asked for lands or fails: the api hooks keep the cache right,
 * the component decides what the reader sees (a toast, say).
 */
export interface ChangeNotices<TAnswer = unknown, TInput = void> {
  onSuccess?: (answer: TAnswer, input: TInput) => void;
  onError?: (error: unknown, input: TInput) => void;
}
