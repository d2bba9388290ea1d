import { randomUUID } from 'node:crypto';
import http from 'node:http';

/**
 * The Lambda Invoke stand-in: `POST /2015-03-31/functions/{FunctionName}/invocations` as @aws-sdk/client-lambda
 * sends it (REST JSON), answered as Lambda answers a RequestResponse invocation: 200 with the function's result,
 * or 200 with `X-Amz-Function-Error: Unhandled` and `{errorType, errorMessage}` when the handler threw; an
 * unknown name is a 404 ResourceNotFoundException. The recovery function invokes stream and mail consumers
 * through it, as it does on AWS. Event invocations (asynchronous) are run before the 202, not queued.
 */
export interface InvokeStandIn {
  url: string;
  close: () => Promise<void>;
}

export type InvokeTarget = (event: unknown) => Promise<unknown>;

export async function startInvokeStandIn(port: number, resolve: (functionName: string) => Promise<InvokeTarget | undefined>): Promise<InvokeStandIn> {
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // A function that cannot be loaded answers 500 as Lambda's service error would, never ends the runtime.
      const serviceError = (error: unknown) => {
        if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json', 'x-amzn-errortype': 'ServiceException' });
        response.end(JSON.stringify({ message: error instanceof Error ? error.message : String(error) }));
      };
      void (async () => {
        const match = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(new URL(request.url ?? '/', 'http://lambda.local').pathname);
        const headers = { 'content-type': 'application/json', 'x-amzn-requestid': randomUUID() };
        if (request.method !== 'POST' || !match) {
          response.writeHead(404, { ...headers, 'x-amzn-errortype': 'UnknownOperationException' }).end(JSON.stringify({ message: 'Not supported by the local Lambda stand-in' }));
          return;
        }
        // A name, a partial ARN or a full ARN: the function's name is its last part before any qualifier.
        const named = decodeURIComponent(match[1] as string);
        const functionName = named.includes(':function:') ? (named.split(':function:')[1] ?? '').split(':')[0] ?? '' : named;
        const target = await resolve(functionName);
        if (!target) {
          response.writeHead(404, { ...headers, 'x-amzn-errortype': 'ResourceNotFoundException' }).end(JSON.stringify({ Type: 'User', message: `Function not found: ${named}` }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const asynchronous = request.headers['x-amz-invocation-type'] === 'Event';
        try {
          const result = await target(raw ? JSON.parse(raw) : {});
          response.writeHead(asynchronous ? 202 : 200, { ...headers, 'x-amz-executed-version': '$LATEST' }).end(asynchronous || result === undefined ? '' : JSON.stringify(result));
        } catch (error) {
          const failure = { errorType: error instanceof Error ? error.name : 'Error', errorMessage: error instanceof Error ? error.message : String(error) };
          response.writeHead(asynchronous ? 202 : 200, { ...headers, 'x-amz-executed-version': '$LATEST', 'x-amz-function-error': 'Unhandled' }).end(asynchronous ? '' : JSON.stringify(failure));
        }
      })().catch(serviceError);
    });
  });
  await new Promise<void>((done, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => done());
  });
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
}
