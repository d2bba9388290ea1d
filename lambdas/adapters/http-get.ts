import { config } from '#core/config.ts';

/**
 * Every request the ingest makes to a publisher (feeds, article pages) says who it is, and where a publisher
 * reads about the bot: the About page of the deployment that fetches, not of this project.
 */
export const crawlerUserAgent = (siteUrl: string) => `CreatorNewsHubBot/1.0 (+${siteUrl}/about)`;

export interface GetOptions {
  timeoutMs: number;
  maxRedirects: number;
  headers: Record<string, string>;
  /** Where a redirect's Location leads, or null when it may not be followed; by default any URL. */
  follow?: (location: string, from: string) => string | null;
}

/**
 * A GET to a publisher that follows redirects itself (so each hop is checked and counted, and loops end at
 * `maxRedirects`), under one timeout for the whole exchange, reading the answer included. `answer` reads the
 * first response that is not a redirect (a 304 is an answer); `failed` turns a refused redirect, a timeout
 * or a network error into the caller's result, with the redirect's response when there was one. Never throws
 * what fetch throws.
 */
export async function getFollowingRedirects<T>(
  url: string | null,
  options: GetOptions,
  answer: (response: Response, url: string) => Promise<T>,
  failed: (error: string, redirect?: Response) => T,
): Promise<T> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  const follow = options.follow ?? ((location: string, from: string) => new URL(location, from).toString());
  let current = url;
  try {
    for (let redirects = 0; ; redirects += 1) {
      if (current === null) return failed('Not an http(s) address');
      const response = await fetch(current, { redirect: 'manual', signal, headers: { 'user-agent': crawlerUserAgent(config.SITE_URL), ...options.headers } });
      if (response.status < 300 || response.status >= 400 || response.status === 304) return await answer(response, current);
      await response.body?.cancel();
      const location = response.headers.get('location');
      if (!location) return failed(`HTTP ${response.status} without a Location`, response);
      if (redirects >= options.maxRedirects) return failed(`More than ${options.maxRedirects} redirects`, response);
      current = follow(location, current);
    }
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return failed(timedOut ? `Timed out after ${options.timeoutMs} ms` : `Network error: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Reads at most maxBytes of a body; beyond that the download is cancelled. */
export async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (!response.body) return Buffer.alloc(0);
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) {
      await response.body.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
