/**
 * Resized copies of a publisher's picture, served by the site itself under /img (docs/decisions/resized-images.md):
 * the rules of their addresses, shared by the API that answers them, the page writer and the app, so all build
 * the same URL. Pure and browser-safe: no Node built-ins, no clock, no window.
 */
import { isFallbackImage } from './images.ts';

/** The site's root path the resized copies are served under (a CloudFront behaviour to the API, the local site alike). */
export const RESIZED_IMAGE_PREFIX = '/img/';

/** The only widths made: a few, so each picture has a handful of copies to cache, and the cache is not a resizer for anyone's widths. */
export const RESIZED_IMAGE_WIDTHS = [320, 640, 960] as const;
export type ResizedImageWidth = (typeof RESIZED_IMAGE_WIDTHS)[number];

/** A copy never changes under its address (an edited picture gets a new one): browsers and CloudFront keep it a year. */
export const RESIZED_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** WebP: every browser the site supports decodes it, and its encoder is fast enough to run per request. */
export const RESIZED_IMAGE_TYPE = 'image/webp';

export const isResizedImageWidth = (width: number): width is ResizedImageWidth => (RESIZED_IMAGE_WIDTHS as readonly number[]).includes(width);

/**
 * A short, stable fingerprint of the stored picture's address (FNV-1a, 32 bits, base 36): part of the copy's
 * address, so a picture replaced in the console gets new URLs that no cache has seen. Not a security measure:
 * the server still looks the article up and fetches only its own picture.
 */
export function imageUrlVersion(imageUrl: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < imageUrl.length; index += 1) {
    hash ^= imageUrl.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** The last path segment of a copy: its width, the picture's fingerprint and the format, e.g. `640-1x2y3z.webp`. */
export const resizedImageVariant = (imageUrl: string, width: ResizedImageWidth) => `${width}-${imageUrlVersion(imageUrl)}.webp`;

/** A variant segment read back: its width (any number: the caller says which are made) and fingerprint, or null when it is not of that shape. */
export function parseResizedImageVariant(variant: string): { width: number; version: string } | null {
  const match = /^([0-9]{1,5})-([0-9a-z]{1,8})\.webp$/.exec(variant);
  return match ? { width: Number(match[1]), version: match[2] as string } : null;
}

/** Whether an article's picture is the publisher's (an absolute http(s) address), i.e. one the site resizes. */
export function hasPublisherImage(imageUrl: string | null | undefined): imageUrl is string {
  return !isFallbackImage(imageUrl) && /^https?:\/\//i.test(imageUrl as string);
}

/** The site address of one resized copy of an article's picture, or null when it has no publisher picture. */
export function resizedImageUrl(article: { id: string; imageUrl?: string | null | undefined }, width: ResizedImageWidth): string | null {
  if (!hasPublisherImage(article.imageUrl)) return null;
  return `${RESIZED_IMAGE_PREFIX}${encodeURIComponent(article.id)}/${resizedImageVariant(article.imageUrl, width)}`;
}

/** The `srcset` of every copy (`/img/... 320w, ...`), or null when the article has no publisher picture. */
export function resizedImageSrcSet(article: { id: string; imageUrl?: string | null | undefined }): string | null {
  if (!hasPublisherImage(article.imageUrl)) return null;
  return RESIZED_IMAGE_WIDTHS.map((width) => `${resizedImageUrl(article, width)} ${width}w`).join(', ');
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' | 'svg';

/** What a picture's bytes are, from their signature (a publisher's Content-Type is not trusted), or null. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  if (ascii(0, 4) === 'GIF8') return 'gif';
  if (ascii(4, 8) === 'ftyp' && /^avi[fs]$/.test(ascii(8, 12))) return 'avif';
  if (/^\s*(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(ascii(0, 256))) return 'svg';
  return null;
}

/**
 * A JPEG, PNG or WebP picture's pixel size from its header, without decoding it (so a 20,000-pixel-wide
 * picture is refused before it takes the function's memory), or null when the header cannot be read.
 */
export function imageDimensions(bytes: Uint8Array, format: ImageFormat): { width: number; height: number } | null {
  const u16be = (at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
  const u16le = (at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
  const u24le = (at: number) => u16le(at) | ((bytes[at + 2] ?? 0) << 16);
  const u32be = (at: number) => u16be(at) * 0x10000 + u16be(at + 2);
  if (format === 'png') return bytes.length >= 24 ? { width: u32be(16), height: u32be(20) } : null;
  if (format === 'webp') {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk === 'VP8 ' && bytes.length >= 30) return { width: u16le(26) & 0x3fff, height: u16le(28) & 0x3fff };
    if (chunk === 'VP8L' && bytes.length >= 25) {
      const bits = (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
      return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
    }
    if (chunk === 'VP8X' && bytes.length >= 30) return { width: u24le(24) + 1, height: u24le(27) + 1 };
    return null;
  }
  if (format === 'jpeg') {
    // Walk the markers to the first start-of-frame (SOF0-SOF15 but DHT C4, JPG C8 and DAC CC), which holds the size.
    let at = 2;
    while (at + 9 < bytes.length) {
      if (bytes[at] !== 0xff) return null;
      const marker = bytes[at + 1] as number;
      if (marker === 0xff) {
        at += 1;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: u16be(at + 7), height: u16be(at + 5) };
      }
      at += 2 + u16be(at + 2);
    }
    return null;
  }
  return null;
}

/** The height of a copy `width` wide that keeps the picture's proportions (at least 1 pixel). */
export const proportionalHeight = (source: { width: number; height: number }, width: number) => Math.max(1, Math.round((source.height * width) / source.width));
