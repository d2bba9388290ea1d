import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { SiteConfig } from '../site-config.ts';
import { contentSecurityPolicy, SECURITY_HEADERS, type PageSources } from '../site-headers.ts';
import { EDGE_ORIGIN_HEADER, VIEWER_ADDRESS_HEADER } from '../stack-description.ts';
import { repoRoot } from './settings.ts';


const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.webmanifest']);

/** Compressed copies of the build's files, by path and modification time (a rebuild replaces them). */
const compressed = new Map<string, Buffer>();

/** Brotli or gzip, as the browser accepts, like CloudFront's automatic compression. */
function preferredEncoding(acceptEncoding: string): 'br' | 'gzip' | undefined {
  if (/\bbr\b/.test(acceptEncoding)) return 'br';
  return /\bgzip\b/.test(acceptEncoding) ? 'gzip' : undefined;
}

function encodedBody(file: string, acceptEncoding: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const encoding = COMPRESSIBLE.has(path.extname(file)) ? preferredEncoding(acceptEncoding) : undefined;
  if (!encoding) return { body: readFileSync(file) };
  const key = `${encoding}:${file}:${statSync(file).mtimeMs}`;
  let body = compressed.get(key);
  if (!body) {
    const raw = readFileSync(file);
    body = encoding === 'br' ? brotliCompressSync(raw) : gzipSync(raw);
    compressed.set(key, body);
  }
  return { body, encoding };
}

/** The API on the site's own origin, as CloudFront serves it (lib/constructs/site.ts): /api/x is the API's /x. */
export const LOCAL_API_PREFIX = '/api';

/**
 * What makes this site the local stand-in of the deployed edge: the gateway's port, and the credential the
 * gateway demands of every request (lib/local/gateway.ts), as API Gateway demands CloudFront's client
 * certificate and the functions its x-origin-verify header. Only this proxy adds it.
 */
export interface LocalEdge {
  apiPort: number;
  credential: string;
}

/**
 * Whether a request is for the API, from its path as sent (not normalised: `/api/../x` stays an API path, so a
 * hostile path reaches the gateway as written, as it reaches API Gateway through CloudFront).
 */
function isApiRequest(rawUrl: string): boolean {
  return rawUrl === LOCAL_API_PREFIX || rawUrl.startsWith(`${LOCAL_API_PREFIX}/`) || rawUrl.startsWith(`${LOCAL_API_PREFIX}?`);
}

/**
 * Passes a request under /api to the local API gateway as CloudFront's /api behaviour does: without the prefix
 * (its viewer function), with the reader's address written over whatever the client sent (x-viewer-address, as
 * the viewer function writes event.viewer.ip), and with the edge's credential (x-origin-verify, over any the
 * client sent). A request that reaches the gateway any other way is refused there.
 */
export function proxyToApi(request: http.IncomingMessage, response: http.ServerResponse, edge: LocalEdge): void {
  const rest = (request.url ?? LOCAL_API_PREFIX).slice(LOCAL_API_PREFIX.length);
  const upstreamPath = rest.startsWith('/') ? rest : `/${rest}`;
  const upstream = http.request(
    {
      host: '127.0.0.1',
      port: edge.apiPort,
      method: request.method,
      path: upstreamPath,
      headers: {
        ...request.headers,
        host: `127.0.0.1:${edge.apiPort}`,
        [VIEWER_ADDRESS_HEADER]: request.socket.remoteAddress ?? '127.0.0.1',
        [EDGE_ORIGIN_HEADER]: edge.credential,
      },
    },
    (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(response);
    },
  );
  upstream.on('error', () => {
    if (!response.headersSent) response.writeHead(502, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Service not found - please try again later' }));
  });
  request.pipe(upstream);
}

/**
 * The edge without the site (the benches run the API alone): /api as above, anything else 404. The API is
 * reached through the edge in every configuration, as on AWS.
 */
export async function startApiEdge(port: number, edge: LocalEdge): Promise<{ close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    if (isApiRequest(request.url ?? '/')) return proxyToApi(request, response, edge);
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ message: 'Not Found' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The production build served as CloudFront serves it: compressed, hashed assets cached long, SPA fallback to index.html, the API under /api. */
function startBuiltSite(config: SiteConfig, port: number, edge: LocalEdge, headers: Record<string, string>): Promise<http.Server> {
  // CNH_WEB_OUT: a build elsewhere (parallel checkouts or workers each build their own).
  const dist = process.env.CNH_WEB_OUT ? path.resolve(process.env.CNH_WEB_OUT) : path.join(repoRoot, 'frontend', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npm run build:web\` first`);
  const server = http.createServer((request, response) => {
    if (isApiRequest(request.url ?? '/')) return proxyToApi(request, response, edge);
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      return response.end(JSON.stringify(config));
    }
    const file = path.join(dist, path.normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, ''));
    const found = file.startsWith(dist) && existsSync(file) && statSync(file).isFile();
    const served = found ? file : path.join(dist, 'index.html');
    const hashed = found && url.pathname.startsWith('/assets/');
    const { body, encoding } = encodedBody(served, String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      ...headers,
      'content-type': MIME[path.extname(served)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Vite's dev server (hot reload) with the same /config.json. */
async function startDevSite(config: SiteConfig, port: number, edge: LocalEdge, headers: Record<string, string>): Promise<{ close: () => Promise<void> }> {
  const { createServer } = await import('vite');
  const server = await createServer({
    configFile: path.join(repoRoot, 'frontend', 'vite.config.ts'),
    server: {
      port,
      strictPort: true,
      host: '127.0.0.1',
      headers,
    },
    logLevel: 'warn',
    plugins: [
      {
        name: 'local-config-json',
        configureServer(dev) {
          dev.middlewares.use('/config.json', (_request, response) => {
            response.setHeader('content-type', 'application/json');
            response.setHeader('cache-control', 'no-cache');
            response.end(JSON.stringify(config));
          });
        },
      },
    ],
  });
  // The edge in front of the site, as CloudFront is in front of both origins: /api goes to the gateway with the
  // edge's credential and never reaches Vite's middlewares (its host check and CORS are the site's, not the API's).
  const httpServer = server.httpServer as http.Server | null;
  if (!httpServer) throw new Error('Vite made no HTTP server for the dev site');
  const siteListeners = httpServer.listeners('request') as Array<(request: http.IncomingMessage, response: http.ServerResponse) => void>;
  httpServer.removeAllListeners('request');
  httpServer.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (isApiRequest(request.url ?? '/')) return proxyToApi(request, response, edge);
    for (const listener of siteListeners) listener.call(httpServer, request, response);
  });
  await server.listen();
  return { close: () => server.close() };
}

/**
 * The site's security headers as CloudFront sends them (lib/site-headers.ts), with the stand-ins' origins in
 * place of Cognito's and Razorpay's. Vite's dev server also needs its inline React refresh preamble and its
 * hot-reload socket; the built site gets exactly the deployed policy's shape.
 */
function localSecurityHeaders(sources: PageSources, port: number, built: boolean): Record<string, string> {
  const devSocket = built ? [] : [`ws://localhost:${port}`, `ws://127.0.0.1:${port}`];
  return {
    ...SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy({ ...sources, connect: [...sources.connect, ...devSocket] }, { inlineScripts: !built }),
  };
}

export async function startSite(config: SiteConfig, port: number, edge: LocalEdge, built: boolean, sources: PageSources): Promise<{ close: () => Promise<void> }> {
  const headers = localSecurityHeaders(sources, port, built);
  if (!built) return startDevSite(config, port, edge, headers);
  const server = await startBuiltSite(config, port, edge, headers);
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}
