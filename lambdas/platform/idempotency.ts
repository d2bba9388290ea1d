import { createHash } from 'node:crypto';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { claimIdempotency, completeIdempotency, releaseIdempotency } from '#store/idempotency.ts';
import { badRequest, HttpError } from '../core/errors.ts';
import type { Caller, HttpEvent } from './auth.ts';
import { clientKey } from './rate-limit.ts';

/** The header a form sends with each submission (the IETF draft's name). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
const KEY_PATTERN = /^[A-Za-z0-9:_-]{8,128}$/;
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a repeat waits for the first request to finish before it is told to try later. */
const WAIT_FOR_FIRST_MS = 5_000;
/** Answers larger than this are not kept (a DynamoDB item holds 400 KB); write routes answer far less. */
const MAX_STORED_BODY = 300_000;

export const IN_PROGRESS_MESSAGE = 'This request is already being processed. Please wait a moment.';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request';

const sha = (text: string) => createHash('sha256').update(text).digest('base64url');

/** The scope of a write request that carries a key, or null (no key, or not a write). */
export function idempotencyScope(event: HttpEvent, caller: Caller | null): string | null {
  const key = event.headers?.[IDEMPOTENCY_HEADER];
  if (key === undefined || !WRITE_METHODS.has(event.requestContext.http.method)) return null;
  if (!KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key must be 8 to 128 letters, digits, colons, hyphens or underscores');
  return sha(`${clientKey(event, caller?.userId)}\n${event.routeKey}\n${event.rawPath}\n${key}`);
}

const replay = (record: { statusCode?: number | undefined; body?: string | undefined; contentType?: string | undefined }): APIGatewayProxyStructuredResultV2 => ({
  statusCode: record.statusCode ?? 200,
  headers: { 'content-type': record.contentType ?? 'application/json; charset=utf-8', 'cache-control': 'no-store', 'idempotent-replayed': 'true' },
  body: record.body ?? '',
});

/**
 * Runs a write request once per scope: the first request does the work and keeps its answer (a 2xx or
 * 4xx; a 5xx gives the claim back so the submission can be retried); a repeat gets that answer, waiting
 * up to a few seconds while the first is still at work, else a 409 to try again.
 */
export async function once(scope: string, event: HttpEvent, respond: () => Promise<APIGatewayProxyStructuredResultV2>): Promise<APIGatewayProxyStructuredResultV2> {
  const requestHash = sha(event.body ?? '');
  const deadline = Date.now() + WAIT_FOR_FIRST_MS;
  for (;;) {
    const claim = await claimIdempotency(scope, requestHash);
    if (claim.claimed) break;
    if (!claim.record) continue; // given back meanwhile: claim it again
    if (claim.record.requestHash !== requestHash) throw new HttpError(422, KEY_REUSED_MESSAGE);
    if (claim.record.state === 'done') return replay(claim.record);
    if (Date.now() > deadline) throw new HttpError(409, IN_PROGRESS_MESSAGE);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  let response: APIGatewayProxyStructuredResultV2;
  try {
    response = await respond();
  } catch (error) {
    await releaseIdempotency(scope);
    throw error;
  }
  const status = response.statusCode ?? 200;
  const body = typeof response.body === 'string' ? response.body : '';
  if (status >= 500 || body.length > MAX_STORED_BODY) await releaseIdempotency(scope);
  else await completeIdempotency(scope, { statusCode: status, body, contentType: String(response.headers?.['content-type'] ?? 'application/json; charset=utf-8') });
  return response;
}
