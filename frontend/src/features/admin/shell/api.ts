import { callFile, callWithToken, type ApiAnswer, type ApiBody, type ApiQuery, type FileRoute, type JsonRoute, type RequestArgs, type RequestOf } from '#web/shared/api/client.ts';
import { idToken } from '#web/shared/auth/session.ts';

/** Each route's answer as its handler declares it (type-only: no server code reaches the bundle). */
export type { ApiAnswer, ApiBody, ApiQuery };

/** Calls a console route by its key with the signed-in user's token; errors are ApiErrors carrying the server's message. */
export async function adminCall<Key extends JsonRoute>(key: Key, ...request: RequestArgs<Key>): Promise<ApiAnswer<Key>> {
  return callWithToken((await idToken()) ?? undefined, key, ...request);
}

/** A console route that answers a file (the analytics CSV, the OPML export), with the token: see callFile. */
export async function adminFile<Key extends FileRoute>(key: Key, request: RequestOf<Key> & { failure: string }) {
  return callFile(key, { ...request, token: (await idToken()) ?? undefined });
}

/** The message to show for a failed call: the server's text when it wrote one, else the screen's default. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
