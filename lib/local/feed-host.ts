import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { repoRoot } from './settings.ts';

/**
 * With no internet here, this host serves the fixture feeds in test/fixtures/feeds as a publisher
 * would: ETag and Last-Modified with 304 answers, charset in Content-Type, item dates relative to the
 * host's start (so articles look fresh, and stay byte-identical for conditional GETs), plus endpoints
 * that misbehave on purpose. It is the publisher's site too: some items link to article pages here
 * (`/articles/<feed>/<slug>`, test/fixtures/feeds/articles, with og:image / twitter:image in their heads)
 * and their pictures are served from `/images/` (test/fixtures/feeds/images), so they load offline.
 * `{{origin}}` in a feed or page is this host's address. GET /__requests lists what was asked and
 * answered, for tests.
 */
export interface FeedHost {
  server: http.Server;
  url: string;
  requests: Array<{ path: string; status: number; conditional: boolean; at: number }>;
}

const feedsDir = path.join(repoRoot, 'test', 'fixtures', 'feeds');

/** A fixture's text with its dates (hours before the host's start) and this host's address filled in. */
const filled = (raw: string, startedAt: number, origin: string) =>
  raw
    .replace(/\{\{(rfc822|iso):(\d+)\}\}/g, (_whole, format: string, hours: string) => {
      const date = new Date(startedAt - Number(hours) * 3_600_000);
      return format === 'iso' ? date.toISOString() : date.toUTCString();
    })
    .replaceAll('{{origin}}', origin);

function render(file: string, startedAt: number, origin: string): { body: Buffer; contentType: string } {
  const latin1 = file.includes('latin1');
  const text = filled(readFileSync(path.join(feedsDir, file), latin1 ? 'latin1' : 'utf8'), startedAt, origin);
  const type = file.endsWith('.atom') ? 'application/atom+xml' : file.endsWith('.rdf') ? 'application/rdf+xml' : 'application/rss+xml';
  return { body: Buffer.from(text, latin1 ? 'latin1' : 'utf8'), contentType: `${type}; charset=${latin1 ? 'ISO-8859-1' : 'utf-8'}` };
}

/** A fixture file under `folder` named by a URL path's rest, or null for anything that leaves the folder. */
function fixtureFile(folder: string, rest: string): string | null {
  if (!/^[a-z0-9-]+(\/[a-z0-9-]+)?(\.[a-z]+)?$/.test(rest)) return null;
  const file = path.join(feedsDir, folder, rest);
  return existsSync(file) ? file : null;
}

/** An article page that is one `<head>` many megabytes long: a reader of heads must stop at its cap. */
function endlessHead(response: http.ServerResponse) {
  response.on('error', () => undefined);
  response.write('<!doctype html><html><head><title>Endless</title>');
  const filler = Buffer.from(`<meta name="keywords" content="${'creator '.repeat(1000)}">`);
  let sent = 0;
  const pump = () => {
    while (sent < 10 * 1024 * 1024) {
      sent += filler.length;
      if (!response.write(filler)) return void response.once('drain', pump);
    }
    response.end('<meta property="og:image" content="/images/never-reached.jpg"></head><body></body></html>');
  };
  pump();
}

export function startFeedHost(port: number, options: { slowMs?: number } = {}): Promise<FeedHost> {
  const startedAt = Math.floor(Date.now() / 1000) * 1000;
  const origin = `http://127.0.0.1:${port}`;
  const lastModified = new Date(startedAt).toUTCString();
  const requests: FeedHost['requests'] = [];

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const conditional = Boolean(request.headers['if-none-match'] || request.headers['if-modified-since']);
    const answer = (status: number, headers: Record<string, string> = {}, body?: Buffer | string) => {
      requests.push({ path: url.pathname, status, conditional, at: Date.now() });
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
      requests.push({ path: url.pathname, status: 200, conditional, at: Date.now() });
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
    // Article pages that misbehave: a head without end, a page that never answers, a redirect out of http(s).
    if (url.pathname === '/misbehave/page-huge') {
      requests.push({ path: url.pathname, status: 200, conditional, at: Date.now() });
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return endlessHead(response);
    }
    if (url.pathname === '/misbehave/page-to-file') return answer(302, { location: 'file:///etc/passwd' });
    if (url.pathname === '/misbehave/page-not-html') return answer(200, { 'content-type': 'application/pdf' }, '%PDF-1.4 <meta property="og:image" content="/images/never-reached.jpg">');

    if (url.pathname.startsWith('/articles/')) {
      const file = fixtureFile('articles', `${url.pathname.slice('/articles/'.length)}.html`);
      if (!file) return answer(404, { 'content-type': 'text/html; charset=utf-8' }, '<!doctype html><title>Not Found</title>');
      return answer(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'max-age=300' }, filled(readFileSync(file, 'utf8'), startedAt, origin));
    }
    if (url.pathname.startsWith('/images/')) {
      const file = fixtureFile('images', url.pathname.slice('/images/'.length));
      if (!file) return answer(404, {}, 'Not Found');
      return answer(200, { 'content-type': 'image/jpeg', 'cache-control': 'public, max-age=86400' }, readFileSync(file));
    }
    if (url.pathname.startsWith('/misbehave/redirect-loop')) {
      const next = url.pathname.endsWith('/again') ? '/misbehave/redirect-loop' : '/misbehave/redirect-loop/again';
      return answer(302, { location: next });
    }

    const file = url.pathname.replace(/^\/feeds\//, '');
    if (!url.pathname.startsWith('/feeds/') || file.includes('/') || file.includes('..')) return answer(404, {}, 'Not Found');
    let rendered;
    try {
      rendered = render(file, startedAt, origin);
    } catch {
      return answer(404, {}, 'Not Found');
    }
    const etag = `"${createHash('sha1').update(rendered.body).digest('hex')}"`;
    const cacheHeaders = { etag, 'last-modified': lastModified, 'cache-control': 'max-age=300' };
    if (request.headers['if-none-match'] === etag || request.headers['if-modified-since'] === lastModified) return answer(304, cacheHeaders);
    return answer(200, { 'content-type': rendered.contentType, ...cacheHeaders }, rendered.body);
  });

  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () => resolve({ server, url: origin, requests })),
  );
}
