import middy from '@middy/core';
import type { APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from '#domain/common/validation.ts';
import { routeKey, routesOf, stack, type AuthLevel } from '#stack/stack-description.ts';
import { authorize, callerOf, refuseClosedAccount, type Caller, type HttpEvent } from './auth.ts';
import { badRequest, GENERIC_ERROR_MESSAGE, HttpError, notFound } from '../core/errors.ts';
import { classifyDependencyError, dependencyBusy } from '#core/dependency-failures.ts';
import { logger } from '../core/logger.ts';
import { cameThroughEdge } from './rate-limit.ts';
import { idempotencyScope, once } from './idempotency.ts';
import { flushDailyCountersWhenDue } from './daily-counters.ts';
import { runMetricsMiddleware } from './run-metrics.ts';
import { InvalidCursorError } from '#store/table/paging.ts';

/** The answer to a call that did not come through the site's CloudFront distribution. */
export const DIRECT_CALL_MESSAGE = 'This API answers only through the site: call it at the site\'s /api address';

type Schema = z.ZodMiniType;
type Parsed<S> = S extends z.ZodMiniType ? z.infer<S> : undefined;
/** What a caller sends for one part (before defaults, coercions and transforms): absent when the route reads no such part. */
type Sent<S> = S extends z.ZodMiniType ? z.input<S> : undefined;

export interface RouteSchemas {
  query?: Schema;
  body?: Schema;
  params?: Schema;
}

export interface RouteInput<S extends RouteSchemas> {
  query: Parsed<S['query']>;
  body: Parsed<S['body']>;
  params: Parsed<S['params']>;
  caller: Caller | null;
  event: HttpEvent;
}

/** A response with a status other than 200 or extra headers; a plain value is answered as 200 JSON. */
export class Reply<Body = unknown> {
  /** Compile-time only: keeps a plain answer with the same fields from passing for a Reply. */
  declare private readonly replyBrand: never;
  constructor(
    readonly statusCode: number,
    readonly body: Body,
    readonly headers: Record<string, string> = {},
  ) {}
}

/** A text answer (XML feeds, HTML pages) with its content type. */
export class TextReply {
  declare private readonly textReplyBrand: never;
  constructor(
    readonly body: string,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
    readonly statusCode = 200,
  ) {}
}

/**
 * A binary answer (a picture) with its content type. API Gateway's HTTP API and Lambda carry a body as text, so
 * it goes base64-encoded with isBase64Encoded (payload format 2.0) and reaches the client as the bytes again.
 */
export class BinaryReply {
  declare private readonly binaryReplyBrand: never;
  constructor(
    readonly body: Uint8Array,
    readonly contentType: string,
    readonly headers: Record<string, string> = {},
    readonly statusCode = 200,
  ) {}
}

/** One route: its input schemas (their types kept, for InputsOf) and its work, which resolves to what the route answers. */
export interface RouteHandler<Answer = unknown, S extends RouteSchemas = RouteSchemas> {
  schemas: S;
  run(input: RouteInput<RouteSchemas>): Promise<Answer>;
}

/**
 * Declares one route's input schemas and its work: validate -> domain/store -> shape the response. The
 * answer's type is inferred from `run` (or given as the second type argument) and travels with the
 * handler, so screens and tests read it with `AnswerOf`/`ApiAnswer` instead of writing it again.
 */
export function route<S extends RouteSchemas, Answer>(schemas: S, run: (input: RouteInput<S>) => Promise<Answer>): RouteHandler<Answer, S> {
  return { schemas, run: run as RouteHandler<Answer, S>['run'] };
}

/** The JSON body a route answers: a Reply's body, a plain value as it is; a TextReply or BinaryReply has no JSON body. */
export type JsonAnswer<Result> = Result extends Reply<infer Body> ? Body : Result extends TextReply | BinaryReply ? never : Result;

/** What a route handler answers as JSON. */
export type AnswerOf<Handler> = Handler extends RouteHandler<infer Result> ? JsonAnswer<Result> : never;

/** The JSON of a refused call (toErrorResponse): the message the UI shows, and per-field messages where fields were wrong. */
export interface ErrorAnswer {
  message: string;
  fieldErrors?: Record<string, string[]>;
}

/** A table of routes (route key -> handler) as a table of their JSON answers. */
export type AnswersOf<Routes> = { [Key in keyof Routes]: AnswerOf<Routes[Key]> };

/** What a call of a route sends, by part, as its schemas accept it (z.input); `undefined` for a part the route does not read. */
export type InputOf<Handler> = Handler extends { schemas: infer S extends RouteSchemas }
  ? { query: Sent<S['query']>; params: Sent<S['params']>; body: Sent<S['body']> }
  : never;

/** A table of routes (route key -> handler) as a table of what their callers send. */
export type InputsOf<Routes> = { [Key in keyof Routes]: InputOf<Routes[Key]> };

function fieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  return z.flattenError(error).fieldErrors as Record<string, string[]>;
}

