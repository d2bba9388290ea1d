import type { IncomingHttpHeaders } from 'node:http';
import { randomUUID } from 'node:crypto';

/**
 * What each service really answers when it fails, on the wire: the status, the error's name where the SDK
 * reads it (JSON `__type`, the `x-amzn-ErrorType` header, S3's XML `<Code>`) and the body. Shapes from the
 * services' API references (DynamoDB "Error handling", SESv2 "Common errors", S3 "Error responses",
 * Razorpay "Errors"); docs/faults.md lists them.
 */

export type FaultService = 'dynamodb' | 'ses' | 's3' | 'stepfunctions' | 'scheduler' | 'cognito' | 'razorpay';

export type FaultKind =
  /** The service's own throttle: DynamoDB ThrottlingException, SES TooManyRequests, S3 SlowDown, Razorpay 429. */
  | 'throttle'
  /** DynamoDB only: ProvisionedThroughputExceededException. */
  | 'throughput-exceeded'
  /** A 500 of the service (DynamoDB InternalServerError, S3 InternalError, Razorpay SERVER_ERROR). */
  | 'server-error'
  /** DynamoDB TransactWriteItems / TransactGetItems only: cancelled with a TransactionConflict reason. */
  | 'transaction-cancelled'
  /** SES SendEmail only: MessageRejected. */
  | 'message-rejected'
  /** No answer: the call is held, then its connection reset (the client's own timeout decides first). */
  | 'timeout'
  /** The connection is reset before the service sees the call. */
  | 'reset'
  /** The service does the call; the answer is lost (connection reset after the service answered). */
  | 'lost-response';

export type FaultAnswer =
  | { kind: 'answer'; status: number; headers: Record<string, string>; body: string; error: string }
  | { kind: 'reset'; error: string }
  | { kind: 'lost-response'; error: string }
  | { kind: 'hold'; error: string };

/** The JSON 1.0/1.1 services name the operation in X-Amz-Target. */
const TARGET_PREFIX: Partial<Record<FaultService, string>> = {
  dynamodb: 'DynamoDB_20120810.',
  stepfunctions: 'AWSStepFunctions.',
  cognito: 'AWSCognitoIdentityProviderService.',
};

const SES_OPERATIONS: Record<string, string> = {
  'POST /v2/email/outbound-emails': 'SendEmail',
  'POST /v2/email/outbound-bulk-emails': 'SendBulkEmail',
  'GET /v2/email/account': 'GetAccount',
};

/** The operation a call names, in the SDK's words where there is one (PutItem, SendEmail, PutObject, CreateOrder). */
export function operationOf(service: FaultService, method: string, url: string, headers: IncomingHttpHeaders): string {
  const target = headers['x-amz-target'];
  const prefix = TARGET_PREFIX[service];
  if (prefix && typeof target === 'string' && target.startsWith(prefix)) return target.slice(prefix.length);
  const [path = '/', query = ''] = url.split('?');
  const segments = path.split('/').filter(Boolean);
  switch (service) {
    case 'ses':
      return SES_OPERATIONS[`${method} ${path}`] ?? `${method} ${path}`;
    case 's3': {
      const hasKey = segments.length > 1;
      if (method === 'PUT' && hasKey) return headers['x-amz-copy-source'] ? 'CopyObject' : /(^|&)partNumber=/.test(query) ? 'UploadPart' : 'PutObject';
      if (method === 'GET' && hasKey) return 'GetObject';
      if (method === 'HEAD' && hasKey) return 'HeadObject';
      if (method === 'DELETE' && hasKey) return 'DeleteObject';
      if (method === 'POST' && /(^|&)delete(=|&|$)/.test(query)) return 'DeleteObjects';
      if (method === 'GET') return 'ListObjectsV2';
      return `${method} ${segments.length ? 'bucket' : '/'}`;
    }
    case 'scheduler': {
      if (segments[0] !== 'schedules') return `${method} ${path}`;
      if (segments.length === 1) return 'ListSchedules';
      return ({ GET: 'GetSchedule', PUT: 'UpdateSchedule', POST: 'CreateSchedule', DELETE: 'DeleteSchedule' } as Record<string, string>)[method] ?? method;
    }
    case 'razorpay': {
      if (method === 'POST' && path === '/v1/orders') return 'CreateOrder';
      if (method === 'GET' && segments[1] === 'payments') return 'FetchPayment';
      if (method === 'GET' && segments[1] === 'orders') return 'FetchOrder';
      return `${method} /${segments.slice(0, 2).join('/')}`;
    }
    default:
      return `${method} ${path}`;
  }
}

const requestId = () => randomUUID();

function jsonError(status: number, type: string, message: string, extra: Record<string, unknown> = {}, contentType = 'application/x-amz-json-1.0'): FaultAnswer {
  return {
    kind: 'answer',
    status,
    headers: { 'content-type': contentType, 'x-amzn-requestid': requestId() },
    body: JSON.stringify({ __type: type, message, ...extra }),
    error: type.slice(type.indexOf('#') + 1),
  };
}

