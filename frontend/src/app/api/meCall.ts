/**
 * The signed-in reader's routes (level `user`): the authenticated call and the cache keys every feature's
 * hooks share, so one feature's change can refresh another's list without importing it.
 */
import type { FeedKind } from '#domain/reader/feed.ts';
import { useAuth } from '../auth/AuthProvider.tsx';
import { loadSession } from '../auth/user.ts';
import { apiCall, ApiError, type HttpMethod } from './client.ts';

/** Calls a `user` route with the reader's ID token (Amplify refreshes it when it has expired). */
export async function meCall<T>(method: HttpMethod, path: string, body?: unknown, params?: Record<string, string | number | undefined>, idempotencyKey?: string): Promise<T> {
  const token = await (await loadSession()).idToken();
  if (!token) throw new ApiError(401, 'Sign in required');
  return apiCall<T>(method, path, { body, params, token, idempotencyKey });
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
  profile: ['me', 'profile'] as const,
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
