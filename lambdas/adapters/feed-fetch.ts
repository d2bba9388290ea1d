import { parseMaxAge, parseRetryAfter, type ServerHints } from '#domain/content/feed-schedule.ts';
import { getFollowingRedirects, readCapped } from './http-get.ts';

export interface FetchOptions {
  etag?: string | undefined;
  lastModified?: string | undefined;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

export type FetchResult =
  | { kind: 'ok'; body: Buffer; contentType: string; etag?: string; lastModified?: string; hints: ServerHints; httpStatus: number; responseTimeMs: number }
  | { kind: 'not-modified'; hints: ServerHints; httpStatus: 304; responseTimeMs: number }
  | { kind: 'error'; error: string; httpStatus?: number; hints: ServerHints; responseTimeMs: number };

/**
 * One polite feed request: conditional (ETag / If-Modified-Since), with a timeout, a body size cap and a
 * redirect limit (loops end there). Never throws: every outcome is a result to record.
 */
export async function fetchFeed(url: string, options: FetchOptions): Promise<FetchResult> {
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const hintsOf = (response: Response): ServerHints => ({
    maxAgeSeconds: parseMaxAge(response.headers.get('cache-control')),
    retryAfterSeconds: parseRetryAfter(response.headers.get('retry-after')),
  });
  const headers = {
    accept: 'application/rss+xml, application/atom+xml, application/rdf+xml, application/xml;q=0.9, text/xml;q=0.8, */*;q=0.1',
    ...(options.etag ? { 'if-none-match': options.etag } : {}),
    ...(options.lastModified ? { 'if-modified-since': options.lastModified } : {}),
  };
  return getFollowingRedirects<FetchResult>(
    url,
    { timeoutMs: options.timeoutMs, maxRedirects: options.maxRedirects, headers },
    async (response) => {
      const hints = hintsOf(response);
      if (response.status === 304) {
        await response.body?.cancel();
        return { kind: 'not-modified', httpStatus: 304, hints, responseTimeMs: elapsed() };
      }
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'error', error: `HTTP ${response.status}`, httpStatus: response.status, hints, responseTimeMs: elapsed() };
      }
      const body = await readCapped(response, options.maxBytes);
      if (!body) return { kind: 'error', error: `Body larger than ${options.maxBytes} bytes`, httpStatus: response.status, hints, responseTimeMs: elapsed() };
      return {
        kind: 'ok',
        body,
        contentType: response.headers.get('content-type') ?? '',
        ...(response.headers.get('etag') ? { etag: response.headers.get('etag') as string } : {}),
        ...(response.headers.get('last-modified') ? { lastModified: response.headers.get('last-modified') as string } : {}),
        hints,
        httpStatus: response.status,
        responseTimeMs: elapsed(),
      };
    },
    (error, redirect) =>
      redirect
        ? { kind: 'error', error, httpStatus: redirect.status, hints: hintsOf(redirect), responseTimeMs: elapsed() }
        : { kind: 'error', error, hints: {}, responseTimeMs: elapsed() },
  );
}
