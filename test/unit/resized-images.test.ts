import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  hasPublisherImage,
  imageDimensions,
  imageUrlVersion,
  parseResizedImageVariant,
  copyGeometry,
  resizedImageSrcSet,
  resizedImageUrl,
  RESIZED_IMAGE_WIDTHS,
  sniffImageFormat,
} from '#domain/content/resized-images.ts';
import { fallbackImage } from '#domain/content/images.ts';
import { sharedCacheSeconds } from '../../lib/local/edge-cache.ts';

const article = { id: '0b7c3a52-5d1e-4a8e-9f53-2f7d0c1e9a10', imageUrl: 'https://publisher.example.in/photos/creator-fund.jpg' };

describe('the address of a resized picture', () => {
  it('is the site\'s /img path of the article, a fixed width and the stored picture\'s fingerprint, the same on every call', () => {
    const url = resizedImageUrl(article, 720);
    expect(url).toBe(`/img/${article.id}/720-${imageUrlVersion(article.imageUrl)}.webp`);
    expect(resizedImageUrl({ ...article }, 720)).toBe(url);
    expect(url).not.toContain('publisher.example.in');
  });

  it('changes when the picture is replaced, so no cache serves the old one under it', () => {
    const replaced = { ...article, imageUrl: 'https://publisher.example.in/photos/creator-fund-v2.jpg' };
    expect(resizedImageUrl(replaced, 720)).not.toBe(resizedImageUrl(article, 720));
    expect(imageUrlVersion(article.imageUrl)).toMatch(/^[0-9a-z]{1,8}$/);
  });

  it('lists every width in the srcset, each with its w descriptor; a band\'s copies are marked b after the width', () => {
    expect(resizedImageSrcSet(article)).toBe(RESIZED_IMAGE_WIDTHS.map((width) => `${resizedImageUrl(article, width)} ${width}w`).join(', '));
    expect(resizedImageUrl(article, 480, 'band')).toBe(`/img/${article.id}/480b-${imageUrlVersion(article.imageUrl)}.webp`);
    expect(resizedImageSrcSet(article, 'band')).toBe(RESIZED_IMAGE_WIDTHS.map((width) => `${resizedImageUrl(article, width, 'band')} ${width}w`).join(', '));
  });

  it('is null without a publisher picture: none, the site\'s stand-in, or anything that is not http(s)', () => {
    for (const imageUrl of [null, undefined, '', fallbackImage('creator-economy'), 'data:image/png;base64,AAAA', 'javascript:alert(1)']) {
      expect(resizedImageUrl({ id: article.id, imageUrl }, 320), String(imageUrl)).toBeNull();
      expect(resizedImageSrcSet({ id: article.id, imageUrl }), String(imageUrl)).toBeNull();
      expect(hasPublisherImage(imageUrl)).toBe(false);
    }
    expect(hasPublisherImage('http://127.0.0.1:4701/images/a.jpg')).toBe(true);
  });

  it('reads back as its width and fingerprint; any other shape is refused', () => {
    const variant = resizedImageUrl(article, 960)!.split('/').pop()!;
    expect(parseResizedImageVariant(variant)).toEqual({ width: 960, shape: 'standard', version: imageUrlVersion(article.imageUrl) });
    expect(parseResizedImageVariant(resizedImageUrl(article, 720, 'band')!.split('/').pop()!)).toEqual({ width: 720, shape: 'band', version: imageUrlVersion(article.imageUrl) });
    expect(parseResizedImageVariant('500-abc.webp')).toEqual({ width: 500, shape: 'standard', version: 'abc' });
    for (const bad of ['640', '640-abc', '640-abc.jpg', '-abc.webp', '640-ABC.webp', '640-abc.webp/..', '999999-a.webp', '640-abcdefghi.webp', '640c-abc.webp', '640bb-abc.webp', '640B-abc.webp']) {
      expect(parseResizedImageVariant(bad), bad).toBeNull();
    }
  });
});

describe('picture bytes', () => {
  const jpeg = readFileSync('test/fixtures/feeds/images/ai-captions.jpg');

  it('are told apart by their signature, and a JPEG\'s size is read from its frame header', () => {
    expect(sniffImageFormat(jpeg)).toBe('jpeg');
    expect(imageDimensions(jpeg, 'jpeg')).toEqual({ width: 640, height: 360 });
    expect(sniffImageFormat(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBe('svg');
    expect(sniffImageFormat(new TextEncoder().encode('GIF89a....'))).toBe('gif');
    expect(sniffImageFormat(new TextEncoder().encode('<!doctype html><html>'))).toBeNull();
  });

  it('give a PNG\'s and a WebP\'s size from their headers', () => {
    const png = Buffer.alloc(24);
    Buffer.from('\x89PNG\r\n\x1a\n', 'latin1').copy(png, 0);
    png.writeUInt32BE(1200, 16);
    png.writeUInt32BE(630, 20);
    expect(sniffImageFormat(png)).toBe('png');
    expect(imageDimensions(png, 'png')).toEqual({ width: 1200, height: 630 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBPVP8X', 8, 'latin1');
    webp.writeUIntLE(1199, 24, 3);
    webp.writeUIntLE(629, 27, 3);
    expect(sniffImageFormat(webp)).toBe('webp');
    expect(imageDimensions(webp, 'webp')).toEqual({ width: 1200, height: 630 });
    expect(imageDimensions(Buffer.from([0xff, 0xd8, 0xff]), 'jpeg')).toBeNull();
  });

  it('keep their proportions when resized, cut evenly top and bottom when taller than the shape, never blown up', () => {
    // 16:9 is the standard shape: such a picture is only scaled.
    expect(copyGeometry({ width: 640, height: 360 }, 320, 'standard')).toEqual({ width: 320, height: 180, crop: { top: 0, rows: 360 } });
    // A 3:2 photograph loses 62 rows off the top and as many off the bottom for 16:9, 200 in all for the 3:1 band.
    expect(copyGeometry({ width: 1200, height: 800 }, 960, 'standard')).toEqual({ width: 960, height: 540, crop: { top: 62, rows: 675 } });
    expect(copyGeometry({ width: 1200, height: 800 }, 720, 'band')).toEqual({ width: 720, height: 240, crop: { top: 200, rows: 400 } });
    // Narrower than asked: its own width; wider than the shape (a panorama): nothing cut.
    expect(copyGeometry({ width: 600, height: 400 }, 960, 'band')).toEqual({ width: 600, height: 200, crop: { top: 100, rows: 200 } });
    expect(copyGeometry({ width: 4000, height: 1 }, 320, 'standard')).toEqual({ width: 320, height: 1, crop: { top: 0, rows: 1 } });
    // A portrait one: the middle of it.
    expect(copyGeometry({ width: 427, height: 640 }, 320, 'standard')).toEqual({ width: 320, height: 180, crop: { top: 200, rows: 240 } });
  });
});

describe('the local edge\'s cache of /img answers', () => {
  it('keeps an answer as long as its Cache-Control lets a shared cache, and never one that says no-store, no-cache or private', () => {
    expect(sharedCacheSeconds('public, max-age=31536000, immutable')).toBe(31536000);
    expect(sharedCacheSeconds('public, max-age=60, s-maxage=600')).toBe(600);
    for (const value of ['no-store', 'no-cache', 'private, max-age=600', 'public', undefined]) expect(sharedCacheSeconds(value), String(value)).toBe(0);
  });
});