function parsePart(part: 'query' | 'body' | 'params', schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const summary = result.error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
  throw badRequest(`Invalid ${part === 'params' ? 'path' : part}: ${summary}`, { fieldErrors: fields });
}

function parseBody(event: HttpEvent): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest('Request body must be valid JSON');
  }
}

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

/** Maps any error to a JSON answer: HttpErrors as they are, a failing dependency as 503, anything else as a logged, generic 500. */
export function toErrorResponse(error: unknown): APIGatewayProxyStructuredResultV2 {
  if (error instanceof HttpError) {
    return json(error.statusCode, { message: error.message, ...error.details }, error.headers);
  }
  if (error instanceof InvalidCursorError) {
    return json(400, { message: error.message, fieldErrors: { cursor: [error.message] } });
  }
  // A dependency still failing after the client's retries: the client may try again, and is told when.
  const failure = classifyDependencyError(error);
  if (failure) {
    logger.warn('dependency unavailable', { failure });
    return toErrorResponse(dependencyBusy());
  }
  logger.error('unhandled error', { error: error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error) });
  return json(500, { message: GENERIC_ERROR_MESSAGE });
}

/**
 * The Lambda handler of one area (one function). Routes and their auth levels come from the stack
 * description, the same data the CDK API and the local gateway are built from; a mismatch between the
 * description and the routes given here fails at cold start instead of answering wrongly.
 */
export function areaHandler(fn: string, handlers: Record<string, RouteHandler>) {
  const described = new Map<string, AuthLevel>(routesOf(stack, fn).map((r) => [routeKey(r), r.auth]));
  const missing = [...described.keys()].filter((key) => !(key in handlers));
  const undescribed = Object.keys(handlers).filter((key) => !described.has(key));
  if (missing.length || undescribed.length) {
    throw new Error(`Function ${fn}: routes without handler [${missing.join(', ')}], handlers without route [${undescribed.join(', ')}]`);
  }

  const main = async (event: HttpEvent): Promise<APIGatewayProxyStructuredResultV2> => {
    // Only through CloudFront, whose web ACL limits and filters: a direct call on the API's address is refused.
    if (!cameThroughEdge(event)) throw new HttpError(403, DIRECT_CALL_MESSAGE);
    const handler = handlers[event.routeKey];
    const level = described.get(event.routeKey);
    if (!handler || !level) throw notFound('Service not found - please try again later');
    const caller = callerOf(event);
    authorize(level, caller);
    if (caller && level !== 'public') await refuseClosedAccount(caller, level, event.requestContext.http.method);
    const input = {
      query: parsePart('query', handler.schemas.query, event.queryStringParameters),
      params: parsePart('params', handler.schemas.params, event.pathParameters),
      body: parsePart('body', handler.schemas.body, handler.schemas.body ? parseBody(event) : undefined),
      caller,
      event,
    } as RouteInput<RouteSchemas>;
    const respond = async (): Promise<APIGatewayProxyStructuredResultV2> => {
      const result = await handler.run(input);
      if (result instanceof TextReply) {
        return { statusCode: result.statusCode, headers: { 'content-type': result.contentType, ...result.headers }, body: result.body };
      }
      if (result instanceof BinaryReply) {
        return { statusCode: result.statusCode, headers: { 'content-type': result.contentType, ...result.headers }, body: Buffer.from(result.body).toString('base64'), isBase64Encoded: true };
      }
      return result instanceof Reply ? json(result.statusCode, result.body, result.headers) : json(200, result);
    };
    // A write sent with an Idempotency-Key runs once: a repeat of the submission gets the first answer.
    const scope = idempotencyScope(event, caller);
    return scope ? once(scope, event, respond) : respond();
  };

  // Used first, so its after / onError run last and see the final status (5xx = error).
  return middy<HttpEvent, APIGatewayProxyStructuredResultV2, Error, Context>(main).use(runMetricsMiddleware(fn)).use({
    name: 'daily-counters',
    after: () => flushDailyCountersWhenDue(),
  }).use({
    name: 'access-log-and-errors',
    before: (request) => {
      request.internal = { startedAt: Date.now() } as never;
    },
    after: (request) => {
      logAccess(request.event, request.response?.statusCode ?? 200, request.internal);
    },
    onError: (request) => {
      request.response = toErrorResponse(request.error);
      logAccess(request.event, request.response.statusCode ?? 500, request.internal);
    },
  });
}

