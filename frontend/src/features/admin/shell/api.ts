import { apiCall, type HttpMethod } from '../../../app/api/client.ts';
import { idToken } from '../../../app/auth/session.ts';

type Params = Record<string, string | number | undefined>;

/** Each route's answer as its handler declares it (type-only: no server code reaches the bundle). */
export type { ApiAnswer } from '#http/answers.ts';

/** A console API call with the signed-in user's token; errors are ApiErrors carrying the server's message. */
export async function adminCall<T>(method: HttpMethod, path: string, options: { params?: Params; body?: unknown; idempotencyKey?: string } = {}): Promise<T> {
  return apiCall<T>(method, path, { ...options, token: (await idToken()) ?? undefined });
}

export const adminGet = <T>(path: string, params: Params = {}) => adminCall<T>('GET', path, { params });
export const adminPost = <T>(path: string, body: unknown = {}) => adminCall<T>('POST', path, { body });
export const adminPut = <T>(path: string, body: unknown = {}) => adminCall<T>('PUT', path, { body });
export const adminDelete = <T>(path: string) => adminCall<T>('DELETE', path);

/** The message to show for a failed call: the server's text when it wrote one, else the screen's default. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
