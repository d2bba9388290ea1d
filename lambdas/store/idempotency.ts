import { Entity } from 'electrodb';
import { isConditionalWriteFailure } from './table/paging.ts';
import { expiresInDays } from './table/ids.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * One write request made with an Idempotency-Key: claimed before the work, completed with the answer
 * after it, so the same submission sent again (a double click, a retry after a lost answer) gets the
 * first answer instead of doing the work twice. Kept a day (TTL).
 */
export const IdempotencyRecord = new Entity({
  model: { entity: 'idempotencyRecord', version: '1', service },
  attributes: {
    /** A hash of who sent it, the route, the path and the key. */
    scope: { type: 'string', required: true },
    /** A hash of the body: the same key with another body is a client's mistake, not a retry. */
    requestHash: { type: 'string', required: true },
    state: { type: ['in-progress', 'done'] as const, required: true },
    statusCode: { type: 'number' },
    body: { type: 'string' },
    contentType: { type: 'string' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scope'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

export const IDEMPOTENCY_DAYS = 1;

export type IdempotencyClaim = { claimed: true } | { claimed: false; record: { requestHash: string; state: 'in-progress' | 'done'; statusCode?: number | undefined; body?: string | undefined; contentType?: string | undefined } | null };

/** Claims a scope for this request; when another request holds it, answers what that one stored. */
export async function claimIdempotency(scope: string, requestHash: string, now = Date.now()): Promise<IdempotencyClaim> {
  try {
    await IdempotencyRecord.create({ scope, requestHash, state: 'in-progress', expiresAt: expiresInDays(IDEMPOTENCY_DAYS, now) }).go({ response: 'none' });
    return { claimed: true };
  } catch (error) {
    if (!isConditionalWriteFailure(error)) throw error;
  }
  const { data } = await IdempotencyRecord.get({ scope }).go({ consistent: true });
  if (data && data.expiresAt * 1000 < now) {
    // Past its day but not yet removed by TTL (which can lag by days): a new submission.
    await IdempotencyRecord.put({ scope, requestHash, state: 'in-progress', expiresAt: expiresInDays(IDEMPOTENCY_DAYS, now) }).go({ response: 'none' });
    return { claimed: true };
  }
  return { claimed: false, record: data };
}

/** Stores the answer of a claimed request. */
export async function completeIdempotency(scope: string, answer: { statusCode: number; body: string; contentType: string }): Promise<void> {
  await IdempotencyRecord.patch({ scope }).set({ state: 'done', ...answer }).go({ response: 'none' });
}

/** Gives a claim up (the work failed on the server's side), so the same submission can be tried again. */
export async function releaseIdempotency(scope: string): Promise<void> {
  await IdempotencyRecord.delete({ scope }).go({ response: 'none' });
}
