import type http from 'node:http';

/**
 * The local stand-in of CloudFront's cache in front of the API's root paths (/img/*: lib/constructs/site.ts, the
 * resized pictures' cache policy): an answer is kept for as long as its own Cache-Control says (s-maxage or
 * max-age; nothing that says no-store, no-cache or private, nothing without a lifetime, as minimum and default
 * TTL 0 do there), in memory, by its address, up to a byte budget (oldest first out). So a picture is resized
 * once per copy locally too, not on every page view.
 */
interface Kept {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  storedAt: number;
  expiresAt: number;
}

/** Seconds an answer may be kept by a shared cache, from its Cache-Control; 0 when it may not be kept. */
export function sharedCacheSeconds(cacheControl: string | undefined): number {
  const directives = (cacheControl ?? '').toLowerCase();
  if (/\b(no-store|no-cache|private)\b/.test(directives)) return 0;
  const shared = /\bs-maxage=(\d+)/.exec(directives) ?? /\bmax-age=(\d+)/.exec(directives);
  return shared ? Number(shared[1]) : 0;
}

export class EdgeCache {
  private readonly kept = new Map<string, Kept>();
  private bytes = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  /** Answers the request from the cache if a fresh copy is kept (with its Age, as CloudFront adds); whether it did. */
  serve(key: string, response: http.ServerResponse, now = Date.now()): boolean {
    const hit = this.kept.get(key);
    if (!hit) return false;
    if (hit.expiresAt <= now) {
      this.drop(key);
      return false;
    }
    response.writeHead(hit.status, { ...hit.headers, age: String(Math.floor((now - hit.storedAt) / 1000)), 'x-cache': 'Hit from local edge' });
    response.end(hit.body);
    return true;
  }

  /** Whether an answer of the origin may be kept: a 200 whose Cache-Control gives it a lifetime. */
  keeps(answer: http.IncomingMessage): boolean {
    return answer.statusCode === 200 && sharedCacheSeconds(answer.headers['cache-control']) > 0;
  }

  /** Reads the origin's answer whole, keeps it, then sends it on. */
  relay(key: string, answer: http.IncomingMessage, response: http.ServerResponse): void {
    const chunks: Buffer[] = [];
    answer.on('data', (chunk: Buffer) => chunks.push(chunk));
    answer.on('end', () => {
      const body = Buffer.concat(chunks);
      const now = Date.now();
      const headers = { ...answer.headers };
      this.keep(key, { status: answer.statusCode ?? 200, headers, body, storedAt: now, expiresAt: now + sharedCacheSeconds(answer.headers['cache-control']) * 1000 });
      response.writeHead(answer.statusCode ?? 200, { ...headers, 'x-cache': 'Miss from local edge' });
      response.end(body);
    });
    answer.on('error', () => response.destroy());
  }

  private keep(key: string, entry: Kept): void {
    if (entry.body.length > this.maxBytes) return;
    this.drop(key);
    this.kept.set(key, entry);
    this.bytes += entry.body.length;
    for (const oldest of this.kept.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const entry = this.kept.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.kept.delete(key);
  }
}
