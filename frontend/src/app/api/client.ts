import { apiAddress, siteConfig } from './config.ts';

/** An error answer of the API, with the message the server wrote for the reader. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

const TIMEOUT_MS = 15_000;

/** Reader spec section 8: what the reader sees for a timeout, a missing service, a server fault. */
function messageFor(status: number, serverMessage: string | undefined): string {
  if (status === 404 && !serverMessage) return 'Service not found - please try again later';
  if (status >= 500) return serverMessage ?? 'Temporary system issue - our team has been notified';
  return serverMessage ?? 'An error occurred';
}

export function apiGet<T>(path: string, params: Record<string, string | number | undefined> = {}, token?: string): Promise<T> {
  return apiCall<T>('GET', path, { params, token });
}

export function apiPost<T>(path: string, body: unknown, token?: string): Promise<T> {
  return apiCall<T>('POST', path, { body, token });
}

/** Counting and reporting are best effort: a failure never bothers the reader (reader spec section 8). */
export const quietly = (call: Promise<unknown>) => void call.catch(() => undefined);

export interface ClientErrorReport {
  errorId: string;
  level: 'component' | 'page' | 'critical' | 'admin';
  name: string;
  message: string;
  page: string;
}

export const reportClientError = (report: ClientErrorReport) => quietly(apiPost('/client-errors', report));

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiCall<T>(
  method: HttpMethod,
  path: string,
  options: { params?: Record<string, string | number | undefined>; body?: unknown; token?: string | undefined; idempotencyKey?: string | undefined },
): Promise<T> {
  const { apiUrl } = await siteConfig();
  const url = apiAddress(apiUrl, path);
  for (const [name, value] of Object.entries(options.params ?? {})) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        // One submission of a form (see useSubmission): the server answers a repeat with the first answer.
        ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(0, timedOut ? 'Service temporarily unavailable - timeout' : 'Connection issue detected. This usually resolves automatically.');
  }
  const body = (await response.json().catch(() => ({}))) as { message?: string; fieldErrors?: Record<string, string[]> };
  if (!response.ok) throw new ApiError(response.status, messageFor(response.status, body.message), body.fieldErrors);
  return body as T;
}
