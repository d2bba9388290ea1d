/**
 * A dependency's failure (DynamoDB, S3, SES, Step Functions, the Scheduler, Cognito, Razorpay), read from the
 * error its client raised after its own retries: what kind it is, whether trying again may succeed, and the
 * words the Operations screen shows. Business outcomes (a failed condition, a refused card) are not failures.
 */
import { HttpError } from './errors.ts';

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

/** The services the Operations screen reports on, in its order. */
export const DEPENDENCIES = ['dynamodb', 's3', 'ses', 'stepfunctions', 'scheduler', 'cognito', 'razorpay'] as const satisfies readonly DependencyService[];

/** How the Operations screen names each service. */
export const DEPENDENCY_NAMES: Record<DependencyService, string> = {
  dynamodb: 'DynamoDB',
  s3: 'S3',
  ses: 'SES',
  stepfunctions: 'Step Functions',
  scheduler: 'EventBridge Scheduler',
  cognito: 'Cognito',
  razorpay: 'Razorpay',
  sqs: 'SQS',
};

/** What a reader or moderator is told when a dependency is failing (with 503 and Retry-After). */
export const DEPENDENCY_BUSY_MESSAGE = 'We are busy for a moment - please try again in a few seconds';
/** Seconds a client is asked to wait before trying again. */
export const DEPENDENCY_RETRY_AFTER_SECONDS = 2;

/** The answer when a dependency is failing for a moment: 503, retryable, with Retry-After. */
export const dependencyBusy = (): HttpError =>
  new HttpError(503, DEPENDENCY_BUSY_MESSAGE, { retryable: true }, { 'retry-after': String(DEPENDENCY_RETRY_AFTER_SECONDS) });

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
  // ElectroDB wraps the SDK's error in its own, fetch wraps the socket's ("fetch failed"): the cause says.
  if (value.cause && value.cause !== error) {
    const cause = classifyDependencyError(value.cause);
    if (cause) return cause;
  }
  if (name === 'TypeError' && value.cause) return { kind: 'connection', error: 'fetch failed' };
  return undefined;
}

/** The services the functions depend on, as the fault injector and the Operations screen name them. */
export type DependencyService = 'dynamodb' | 's3' | 'ses' | 'stepfunctions' | 'scheduler' | 'cognito' | 'razorpay' | 'sqs';

/** Failed calls of one service, of one kind, in one UTC hour, as this process saw them. */
export interface DependencyFailureCount {
  service: DependencyService;
  kind: DependencyFailureKind;
  /** YYYY-MM-DDTHH (UTC). */
  hour: string;
  /** Attempts that failed, each retry counted (what the service refused or dropped). */
  attempts: number;
  /** Calls that still failed after the client's retries (what a user or a run felt). */
  gaveUp: number;
  lastError: string;
  lastOperation: string;
  lastAt: string;
}

/** The embedded metric of calls that gave up, per service (lib/constructs/monitoring.ts alarms on it). */
export const DEPENDENCY_METRIC = { namespace: 'CreatorNewsHub', name: 'DependencyFailures' } as const;

const pendingFailures = new Map<string, DependencyFailureCount>();

/**
 * Notes a failed call (lambdas/adapters/aws-clients.ts calls it for every failed attempt and every call that
 * gave up): summed in memory and written by the run metrics' flush (lambdas/platform/run-metrics.ts), which
 * runs at the end of the invocation that saw it. A call that gave up is also logged as an embedded metric,
 * which the deployed stack's alarm watches (lib/constructs/monitoring.ts).
 */
export function noteDependencyFailure(service: DependencyService, operation: string, failure: DependencyFailure, outcome: 'attempt' | 'gave-up', at = new Date()): void {
  const hour = at.toISOString().slice(0, 13);
  const key = `${service}|${failure.kind}|${hour}`;
  const entry = pendingFailures.get(key) ?? { service, kind: failure.kind, hour, attempts: 0, gaveUp: 0, lastError: '', lastOperation: '', lastAt: '' };
  if (outcome === 'attempt') entry.attempts += 1;
  else entry.gaveUp += 1;
  entry.lastError = failure.error;
  entry.lastOperation = operation;
  entry.lastAt = at.toISOString();
  pendingFailures.set(key, entry);
  if (outcome === 'gave-up') logGaveUp(service, operation, failure, at);
}

function logGaveUp(service: DependencyService, operation: string, failure: DependencyFailure, at: Date): void {
  // CloudWatch embedded metric format: the log line is the metric (no PutMetricData call on the failing path).
  // Written to stdout itself, not through console: with Lambda's JSON log format the runtime wraps console output
  // in its own JSON, and CloudWatch no longer finds `_aws` at the top (AWS's EMF docs: Node clients before 4.1.1
  // lost their metrics that way).
  const line = {
    _aws: { Timestamp: at.getTime(), CloudWatchMetrics: [{ Namespace: DEPENDENCY_METRIC.namespace, Dimensions: [['Service']], Metrics: [{ Name: DEPENDENCY_METRIC.name, Unit: 'Count' }] }] },
    level: 'warn',
    message: 'dependency call failed after retries',
    Service: service,
    operation,
    kind: failure.kind,
    error: failure.error,
    [DEPENDENCY_METRIC.name]: 1,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

/** Takes what waits to be written (the flush puts back what it could not write). */
export function takeDependencyFailures(): DependencyFailureCount[] {
  const entries = [...pendingFailures.values()];
  pendingFailures.clear();
  return entries;
}

/** Puts back counts a flush could not write, added to what was noted since. */
export function returnDependencyFailures(entries: readonly DependencyFailureCount[]): void {
  for (const entry of entries) {
    const key = `${entry.service}|${entry.kind}|${entry.hour}`;
    const again = pendingFailures.get(key);
    if (!again) pendingFailures.set(key, { ...entry });
    else {
      again.attempts += entry.attempts;
      again.gaveUp += entry.gaveUp;
    }
  }
}

export const hasDependencyFailuresToWrite = (): boolean => pendingFailures.size > 0;
