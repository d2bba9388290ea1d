import { createHash } from 'node:crypto';
import http from 'node:http';
import { feedXml } from '../ingest.ts';

/** Generated feeds (test/bench/ingest.ts's), each host on its own port, with ETags so a re-poll is a 304. */
export async function startFeedServers({ feeds, hosts, port }: { feeds: number; hosts: number; port: number }): Promise<{ urlOf: (feed: number) => string; close: () => void }> {
  const bodies = Array.from({ length: feeds }, (_, feed) => Buffer.from(feedXml(feed)));
  const etags = bodies.map((body) => `"${createHash('sha1').update(body).digest('hex')}"`);
  const servers = Array.from({ length: hosts }, () =>
    http.createServer((request, response) => {
      const feed = Number(/\/feed\/(\d+)/.exec(request.url ?? '')?.[1]);
      if (!bodies[feed]) return void response.writeHead(404).end();
      if (request.headers['if-none-match'] === etags[feed]) return void response.writeHead(304, { etag: etags[feed] }).end();
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8', etag: etags[feed] as string });
      response.end(bodies[feed]);
    }),
  );
  await Promise.all(servers.map((server, host) => new Promise<void>((resolve) => server.listen(port + host, '127.0.0.1', resolve))));
  return {
    urlOf: (feed) => `http://127.0.0.1:${port + (feed % hosts)}/feed/${feed}`,
    close: () => servers.forEach((server) => server.close()),
  };
}
