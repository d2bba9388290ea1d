import type { ApiAnswer, ApiInputs, ApiRoute } from '#http/answers.ts';
import { apiAddress, siteConfig } from './config.ts';

/** Each route's key, answer and input as the handlers declare them (type-only: no server code reaches the bundle). */
export type { ApiAnswer, ApiInputs, ApiRoute };

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

/** A request with nothing in it (what `{}` means as a type). */
type Nothing = Record<never, never>;

/** An object's fields that accept undefined may be left out (a query or JSON body drops them anyway). */
type Omittable<T> = T extends object
  ? { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & { [K in keyof T as undefined extends T[K] ? never : K]: T[K] }
  : T;

/** One part of a request (query, params, body) as an option: absent when the route reads no such part, optional when nothing in it is required. */
type PartOption<Name extends string, Input> = [Input] extends [undefined]
  ? { [K in Name]?: never }
  : undefined extends Input
    ? { [K in Name]?: Omittable<Input> }
    : Nothing extends Omittable<Input>
      ? { [K in Name]?: Omittable<Input> }
      : { [K in Name]: Omittable<Input> };

/** What a call of one route is given besides its key: its parts, typed from the route's zod schemas (ApiInputs). */
export type RequestOf<Key extends ApiRoute> = PartOption<'query', ApiInputs[Key]['query']> &
  PartOption<'params', ApiInputs[Key]['params']> &
  PartOption<'body', ApiInputs[Key]['body']> & {
    /** One submission of a form (see useSubmission): the server answers a repeat with the first answer. */
    idempotencyKey?: string | undefined;
  };

/** The options argument of a call: optional when the route needs nothing. */
export type RequestArgs<Key extends ApiRoute, Extra = object> = Nothing extends RequestOf<Key> ? [request?: RequestOf<Key> & Extra] : [request: RequestOf<Key> & Extra];

/** What one route takes in its query, path and body, as its schemas accept it. */
export type ApiQuery<Key extends ApiRoute> = ApiInputs[Key]['query'];
export type ApiParams<Key extends ApiRoute> = ApiInputs[Key]['params'];
export type ApiBody<Key extends ApiRoute> = ApiInputs[Key]['body'];

/** The routes that answer JSON; the others (CSV, OPML, XML, HTML) are read with `callFile`. */
export type JsonRoute = { [Key in ApiRoute]: [ApiAnswer<Key>] extends [never] ? never : Key }[ApiRoute];
export type FileRoute = Exclude<ApiRoute, JsonRoute>;

interface Sent {
  query?: unknown;
  params?: unknown;
  body?: unknown;
  idempotencyKey?: string | undefined;
  token?: string | undefined;
}

const entries = (value: unknown): [string, unknown][] => (value && typeof value === 'object' ? Object.entries(value) : []);

/** 'GET /admin/articles/{id}' with { id: 'a b' } -> ['GET', '/admin/articles/a%20b']. */
export function routeRequest(key: ApiRoute, params: unknown): { method: string; path: string } {
  const [method = 'GET', template = '/'] = key.split(' ');
  const values = new Map(entries(params));
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(values.get(name) ?? '')));
  return { method, path };
}

/** Sends one request: the token, the Idempotency-Key and the timeout; a network failure or timeout is an ApiError with status 0. */
async function send(key: ApiRoute, request: Sent): Promise<Response> {
  const { method, path } = routeRequest(key, request.params);
  const { apiUrl } = await siteConfig();
  const url = apiAddress(apiUrl, path);
  for (const [name, value] of entries(request.query)) if (value !== undefined && value !== '') url.searchParams.set(name, String(value));
  try {
    return await fetch(url, {
      method,
      headers: {
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}),
        // One submission of a form (see useSubmission): the server answers a repeat with the first answer.
        ...(request.idempotencyKey ? { 'idempotency-key': request.idempotencyKey } : {}),
      },
      body: request.body !== undefined ? JSON.stringify(request.body) : undefined,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new ApiError(0, timedOut ? 'Service temporarily unavailable - timeout' : 'Connection issue detected. This usually resolves automatically.');
  }
}

/** The message and field errors of an error answer (toErrorResponse's JSON), when it has them. */
async function errorBody(response: Response): Promise<{ message: string | undefined; fieldErrors: Record<string, string[]> | undefined }> {
  const body: unknown = await response.json().catch(() => ({}));
  const fields = new Map(entries(body));
  const message = fields.get('message');
  const fieldErrors = fields.get('fieldErrors');
  return {
    message: typeof message === 'string' ? message : undefined,
    fieldErrors: fieldErrors && typeof fieldErrors === 'object' ? Object.fromEntries(entries(fieldErrors).map(([name, list]) => [name, Array.isArray(list) ? list.map(String) : []])) : undefined,
  };
}

/**
 * Answers calls without the network: the page writer renders the app's pages on the server
 * (frontend/src/app/prerender.tsx) and answers their reads with the API's own route handlers.
 */
export type CallAnswerer = (key: ApiRoute, request: { query?: unknown; params?: unknown }) => Promise<unknown>;
let answerer: CallAnswerer | undefined;
export function answerCallsWith(next: CallAnswerer | undefined): void {
  answerer = next;
}

async function callWith(key: JsonRoute, request: Sent): Promise<unknown> {
  if (answerer) return answerer(key, { query: request.query, params: request.params });
  const response = await send(key, request);
  if (!response.ok) {
    const { message, fieldErrors } = await errorBody(response);
    throw new ApiError(response.status, messageFor(response.status, message), fieldErrors);
  }
  return response.json().catch(() => ({}));
}

/**
 * Calls one route by its key, as the stack description writes it: `call('GET /articles/{id}', { params: { id } })`.
 * The path comes from the key (each `{name}` filled from params, encoded), the request's parts are typed by the
 * route's schemas and the answer by its handler; errors are ApiErrors carrying the server's message.
 */
export function call<Key extends JsonRoute>(key: Key, ...[request]: RequestArgs<Key>): Promise<ApiAnswer<Key>> {
  // The one place the JSON is given its type: the handler that answered it declares it (ApiAnswers).
  return callWith(key, request ?? {}) as Promise<ApiAnswer<Key>>;
}

/** A signed-in call: `call` with the bearer token a wrapper (meCall, adminCall) read from the session. */
export function callWithToken<Key extends JsonRoute>(token: string | undefined, key: Key, ...[request]: RequestArgs<Key>): Promise<ApiAnswer<Key>> {
  return callWith(key, { ...request, token }) as Promise<ApiAnswer<Key>>;
}

/**
 * A route that answers a file (CSV, OPML), not JSON: its body as a Blob, with the file name the server gave.
 * A refusal is an ApiError with the server's message, else the screen's `failure` text.
 */
export async function callFile<Key extends FileRoute>(
  key: Key,
  request: RequestOf<Key> & { token?: string | undefined; failure: string },
): Promise<{ blob: Blob; fileName: string | undefined }> {
  const response = await send(key, request);
  if (!response.ok) throw new ApiError(response.status, (await errorBody(response)).message ?? request.failure);
  const fileName = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), fileName };
}

/** Counting and reporting are best effort: a failure never bothers the reader (reader spec section 8). */
export const quietly = (pending: Promise<unknown>) => void pending.catch(() => undefined);

export interface ClientErrorReport {
  errorId: string;
  level: 'component' | 'page' | 'critical' | 'admin';
  name: string;
  message: string;
  page: string;
}

export const reportClientError = (report: ClientErrorReport) => quietly(call('POST /client-errors', { body: report }));
