import { HEAD_END } from '#domain/content/page-image.ts';
import { httpUrl } from '#domain/content/urls.ts';
import { getFollowingRedirects } from './http-get.ts';

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
  return getFollowingRedirects<PageHeadResult>(
    httpUrl(url),
    { timeoutMs: options.timeoutMs, maxRedirects: options.maxRedirects, headers: { accept: 'text/html,application/xhtml+xml;q=0.9' }, follow: httpUrl },
    async (response, current) => {
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
    },
    (error) => ({ kind: 'error', error }),
  );
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
