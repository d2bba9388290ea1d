import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { EDGE_ORIGIN_HEADER, routeKey, type RouteDescription, type StackDescription } from '../stack-description.ts';
import { loadFunctionHandler } from './functions.ts';

export interface GatewayOptions {
  stack: StackDescription;
  /** Issuer and app client of the user pool whose tokens the JWT authorizer accepts. */
  jwt: { issuer: string; jwksUrl: string; audience: string };
  /** Origins allowed by CORS (the site). */
  allowedOrigins: string[];
  /**
   * What the local edge (the site's /api proxy, lib/local/site.ts) adds to every request it passes on, in
   * x-origin-verify. A request without it did not come through the edge and is refused with API Gateway's
   * 403 before any route is matched or function loaded: on AWS, API Gateway refuses a connection without
   * CloudFront's client certificate the same way (mutual TLS on the API's custom domain), and the functions
   * refuse a request without CloudFront's x-origin-verify header.
   */
  edgeCredential: string;
}

interface CompiledRoute {
  route: RouteDescription;
  key: string;
  pattern: RegExp;
  params: string[];
}

/** `/articles/{id}` -> regex with named groups; `{proxy+}` takes the rest of the path. */
function compile(route: RouteDescription): CompiledRoute {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!match) return segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      params.push(match[1] as string);
      return match[2] ? '(.+)' : '([^/]+)';
    })
    .join('/');
  return { route, key: routeKey(route), pattern: new RegExp(`^${source}$`), params };
}

/**
 * API Gateway's JWT authorizer hands claims over as strings, arrays flattened to "[a b]"; handlers
 * see the same shape here as in AWS.
 */
function flattenClaims(payload: JWTPayload): Record<string, string> {
  return Object.fromEntries(
    Object.entries(payload).map(([name, value]) => [name, Array.isArray(value) ? `[${value.join(' ')}]` : String(value)]),
  );
}

/**
 * A local HTTP API: refuses what did not come through the edge, matches the described routes, checks JWTs on
 * signed-in routes as the Cognito JWT authorizer does (issuer, signature, expiry, audience or client_id),
 * builds API Gateway v2 events and calls the same handlers the Lambdas run.
 */
export interface LocalGateway {
  server: http.Server;
  /** What this gateway actually serves, for the runtime manifest. */
  routes: Array<{ routeKey: string; auth: string; fn: string }>;
  /** Requests refused for not coming through the edge, and requests handed to a function. */
  counts: { refused: number; invoked: number };
}

/** API Gateway's answer to a request that fails mutual TLS (and to any request it refuses before routing). */
export const FORBIDDEN = { message: 'Forbidden' } as const;

function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(createHash('sha256').update(given).digest(), createHash('sha256').update(expected).digest());
}

