/** A page of a Query and the opaque cursor of the next page (null on the last one). */
export interface Page<T> {
  items: T[];
  cursor: string | null;
}

export interface PageOptions {
  limit?: number;
  cursor?: string | null;
}

/** ElectroDB reports each cancelled transaction item with the DynamoDB reason code. */
export function isConditionFailure(entry: { rejected: boolean; code: string }): boolean {
  return entry.rejected && entry.code === 'ConditionalCheckFailed';
}

/** A single write refused by its condition (ElectroDB wraps DynamoDB's ConditionalCheckFailedException). */
export function isConditionalWriteFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  return /ConditionalCheckFailed|conditional request failed/i.test(text);
}

type TransactionResult = { canceled: boolean; data: ReadonlyArray<{ rejected: boolean; code: string }> };

/**
 * A transaction still cancelled for another reason than a failed condition (a conflict that outlasted the
 * retries, throttling). It keeps DynamoDB's name and reasons, so the router reads it as a dependency failing
 * for a moment (503, retryable) rather than a fault of the code (500).
 */
export class TransactionCancelledError extends Error {
  readonly CancellationReasons: Array<{ Code: string }>;
  constructor(what: string, codes: string[]) {
    super(`${what}: transaction cancelled (${codes.join(', ')})`);
    this.name = 'TransactionCanceledException';
    this.CancellationReasons = codes.map((code) => ({ Code: code }));
  }
}

/**
 * Runs a transaction, retrying when it was cancelled only because another transaction touched the same
 * items at the same moment (TransactionConflict). Returns the final result: cancelled only for a real
 * condition failure, which the caller interprets; any other cancellation throws.
 */
export async function transactWithRetry<R extends TransactionResult>(write: () => Promise<R>, what: string, attempts = 6): Promise<R> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await write();
    if (!result.canceled || result.data.some(isConditionFailure)) return result;
    const conflict = result.data.some((entry) => entry.code === 'TransactionConflict');
    if (!conflict || attempt >= attempts) throw new TransactionCancelledError(what, result.data.map((entry) => entry.code));
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * 2 ** attempt));
  }
}

/** A cursor that is not one this API handed out (garbled, or for another list). */
export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor: start again from the first page');
    this.name = 'InvalidCursorError';
  }
}

function isCursorFailure(error: unknown): boolean {
  const text = error instanceof Error ? `${error.message} ${String((error as { cause?: unknown }).cause ?? '')}` : '';
  return /Unable to parse cursor|ExclusiveStartKey|starting key|Exclusive Start Key/i.test(text);
}

/** Runs one page of a Query and turns a refused cursor into InvalidCursorError. */
export async function queryPage<T>(go: () => Promise<{ data: T[]; cursor: string | null }>): Promise<Page<T>> {
  try {
    const { data, cursor } = await go();
    return { items: data, cursor };
  } catch (error) {
    if (isCursorFailure(error)) throw new InvalidCursorError();
    throw error;
  }
}

/**
 * A page of a filtered Query, filled: DynamoDB applies Limit before the filter, so one request may
 * return fewer items than asked although more match. This asks again, each time for no more than
 * what is missing, so the last cursor always follows the last item returned.
 */
export async function filledPage<T>(
  run: (cursor: string | null, limit: number) => Promise<{ data: T[]; cursor: string | null }>,
  limit: number,
  cursor: string | null = null,
): Promise<Page<T>> {
  const items: T[] = [];
  let next = cursor;
  do {
    const page = await queryPage(() => run(next, limit - items.length));
    items.push(...page.items);
    next = page.cursor;
  } while (next && items.length < limit);
  return { items, cursor: next };
}