function restJsonError(status: number, type: string, message: string): FaultAnswer {
  return { kind: 'answer', status, headers: { 'content-type': 'application/json', 'x-amzn-errortype': type, 'x-amzn-requestid': requestId() }, body: JSON.stringify({ message }), error: type };
}

function s3Error(status: number, code: string, message: string): FaultAnswer {
  const id = requestId();
  return {
    kind: 'answer',
    status,
    headers: { 'content-type': 'application/xml', 'x-amz-request-id': id },
    body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${id}</RequestId></Error>`,
    error: code,
  };
}

function razorpayError(status: number, code: string, description: string): FaultAnswer {
  return { kind: 'answer', status, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { code, description, source: 'NA', step: 'NA', reason: 'NA' } }), error: `Razorpay ${status} ${code}` };
}

const DYNAMODB = 'com.amazonaws.dynamodb.v20120810#';

/** The reasons of a cancelled transaction: one per item, the first in conflict (as DynamoDB answers a concurrent write). */
function cancellationReasons(body: Buffer | undefined): Array<{ Code: string; Message?: string }> {
  let count = 1;
  try {
    count = Math.max(1, (JSON.parse(body?.toString('utf8') ?? '{}') as { TransactItems?: unknown[] }).TransactItems?.length ?? 1);
  } catch {
    // Not JSON: one reason.
  }
  return Array.from({ length: count }, (_, index) => (index === 0 ? { Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' } : { Code: 'None' }));
}

/**
 * The answer of `fault` for this service and operation, or undefined when the service never answers it there
 * (a cancelled transaction outside TransactWriteItems, MessageRejected outside SendEmail).
 */
export function dependencyFault(service: FaultService, fault: FaultKind, operation: string, body?: Buffer): FaultAnswer | undefined {
  if (fault === 'reset') return { kind: 'reset', error: 'ECONNRESET' };
  if (fault === 'lost-response') return { kind: 'lost-response', error: 'ECONNRESET (after the call took effect)' };
  if (fault === 'timeout') return { kind: 'hold', error: 'TimeoutError' };
  switch (service) {
    case 'dynamodb':
      if (fault === 'throttle') return jsonError(400, 'com.amazon.coral.availability#ThrottlingException', 'Rate of requests exceeds the allowed throughput.');
      if (fault === 'throughput-exceeded') return jsonError(400, `${DYNAMODB}ProvisionedThroughputExceededException`, 'The level of configured provisioned throughput for the table was exceeded.');
      if (fault === 'server-error') return jsonError(500, `${DYNAMODB}InternalServerError`, 'Internal server error');
      if (fault === 'transaction-cancelled' && (operation === 'TransactWriteItems' || operation === 'TransactGetItems')) {
        const reasons = cancellationReasons(body);
        return jsonError(400, `${DYNAMODB}TransactionCanceledException`, `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`, { CancellationReasons: reasons });
      }
      return undefined;
    case 'ses':
      if (fault === 'throttle') return restJsonError(429, 'TooManyRequestsException', 'Maximum sending rate exceeded.');
      if (fault === 'message-rejected' && (operation === 'SendEmail' || operation === 'SendBulkEmail')) return restJsonError(400, 'MessageRejected', 'Email address is not verified.');
      if (fault === 'server-error') return restJsonError(500, 'InternalFailure', 'The request processing has failed because of an unknown error.');
      return undefined;
    case 's3':
      if (fault === 'throttle') return s3Error(503, 'SlowDown', 'Please reduce your request rate.');
      if (fault === 'server-error') return s3Error(500, 'InternalError', 'We encountered an internal error. Please try again.');
      return undefined;
    case 'stepfunctions':
      if (fault === 'throttle') return jsonError(400, 'ThrottlingException', 'Rate exceeded');
      if (fault === 'server-error') return jsonError(500, 'InternalFailure', 'The request processing has failed because of an unknown error.');
      return undefined;
    case 'cognito':
      if (fault === 'throttle') return jsonError(400, 'TooManyRequestsException', 'Too many requests', {}, 'application/x-amz-json-1.1');
      if (fault === 'server-error') return jsonError(500, 'InternalErrorException', 'Internal error', {}, 'application/x-amz-json-1.1');
      return undefined;
    case 'scheduler':
      if (fault === 'throttle') return restJsonError(429, 'ThrottlingException', 'Rate exceeded');
      if (fault === 'server-error') return restJsonError(500, 'InternalServerException', 'Internal server error');
      return undefined;
    case 'razorpay':
      if (fault === 'throttle') return razorpayError(429, 'BAD_REQUEST_ERROR', 'Too many requests');
      if (fault === 'server-error') return razorpayError(500, 'SERVER_ERROR', 'The server encountered an error. The incident has been reported to admins.');
      return undefined;
  }
}
