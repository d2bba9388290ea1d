import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { repoRoot } from './settings.ts';

/**
 * With no internet here, this host serves the fixture feeds in test/fixtures/feeds as a publisher
 * would: ETag and Last-Modified with 304 answers, charset in Content-Type, item dates relative to the
 * host's start (so articles look fresh, and stay byte-identical for conditional GETs), plus endpoints
 * that misbehave on purpose. GET /__requests lists what was asked and answered, for tests.
 */
export interface FeedHost {
  server: http.Server;
  url: string;
  requests: Array<{ path: string; status: number; conditional: boolean }>;
}

const feedsDir = path.join(repoRoot, 'test', 'fixtures', 'feeds');

function render(file: string, startedAt: number): { body: Buffer; contentType: string } {
  const latin1 = file.includes('latin1');
  const raw = readFileSync(path.join(feedsDir, file), latin1 ? 'latin1' : 'utf8');
  const text = raw.replace(/\{\{(rfc822|iso):(\d+)\}\}/g, (_whole, format: string, hours: string) => {
    const date = new Date(startedAt - Number(hours) * 3_600_000);
    return format === 'iso' ? date.toISOString() : date.toUTCString();
  });
  const type = file.endsWith('.atom') ? 'application/atom+xml' : file.endsWith('.rdf') ? 'application/rdf+xml' : 'application/rss+xml';
  return { body: Buffer.from(text, latin1 ? 'latin1' : 'utf8'), contentType: `${type}; charset=${latin1 ? 'ISO-8859-1' : 'utf-8'}` };
}

export function startFeedHost(port: number, options: { slowMs?: number } = {}): Promise<FeedHost> {
  const startedAt = Math.floor(Date.now() / 1000) * 1000;
  const lastModified = new Date(startedAt).toUTCString();
  const requests: FeedHost['requests'] = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const conditional = Boolean(request.headers['if-none-match'] || request.headers['if-modified-since']);
    const answer = (status: number, headers: Record<string, string> = {}, body?: Buffer | string) => {
      requests.push({ path: url.pathname, status, conditional });
      response.writeHead(status, headers);
      response.end(body);
    };

    if (url.pathname === '/__requests') {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(requests));
    }
    if (url.pathname === '/misbehave/500') return answer(500, { 'content-type': 'text/plain' }, 'Internal Server Error');
    if (url.pathname === '/misbehave/slow') {
      const timer = setTimeout(() => answer(200, { 'content-type': 'application/rss+xml' }, '<rss/>'), options.slowMs ?? 60_000);
      request.once('close', () => clearTimeout(timer));
      return;
    }
    if (url.pathname === '/misbehave/garbage') {
      requests.push({ path: url.pathname, status: 200, conditional });
      response.writeHead(200, { 'content-type': 'application/rss+xml' });
      let sent = 0;
      const chunk = randomBytes(64 * 1024);
      const pump = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('error', () => undefined);
      return pump();
    }
    if (url.pathname.startsWith('/misbehave/redirect-loop')) {
      const next = url.pathname.endsWith('/again') ? '/misbehave/redirect-loop' : '/misbehave/redirect-loop/again';
      return answer(302, { location: next });
    }

    const file = url.pathname.replace(/^\/feeds\//, '');
    if (!url.pathname.startsWith('/feeds/') || file.includes('/') || file.includes('..')) return answer(404, {}, 'Not Found');
    let rendered;
    try {
      rendered = render(file, startedAt);
    } catch {
      return answer(404, {}, 'Not Found');
    }
    const etag = `"${createHash('sha1').update(rendered.body).digest('hex')}"`;
    const cacheHeaders = { etag, 'last-modified': lastModified, 'cache-control': 'max-age=300' };
    if (request.headers['if-none-match'] === etag || request.headers['if-modified-since'] === lastModified) return answer(304, cacheHeaders);
    return answer(200, { 'content-type': rendered.contentType, ...cacheHeaders }, rendered.body);
  });

  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${port}`, requests })),
  );
}
