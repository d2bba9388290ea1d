/** The local Step Functions endpoint: the JSON 1.0 API over HTTP, its errors, and the test-only faults endpoint. */
import http from 'node:http';

/** What the endpoint calls on the local Step Functions. */
export interface StepFunctionsApi {
  call(operation: string, body: Record<string, unknown>): Promise<unknown>;
  injectFault(fn: string, times: number): void;
  armedFaults(): Record<string, number>;
}

export class ApiError extends Error {
  constructor(
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** Serves the Step Functions JSON 1.0 API (and the test-only faults endpoint) on a local port. */
export function serveStepFunctions(api: StepFunctionsApi, port: number): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url?.split('?')[0] === '/_local/faults') return faultsEndpoint(api, request, response, Buffer.concat(chunks).toString('utf8'));
      const target = String(request.headers['x-amz-target'] ?? '');
      const operation = target.replace(/^AWSStepFunctions\./, '');
      const reply = (status: number, payload: unknown, errorType?: string) => {
        response.writeHead(status, {
          'content-type': 'application/x-amz-json-1.0',
          ...(errorType ? { 'x-amzn-errortype': errorType } : {}),
        });
        response.end(JSON.stringify(payload));
      };
      let body: Record<string, unknown>;
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>) : {};
      } catch {
        return reply(400, { __type: 'SerializationException', message: 'Body is not JSON' }, 'SerializationException');
      }
      api.call(operation, body).then(
        (result) => reply(200, result),
        (error: unknown) => {
          const type = error instanceof ApiError ? error.type : 'InternalFailure';
          reply(error instanceof ApiError ? 400 : 500, { __type: type, message: error instanceof Error ? error.message : String(error) }, type);
        },
      );
    });
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Test-only (local endpoint only): POST {"fn","times"} arms a fault, GET lists the armed ones. */
function faultsEndpoint(api: StepFunctionsApi, request: http.IncomingMessage, response: http.ServerResponse, text: string): void {
  const reply = (status: number, payload: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(payload));
  };
  if (request.method === 'GET') return reply(200, { faults: api.armedFaults() });
  if (request.method !== 'POST') return reply(405, { message: 'GET or POST' });
  try {
    const body = JSON.parse(text || '{}') as { fn?: unknown; times?: unknown };
    const times = body.times === undefined ? 1 : Number(body.times);
    if (typeof body.fn !== 'string' || !Number.isInteger(times) || times < 0 || times > 1000) {
      return reply(400, { message: 'Body must be {"fn": "<function name>", "times": 0..1000}' });
    }
    api.injectFault(body.fn, times);
    return reply(200, { fn: body.fn, times });
  } catch (error) {
    return reply(400, { message: error instanceof Error ? error.message : String(error) });
  }
}

/** One page of a List* answer: maxResults (100 by default) from nextToken, an index. */
export function paginate<T>(items: T[], body: Record<string, unknown>, key: string) {
  const max = typeof body.maxResults === 'number' && body.maxResults > 0 ? body.maxResults : 100;
  const start = typeof body.nextToken === 'string' ? Number(body.nextToken) || 0 : 0;
  const page = items.slice(start, start + max);
  const next = start + max < items.length ? String(start + max) : undefined;
  return { [key]: page, ...(next ? { nextToken: next } : {}) };
}
