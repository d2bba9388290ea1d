import { httpUrl } from '#domain/content/urls.ts';
import { getFollowingRedirects, readCapped } from './http-get.ts';

export interface PublisherImageOptions {
  timeoutMs: number;
  /** Bytes read at most; a larger picture is refused without reading the rest. */
  maxBytes: number;
  maxRedirects: number;
}

export type PublisherImageResult = { kind: 'ok'; bytes: Buffer } | { kind: 'error'; error: string };

/**
 * A publisher's picture: one GET with the ingest's user agent, a timeout, a byte cap and a redirect limit,
 * http(s) only (every redirect too). Never throws: every outcome is a result.
 */
export async function fetchPublisherImage(url: string, options: PublisherImageOptions): Promise<PublisherImageResult> {
  return getFollowingRedirects<PublisherImageResult>(
    httpUrl(url),
    { timeoutMs: options.timeoutMs, maxRedirects: options.maxRedirects, headers: { accept: 'image/webp,image/png,image/jpeg;q=0.9,image/*;q=0.5' }, follow: httpUrl },
    async (response) => {
      if (!response.ok) {
        await response.body?.cancel();
        return { kind: 'error', error: `HTTP ${response.status}` };
      }
      const bytes = await readCapped(response, options.maxBytes);
      return bytes ? { kind: 'ok', bytes } : { kind: 'error', error: `Larger than ${options.maxBytes} bytes` };
    },
    (error) => ({ kind: 'error', error }),
  );
}
