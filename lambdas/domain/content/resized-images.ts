/**
 * Resized copies of a publisher's picture, served by the site itself under /img (docs/decisions/resized-images.md):
 * the rules of their addresses, shared by the API that answers them, the page writer and the app, so all build
 * the same URL. Pure and browser-safe: no Node built-ins, no clock, no window.
 */
import { isFallbackImage } from './images.ts';

/** The site's root path the resized copies are served under (a CloudFront behaviour to the API, the local site alike). */
export const RESIZED_IMAGE_PREFIX = '/img/';

/**
 * The only widths made: a few, so each picture has a handful of copies to cache, and the cache is not a resizer for
 * anyone's widths. 480 and 720 are there for phones: a card as wide as a 412-pixel phone at 1.75 device pixels needs
 * 668 pixels, and with 640 as the next step down the browser took the 960 copy, twice the pixels.
 */
export const RESIZED_IMAGE_WIDTHS = [320, 480, 720, 960] as const;
export type ResizedImageWidth = (typeof RESIZED_IMAGE_WIDTHS)[number];
/** The copy named in `src`, for a browser that reads no `srcset`. */
export const DEFAULT_RESIZED_WIDTH: ResizedImageWidth = 720;

/**
 * The shapes a copy is cut to, as the widest proportion (width / height) a picture keeps: a taller picture loses
 * its top and bottom evenly, a wider one is left as it is. Every box the site draws a picture in crops it to its own
 * shape (`object-fit: cover`), so the cut only drops pixels no box shows:
 * - `standard`: 16:9, the tallest box (the article dialog); cards (2:1) and the story page (1.9:1) crop it a little more;
 * - `band`: 3:1, the card on a phone (styles.css, `.card-image` under 640 px), a third of a 3:2 photograph's pixels.
 */
export const RESIZED_IMAGE_SHAPES = { standard: 16 / 9, band: 3 } as const;
export type ResizedImageShape = keyof typeof RESIZED_IMAGE_SHAPES;
/** The letter a shape adds after the width in a copy's address (none for the standard shape). */
const SHAPE_MARK: Record<ResizedImageShape, string> = { standard: '', band: 'b' };

/**
 * The copies of a picture its first readers ask for (frontend ArticleImage's srcset and sizes): a phone's card band (720 at
 * 1.75-2 device pixels, 960 above), a desktop card (480 at 1x, 960 at 2x), the story page and dialog on a phone (720).
 */
export const COPIES_MADE_AHEAD: ReadonlyArray<readonly [ResizedImageWidth, ResizedImageShape]> = [
  [720, 'band'],
  [960, 'band'],
  [480, 'standard'],
  [720, 'standard'],
  [960, 'standard'],
];

/** A copy never changes under its address (an edited picture gets a new one): browsers and CloudFront keep it a year. */
export const RESIZED_IMAGE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** A copy the publisher's picture could not give: kept a few minutes, so a failing publisher is not asked for every reader. */
export const PUBLISHER_FAILED_CACHE_CONTROL = 'public, max-age=300';

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

/** The last path segment of a copy: its width, shape, the picture's fingerprint and the format, e.g. `720-1x2y3z.webp`, `480b-1x2y3z.webp`. */
export const resizedImageVariant = (imageUrl: string, width: ResizedImageWidth, shape: ResizedImageShape = 'standard') =>
  `${width}${SHAPE_MARK[shape]}-${imageUrlVersion(imageUrl)}.webp`;

/** A variant segment read back: its width (any number: the caller says which are made), shape and fingerprint, or null when it is not of that shape. */
export function parseResizedImageVariant(variant: string): { width: number; shape: ResizedImageShape; version: string } | null {
  const match = /^([0-9]{1,5})(b?)-([0-9a-z]{1,8})\.webp$/.exec(variant);
  return match ? { width: Number(match[1]), shape: match[2] === 'b' ? 'band' : 'standard', version: match[3] as string } : null;
}

/** Whether an article's picture is the publisher's (an absolute http(s) address), i.e. one the site resizes. */
export function hasPublisherImage(imageUrl: string | null | undefined): imageUrl is string {
  return !isFallbackImage(imageUrl) && /^https?:\/\//i.test(imageUrl as string);
}

/** The site address of one resized copy of an article's picture, or null when it has no publisher picture. */
export function resizedImageUrl(article: { id: string; imageUrl?: string | null | undefined }, width: ResizedImageWidth, shape: ResizedImageShape = 'standard'): string | null {
  if (!hasPublisherImage(article.imageUrl)) return null;
  return `${RESIZED_IMAGE_PREFIX}${encodeURIComponent(article.id)}/${resizedImageVariant(article.imageUrl, width, shape)}`;
}

/** The `srcset` of every copy of one shape (`/img/... 320w, ...`), or null when the article has no publisher picture. */
export function resizedImageSrcSet(article: { id: string; imageUrl?: string | null | undefined }, shape: ResizedImageShape = 'standard'): string | null {
  if (!hasPublisherImage(article.imageUrl)) return null;
  return RESIZED_IMAGE_WIDTHS.map((width) => `${resizedImageUrl(article, width, shape)} ${width}w`).join(', ');
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

/**
 * A copy's size: `width` wide (never wider than the picture: a small one is re-encoded at its own size), as tall as
 * the picture's proportions give, but no taller than the shape allows (the rows cut are `crop.top` down and below
 * `crop.top + crop.rows`, evenly from top and bottom).
 */
export function copyGeometry(source: { width: number; height: number }, width: number, shape: ResizedImageShape): { width: number; height: number; crop: { top: number; rows: number } } {
  const rows = Math.min(source.height, Math.max(1, Math.round(source.width / RESIZED_IMAGE_SHAPES[shape])));
  const top = Math.floor((source.height - rows) / 2);
  const copyWidth = Math.min(width, source.width);
  return { width: copyWidth, height: Math.max(1, Math.round((rows * copyWidth) / source.width)), crop: { top, rows } };
}