function logAccess(event: HttpEvent, statusCode: number, internal: unknown): void {
  const startedAt = (internal as { startedAt?: number } | undefined)?.startedAt;
  logger.info('request', {
    routeKey: event.routeKey,
    requestId: event.requestContext.requestId,
    statusCode,
    durationMs: startedAt ? Date.now() - startedAt : undefined,
  });
}

/**
 * A page size, from the query string (numbers arrive as text): one whole number from 1 to `max` ("limit=1&limit=2"
 * arrives as "1,2" and is told so, not "NaN").
 */
export const limitParam = (max: number, fallback: number) => {
  const message = `Expected one whole number from 1 to ${max}`;
  return z._default(z.pipe(z.coerce.number({ error: message }), z.int(message)).check(z.minimum(1, message), z.maximum(max, message)), fallback);
};
export const cursorParam = z.optional(z.string().check(z.minLength(1), z.maxLength(2048)));

/** A call's query as API Gateway hands it over: every value a string, empty ones left out. */
function asQueryString(query: unknown): Record<string, string> {
  const entries = query && typeof query === 'object' ? Object.entries(query) : [];
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined && value !== null && value !== '').map(([name, value]) => [name, String(value)]));
}

/**
 * One public route answered in process, without HTTP: its schemas parse the request as they parse a call's,
 * and the answer is the JSON the call would get. The page writer renders the app's pages on the server with it,
 * so a written page shows exactly what the API answers (frontend/src/app/prerender.tsx). Only a route the
 * stack description marks public is answered so: a written page is the same for every reader.
 */
export async function answerPublicRoute(fn: string, key: string, handler: RouteHandler, request: { query?: unknown; params?: unknown }): Promise<unknown> {
  const level = routesOf(stack, fn).find((described) => routeKey(described) === key)?.auth;
  if (level !== 'public') throw new Error(`${key} is not a public route of ${fn}: a written page shows public answers only`);
  const queryStringParameters = asQueryString(request.query);
  const pathParameters = asQueryString(request.params);
  const [method = 'GET', path = '/'] = key.split(' ');
  const event = {
    version: '2.0',
    routeKey: key,
    rawPath: path,
    rawQueryString: new URLSearchParams(queryStringParameters).toString(),
    headers: {},
    queryStringParameters,
    pathParameters,
    isBase64Encoded: false,
    requestContext: { requestId: 'page-writer', http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'page-writer' } },
  } as unknown as HttpEvent;
  const result = await handler.run({
    query: parsePart('query', handler.schemas.query, queryStringParameters),
    params: parsePart('params', handler.schemas.params, pathParameters),
    body: undefined,
    caller: null,
    event,
  } as RouteInput<RouteSchemas>);
  if (result instanceof TextReply) throw new Error(`${key} answers text, not JSON`);
  return result instanceof Reply ? result.body : result;
}
