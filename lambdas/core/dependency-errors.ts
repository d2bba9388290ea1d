/**
 * A dependency's failure (DynamoDB, S3, SES, Step Functions, the Scheduler, Cognito, Razorpay), read from the
 * error its client raised after its own retries: what kind it is, whether trying again may succeed, and the
 * words the Operations screen shows. Business outcomes (a failed condition, a refused card) are not failures.
 */

export type DependencyFailureKind = 'throttled' | 'server-error' | 'timeout' | 'connection' | 'conflict';

export interface DependencyFailure {
  kind: DependencyFailureKind;
  /** The error's own name (ThrottlingException, SlowDown, ECONNRESET, Razorpay 500...). */
  error: string;
}

/** What the Operations screen says of each kind. */
export const DEPENDENCY_FAILURE_WORDS: Record<DependencyFailureKind, string> = {
  throttled: 'refused for rate (throttled)',
  'server-error': 'failed on its side (5xx)',
  timeout: 'did not answer in time',
  connection: 'dropped the connection',
  conflict: 'cancelled a transaction in conflict with another write',
};

/** What a reader or moderator is told when a dependency is failing (with 503 and Retry-After). */
export const DEPENDENCY_BUSY_MESSAGE = 'We are busy for a moment - please try again in a few seconds';
/** Seconds a client is asked to wait before trying again. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 2;

const THROTTLING = new Set([
  'ThrottlingException',
  'Throttling',
  'ThrottledException',
  'TooManyRequestsException',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'RequestThrottled',
  'RequestThrottledException',
  'SlowDown',
  'LimitExceededException',
]);
const NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENOTFOUND', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT']);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  $fault?: unknown;
  $metadata?: { httpStatusCode?: unknown };
  statusCode?: unknown;
  CancellationReasons?: Array<{ Code?: unknown }>;
  cause?: unknown;
}

export function classifyDependencyError(error: unknown): DependencyFailure | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const value = error as ErrorLike;
  const name = typeof value.name === 'string' ? value.name : '';
  const code = typeof value.code === 'string' ? value.code : '';
  const status = typeof value.$metadata?.httpStatusCode === 'number' ? value.$metadata.httpStatusCode : typeof value.statusCode === 'number' ? value.statusCode : undefined;
  if (name === 'TransactionCanceledException') {
    // Cancelled by another write or by throttling: worth a retry. Cancelled by a failed condition: an answer.
    const reasons = (value.CancellationReasons ?? []).map((reason) => String(reason.Code ?? 'None'));
    if (reasons.includes('TransactionConflict')) return { kind: 'conflict', error: name };
    if (reasons.includes('ThrottlingError') || reasons.includes('ProvisionedThroughputExceeded')) return { kind: 'throttled', error: name };
    return undefined;
  }
  if (name === 'TransactionConflictException' || name === 'TransactionInProgressException') return { kind: 'conflict', error: name };
  if (THROTTLING.has(name) || status === 429) return { kind: 'throttled', error: name || `HTTP ${status}` };
  if (NETWORK_CODES.has(code)) return { kind: code === 'ETIMEDOUT' ? 'timeout' : 'connection', error: code };
  if (name === 'TimeoutError' || name === 'AbortError' || name === 'RequestTimeout' || name === 'RequestTimeoutException') return { kind: 'timeout', error: name };
  if ((status !== undefined && status >= 500) || value.$fault === 'server') return { kind: 'server-error', error: name || `HTTP ${status}` };
  // fetch wraps the socket's error: "fetch failed" with the reset as its cause.
  if (name === 'TypeError' && value.cause) {
    const cause = classifyDependencyError(value.cause);
    if (cause) return cause;
    return { kind: 'connection', error: 'fetch failed' };
  }
  return undefined;
}
