import { HEAD_END } from '#domain/content/page-image.ts';
import { httpUrl } from '#domain/content/urls.ts';
import { USER_AGENT } from './feed-fetch.ts';

export interface PageHeadOptions {
  timeoutMs: number;
  /** Bytes read at most; a head that has not ended by then is read as far as it went. */
  maxBytes: number;
  maxRedirects: number;
}

export type PageHeadResult = { kind: 'ok'; head: string; url: string } | { kind: 'error'; error: string };

/**
 * The `<head>` of an article page: one GET with the ingest's user agent, a timeout, a byte cap and a
 * redirect limit, http(s) only (every redirect too). Reading stops at `</head>` (or `<body>`) or at the cap,
 * and the rest of the page is never downloaded. Never throws: every outcome is a result.
 */
export async function fetchPageHead(url: string, options: PageHeadOptions): Promise<PageHeadResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = httpUrl(url);
  try {
    for (let redirects = 0; ; redirects += 1) {
      if (!current) return { kind: 'error', error: 'Not an http(s) address' };
      const response = await fetch(current, { redirect: 'manual', signal, headers: { 'user-agent': USER_AGENT, accept: 'text/html,application/xhtml+xml;q=0.9' } });
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel();
        if (redirects >= options.maxRedirects) return { kind: 'error', error: `More than ${options.maxRedirects} redirects` };
        current = httpUrl(response.headers.get('location'), current);
        continue;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        return { kind: 'error', error: `HTTP ${response.status}` };
      }
      const type = response.headers.get('content-type') ?? '';
      if (type && !/html/i.test(type)) {
        await response.body.cancel();
        return { kind: 'error', error: `Not a page: ${type}` };
      }
      return { kind: 'ok', head: await readHead(response.body, options.maxBytes), url: current };
    }
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    return { kind: 'error', error: timedOut ? `Timed out after ${options.timeoutMs} ms` : `Network error: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** The body up to the end of its head or maxBytes, whichever comes first; the download is then cancelled. */
async function readHead(body: ReadableStream<Uint8Array>, maxBytes: number): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - size;
      size += value.byteLength;
      text += decoder.decode(value.byteLength > room ? value.subarray(0, room) : value, { stream: true });
      const end = HEAD_END.exec(text);
      if (end) return text.slice(0, end.index);
      if (size >= maxBytes) break;
    }
    return text;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