export async function startGateway(options: GatewayOptions, port: number): Promise<LocalGateway> {
  const routes = options.stack.routes.map(compile);
  const counts = { refused: 0, invoked: 0 };
  const jwks = createRemoteJWKSet(new URL(options.jwt.jwksUrl));

  async function verify(header: string | undefined): Promise<Record<string, string> | null> {
    const token = header?.replace(/^Bearer\s+/i, '').trim();
    if (!token) return null;
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: options.jwt.issuer });
      const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud ?? payload.client_id];
      if (!audience.includes(options.jwt.audience)) return null;
      return flattenClaims(payload);
    } catch {
      return null;
    }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      handle(request, Buffer.concat(chunks), response).catch((error: unknown) => {
        process.stderr.write(`[gateway] ${error instanceof Error ? error.stack : String(error)}\n`);
        if (!response.headersSent) send(response, request, 500, { message: 'Internal Server Error' });
      });
    });
  });

  const corsHeaders = (request: http.IncomingMessage): Record<string, string> => {
    const origin = request.headers.origin;
    if (!origin || !options.allowedOrigins.includes(origin)) return {};
    return {
      'access-control-allow-origin': origin,
      'access-control-allow-headers': 'authorization,content-type',
      'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,OPTIONS',
      'access-control-max-age': '600',
      vary: 'origin',
    };
  };

  function send(response: http.ServerResponse, request: http.IncomingMessage, status: number, body: unknown, headers: Record<string, string> = {}) {
    response.writeHead(status, { 'content-type': 'application/json', ...corsHeaders(request), ...headers });
    response.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  async function handle(request: http.IncomingMessage, body: Buffer, response: http.ServerResponse) {
    // First of all, before routes, tokens or functions: only the edge may call the API.
    const presented = request.headers[EDGE_ORIGIN_HEADER];
    if (typeof presented !== 'string' || !sameSecret(presented, options.edgeCredential)) {
      counts.refused += 1;
      return send(response, request, 403, FORBIDDEN);
    }
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = (request.method ?? 'GET').toUpperCase();
    if (method === 'OPTIONS') return send(response, request, 204, '');

    const match = routes
      .filter((candidate) => candidate.route.method === method)
      .map((candidate) => ({ candidate, found: candidate.pattern.exec(url.pathname) }))
      .find((entry) => entry.found);
    if (!match?.found) return send(response, request, 404, { message: 'Not Found' });
    const { candidate, found } = match;

    let claims: Record<string, string> | null = null;
    if (candidate.route.auth !== 'public') {
      claims = await verify(request.headers.authorization);
      if (!claims) return send(response, request, 401, { message: 'Unauthorized' });
    }

    const fn = options.stack.functions.find((candidateFn) => candidateFn.name === candidate.route.fn);
    if (!fn) return send(response, request, 500, { message: 'Internal Server Error' });
    const handler = await loadFunctionHandler(fn);

    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(',') : String(value ?? '')]),
    );
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
    let pathParameters: Record<string, string>;
    try {
      pathParameters = Object.fromEntries(candidate.params.map((name, index) => [name, decodeURIComponent(found[index + 1] ?? '')]));
    } catch {
      // A malformed percent-encoding: API Gateway answers 400 before any function runs.
      return send(response, request, 400, { message: 'Bad Request' });
    }
    const now = new Date();
    const event = {
      version: '2.0',
      routeKey: candidate.key,
      rawPath: url.pathname,
      rawQueryString: url.search.replace(/^\?/, ''),
      cookies: headers.cookie ? headers.cookie.split(/;\s*/) : undefined,
      headers,
      queryStringParameters: Object.keys(query).length ? query : undefined,
      pathParameters: candidate.params.length ? pathParameters : undefined,
      requestContext: {
        accountId: '000000000000',
        apiId: 'local',
        domainName: headers.host ?? 'localhost',
        domainPrefix: 'localhost',
        http: {
          method,
          path: url.pathname,
          protocol: `HTTP/${request.httpVersion}`,
          sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
          userAgent: headers['user-agent'] ?? '',
        },
        requestId: randomUUID(),
        routeKey: candidate.key,
        stage: '$default',
        time: now.toUTCString(),
        timeEpoch: now.getTime(),
        ...(claims ? { authorizer: { jwt: { claims, scopes: null } } } : {}),
      },
      body: body.length ? body.toString('utf8') : undefined,
      isBase64Encoded: false,
    };

    counts.invoked += 1;
    const result = (await handler(event)) as
      | { statusCode?: number; headers?: Record<string, string>; body?: string; isBase64Encoded?: boolean }
      | string
      | undefined;
    // The payload format 2.0 rule: a result without statusCode is a 200 JSON body.
    if (result === undefined || typeof result === 'string' || result.statusCode === undefined) {
      return send(response, request, 200, JSON.stringify(result ?? null));
    }
    const payload = result.isBase64Encoded && result.body ? Buffer.from(result.body, 'base64') : (result.body ?? '');
    response.writeHead(result.statusCode, { ...corsHeaders(request), ...result.headers });
    response.end(payload);
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return { server, routes: routes.map(({ key, route }) => ({ routeKey: key, auth: route.auth, fn: route.fn })), counts };
}
