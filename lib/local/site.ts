import { existsSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { SiteConfig } from '../site-config.ts';
import { contentSecurityPolicy, SECURITY_HEADERS, type PageSources } from '../site-headers.ts';
import { EDGE_ORIGIN_HEADER, ROOT_PATHS_SERVED_BY_API, VIEWER_ADDRESS_HEADER } from '../stack-description.ts';
import { asksApiWhenMissing, isSiteRootApiPath, WRITTEN_PAGE_CACHE_CONTROL } from '#domain/reader/site-routes.ts';
import { EdgeCache } from './edge-cache.ts';
import { LOCAL_SITE_BUCKET, repoRoot } from './settings.ts';
import { edgeRouter, type EdgeAnswer } from './site-routing.ts';


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

/**
 * A body made for this answer (a written page, the shell), compressed as the browser accepts. Brotli at quality
 * 5: a page is compressed on each answer here (CloudFront compresses once per cached copy), and 5 is a few
 * milliseconds for a written page where the default 11 is tens.
 */
function encodedAnswer(raw: Buffer, acceptEncoding: string): { body: Buffer; encoding?: 'br' | 'gzip' } {
  const encoding = preferredEncoding(acceptEncoding);
  if (!encoding) return { body: raw };
  const body = encoding === 'br' ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(raw);
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
  return isUnderApiPrefix(rawUrl) || isRootPathOfApi(rawUrl);
}

function isUnderApiPrefix(rawUrl: string): boolean {
  return rawUrl === LOCAL_API_PREFIX || rawUrl.startsWith(`${LOCAL_API_PREFIX}/`) || rawUrl.startsWith(`${LOCAL_API_PREFIX}?`);
}

/** What the local edge keeps of the API's root paths' answers, as CloudFront's cache does (lib/local/edge-cache.ts). */
const rootPathCache = new EdgeCache();

/** The resized pictures (ROOT_PATHS_SERVED_BY_API: /img/), which CloudFront sends on as they are and caches. */
function isPictureOfApi(rawUrl: string): boolean {
  return ROOT_PATHS_SERVED_BY_API.some((prefix) => rawUrl.startsWith(prefix));
}

/** The API's paths at the site's root: the pictures and the crawlers' files (SITE_ROOT_API_PATHS). */
function isRootPathOfApi(rawUrl: string): boolean {
  return isPictureOfApi(rawUrl) || isSiteRootApiPath(new URL(rawUrl, 'http://localhost').pathname);
}

/**
 * Passes a request under /api to the local API gateway as CloudFront's /api behaviour does: without the prefix
 * (its viewer function), with the reader's address written over whatever the client sent (x-viewer-address, as
 * the viewer function writes event.viewer.ip), and with the edge's credential (x-origin-verify, over any the
 * client sent). A request that reaches the gateway any other way is refused there. The crawlers' files at the
 * root (SITE_ROOT_API_PATHS) go the same way under their own path, as their CloudFront behaviours send them.
 */
export function proxyToApi(request: http.IncomingMessage, response: http.ServerResponse, edge: LocalEdge): void {
  const rawUrl = request.url ?? LOCAL_API_PREFIX;
  // The pictures are cached as CloudFront's behaviour for them caches (/api and the crawlers' files are not here:
  // they are short-lived, and a test reads them right after a change).
  const cached = isPictureOfApi(rawUrl) && (request.method === 'GET' || request.method === 'HEAD');
  if (cached && rootPathCache.serve(rawUrl, response)) return;
  // A root path of the API (/img/..., /robots.txt, /sitemaps/...) goes on as it is, as CloudFront's behaviour for it sends it.
  const rest = isUnderApiPrefix(rawUrl) ? rawUrl.slice(LOCAL_API_PREFIX.length) : rawUrl;
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
      // The edge's headers over the API's, as CloudFront's response headers policy (override) adds them.
      Object.assign(answer.headers, SECURITY_HEADERS);
      if (cached && request.method === 'GET' && rootPathCache.keeps(answer)) return rootPathCache.relay(rawUrl, answer, response);
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
 * The edge without the site (the benches run the API alone): /api and the crawlers' files as above, anything else 404. The API is
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

/**
 * The reader site's bucket in the S3 stand-in, as the edge reads it: the shell (index.html, put at start as the
 * deploy puts it) and the written pages. A missing key is S3's 404 NoSuchKey, as CloudFront passes it on (the
 * distribution may list the bucket: docs/decisions/first-screen-html.md).
 */
export interface LocalSiteBucket {
  put: (key: string, body: string) => Promise<void>;
  get: (key: string) => Promise<{ status: number; body: Buffer }>;
}

export function localSiteBucket(objectsUrl: string): LocalSiteBucket {
  const objectUrl = (key: string) => `${objectsUrl}/${LOCAL_SITE_BUCKET}/${key.split('/').map(encodeURIComponent).join('/')}`;
  return {
    put: async (key, body) => {
      const answer = await fetch(objectUrl(key), { method: 'PUT', body });
      if (!answer.ok) throw new Error(`Putting ${key} into the site bucket answered ${answer.status}`);
    },
    get: async (key) => {
      const answer = await fetch(objectUrl(key));
      return { status: answer.status, body: Buffer.from(await answer.arrayBuffer()) };
    },
  };
}

/** An object of the site's bucket, answered with what S3 would send through CloudFront (its metadata as the writers set it). */
async function answerFromBucket(bucket: LocalSiteBucket, uri: string, acceptEncoding: string, response: http.ServerResponse, headers: Record<string, string>, whenMissing?: () => void): Promise<void> {
  const key = uri.slice(1);
  const object = await bucket.get(key);
  // CloudFront's origin group: a missing story or category page is asked of the API (MISSING_PAGE_PATTERNS).
  if (object.status === 404 && whenMissing) return whenMissing();
  if (object.status !== 200) {
    response.writeHead(object.status, { ...headers, 'content-type': 'application/xml' });
    response.end(object.body);
    return;
  }
  const cacheControl = key === 'index.html' ? 'no-cache' : WRITTEN_PAGE_CACHE_CONTROL;
  // Compressed as CloudFront compresses what the bucket sends (the behaviour's automatic compression).
  const { body, encoding } = encodedAnswer(object.body, acceptEncoding);
  response.writeHead(200, { ...headers, 'content-type': MIME['.html'] as string, 'cache-control': cacheControl, vary: 'accept-encoding', ...(encoding ? { 'content-encoding': encoding } : {}) });
  response.end(body);
}

/** For a path whose missing page the API answers: the request goes on to the API at the page's key, as the origin group sends it. */
function missingPage(pathname: string, uri: string, request: http.IncomingMessage, response: http.ServerResponse, edge: LocalEdge): (() => void) | undefined {
  if (!asksApiWhenMissing(pathname)) return undefined;
  return () => {
    request.url = uri;
    proxyToApi(request, response, edge);
  };
}

/** The site function's own answer (404 for a path nothing answers). */
function answerGenerated(answer: Extract<EdgeAnswer, { kind: 'generated' }>, response: http.ServerResponse, headers: Record<string, string>): void {
  response.writeHead(answer.statusCode, { ...headers, ...answer.headers });
  response.end(answer.body);
}

/**
 * The production build served as CloudFront serves it: the site's viewer function decides (lib/local/site-routing.ts),
 * written pages and the shell come from the site's bucket, the build's files compressed with hashed assets cached
 * long, the API under /api and the crawlers' files at the root.
 */
async function startBuiltSite(config: SiteConfig, port: number, edge: LocalEdge, headers: Record<string, string>, bucket: LocalSiteBucket): Promise<http.Server> {
  // CNH_WEB_OUT: a build elsewhere (parallel checkouts or workers each build their own).
  const dist = process.env.CNH_WEB_OUT ? path.resolve(process.env.CNH_WEB_OUT) : path.join(repoRoot, 'frontend', 'dist');
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} is missing: run \`npm run build:web\` first`);
  // The shell goes into the bucket as the deploy's BucketDeployment puts it there: the page writer reads it from there.
  await bucket.put('index.html', readFileSync(path.join(dist, 'index.html'), 'utf8'));
  const route = edgeRouter();
  const server = http.createServer((request, response) => {
    if (isApiRequest(request.url ?? '/')) return proxyToApi(request, response, edge);
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      return response.end(JSON.stringify(config));
    }
    const answer = route(url.pathname, url.searchParams);
    if (answer.kind === 'generated') return answerGenerated(answer, response, headers);
    if (answer.uri === '/index.html' || answer.uri.startsWith('/pages/')) {
      answerFromBucket(bucket, answer.uri, String(request.headers['accept-encoding'] ?? ''), response, headers, missingPage(url.pathname, answer.uri, request, response, edge)).catch(() => {
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
        response.end('The site bucket did not answer');
      });
      return;
    }
    const file = path.join(dist, path.normalize(decodeURIComponent(answer.uri)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dist) || !existsSync(file) || !statSync(file).isFile()) {
      // A file the build does not have: S3's 404 through CloudFront.
      response.writeHead(404, { ...headers, 'content-type': 'application/xml' });
      return response.end('<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>');
    }
    const hashed = answer.uri.startsWith('/assets/');
    const { body, encoding } = encodedBody(file, String(request.headers['accept-encoding'] ?? ''));
    response.writeHead(200, {
      ...headers,
      'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    response.end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Vite's own module and client paths (no file name with a dot): they exist only in the dev server, never at the edge. */
const isViteInternal = (pathname: string) => pathname.startsWith('/@') || pathname.startsWith('/__') || pathname.startsWith('/node_modules/');

/**
 * Vite's dev server (hot reload) with the same /config.json and the same routing as the deployed edge: the site's
 * viewer function decides, written pages come from the site's bucket, and what it sends to the shell or to a
 * file Vite serves (its shell is index.html through transformIndexHtml, the same HTML put into the bucket at start).
 */
async function startDevSite(config: SiteConfig, port: number, edge: LocalEdge, headers: Record<string, string>, bucket: LocalSiteBucket): Promise<{ close: () => Promise<void> }> {
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
  const route = edgeRouter();
  const toVite = (request: http.IncomingMessage, response: http.ServerResponse) => {
    for (const listener of siteListeners) listener.call(httpServer, request, response);
  };
  httpServer.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (isApiRequest(request.url ?? '/')) return proxyToApi(request, response, edge);
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (isViteInternal(url.pathname)) return toVite(request, response);
    const answer = route(url.pathname, url.searchParams);
    if (answer.kind === 'generated') return answerGenerated(answer, response, headers);
    if (answer.uri.startsWith('/pages/')) {
      answerFromBucket(bucket, answer.uri, String(request.headers['accept-encoding'] ?? ''), response, headers, missingPage(url.pathname, answer.uri, request, response, edge)).catch(() => {
        if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain' });
        response.end('The site bucket did not answer');
      });
      return;
    }
    // The shell (Vite's fallback serves index.html for an app route) or a file.
    toVite(request, response);
  });
  await server.listen();
  // The shell as the deploy puts it into the bucket: what Vite serves for '/'.
  await bucket.put('index.html', await server.transformIndexHtml('/', readFileSync(path.join(repoRoot, 'frontend', 'index.html'), 'utf8')));
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

export async function startSite(config: SiteConfig, port: number, edge: LocalEdge, built: boolean, sources: PageSources, objectsUrl: string): Promise<{ close: () => Promise<void> }> {
  const headers = localSecurityHeaders(sources, port, built);
  const bucket = localSiteBucket(objectsUrl);
  if (!built) return startDevSite(config, port, edge, headers, bucket);
  const server = await startBuiltSite(config, port, edge, headers, bucket);
  return { close: () => new Promise((resolve) => server.close(() => resolve())) };
}
