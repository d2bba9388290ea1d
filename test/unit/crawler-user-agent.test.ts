import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlerUserAgent } from '#adapters/http-get.ts';
import { fetchFeed } from '#adapters/feed-fetch.ts';
import { fetchPageHead } from '#adapters/page-head.ts';
import { config } from '#core/config.ts';

describe('the User-Agent a publisher sees', () => {
  const seen: Array<string | undefined> = [];
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      seen.push(request.headers['user-agent']);
      if (request.url === '/moved') return response.writeHead(301, { location: '/feed.xml' }).end();
      response.writeHead(200, { 'content-type': request.url === '/page' ? 'text/html' : 'application/rss+xml' });
      response.end(request.url === '/page' ? '<html><head><title>x</title></head><body></body></html>' : '<rss version="2.0"><channel><title>x</title></channel></rss>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('names the bot and the About page of the deployment that fetches', () => {
    expect(crawlerUserAgent('https://news.example.in')).toBe('CreatorNewsHubBot/1.0 (+https://news.example.in/about)');
  });

  it('is sent on every request of a feed fetch (redirects included) and a page read, from the configured site', async () => {
    seen.length = 0;
    const feed = await fetchFeed(`${base}/moved`, { timeoutMs: 5_000, maxBytes: 100_000, maxRedirects: 3 });
    expect(feed.kind).toBe('ok');
    expect((await fetchPageHead(`${base}/page`, { timeoutMs: 5_000, maxBytes: 100_000, maxRedirects: 3 })).kind).toBe('ok');
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(new Set(seen)).toEqual(new Set([`CreatorNewsHubBot/1.0 (+${config.SITE_URL}/about)`]));
  });
});
