import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import decodeWebp, { init as initWebpDecoder } from '@jsquash/webp/decode.js';
import { imageUrlVersion, PUBLISHER_FAILED_CACHE_CONTROL, resizedImageUrl, RESIZED_IMAGE_CACHE_CONTROL, type ResizedImageShape, type ResizedImageWidth } from '#domain/content/resized-images.ts';
import type { ApiAnswer } from '#http/answers.ts';
import { IMAGE_CODEC_FILES } from '../../lib/stack-description.ts';
import { testArticle } from '../support/articles.ts';
import { httpEvent, lambdaContext, local, useFreshTable } from '../support/aws.ts';

/**
 * GET /img/{id}/{variant}, the site's resized pictures: the handler over DynamoDB Local on a table of this
 * file's own, the publisher being the local feed host (whose request log shows what was fetched), and one
 * copy asked of the local site at its root, as a reader's browser asks CloudFront.
 */
type Answer = { statusCode: number; headers?: Record<string, string>; body: string; isBase64Encoded?: boolean };
let handler: (event: unknown, context: unknown) => Promise<Answer>;
const feeds = () => local().urls.feeds;
const picture = (name: string) => `${feeds()}/images/${name}`;

/** Decodes a WebP for real: its pixels are there and it is as wide as asked. */
async function decodedSize(bytes: Uint8Array): Promise<{ width: number; height: number; pixels: number }> {
  const image = await decodeWebp(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return { width: image.width, height: image.height, pixels: image.data.length / 4 };
}

async function ask(id: string, variant: string) {
  const event = { ...httpEvent('GET /img/{id}/{variant}'), rawPath: `/img/${id}/${variant}`, pathParameters: { id, variant } };
  const answer = await handler(event, lambdaContext);
  const bytes = answer.isBase64Encoded ? Buffer.from(answer.body, 'base64') : Buffer.from(answer.body);
  return { status: answer.statusCode, headers: answer.headers ?? {}, bytes, message: answer.isBase64Encoded ? undefined : (JSON.parse(answer.body) as { message: string }).message };
}

type Request = { path: string; at: number };
const imageRequestsSince = async (since: number) =>
  ((await (await fetch(`${feeds()}/__requests`)).json()) as Request[]).filter((request) => request.at >= since && !request.path.startsWith('/__')).map((request) => request.path);

const published = testArticle({ imageUrl: '' });
const draft = testArticle({ status: 'draft' });
const brokenPublisher = testArticle();
const notAPicture = testArticle();

beforeAll(async () => {
  await useFreshTable();
  const webp = readFileSync(IMAGE_CODEC_FILES.webpDecoder);
  await initWebpDecoder(await WebAssembly.compile(new Uint8Array(webp)));
  const { createArticle } = await import('#store/articles.ts');
  handler = (await import('../../lambdas/http/articles/articles.handler.ts')).handler as unknown as typeof handler;
  Object.assign(published, { imageUrl: picture('ai-captions.jpg') });
  Object.assign(draft, { imageUrl: picture('tiktok-shop.jpg') });
  Object.assign(brokenPublisher, { imageUrl: `${feeds()}/misbehave/500` });
  Object.assign(notAPicture, { imageUrl: `${feeds()}/articles/brandwire/creator-led-ads-study` });
  for (const article of [published, draft, brokenPublisher, notAPicture]) await createArticle(article);
});

const variantOf = (article: { id: string; imageUrl?: string }, width: ResizedImageWidth, shape: ResizedImageShape = 'standard') =>
  resizedImageUrl({ id: article.id, imageUrl: article.imageUrl ?? null }, width, shape)!.split('/').pop()!;

describe('a resized picture', () => {
  it('is the article\'s own picture at the width and shape asked, as WebP, cached for a year; no wider than the picture is', async () => {
    const since = Date.now();
    const small = await ask(published.id, variantOf(published, 320));
    expect(small.status).toBe(200);
    expect(small.headers['content-type']).toBe('image/webp');
    expect(small.headers['cache-control']).toBe(RESIZED_IMAGE_CACHE_CONTROL);
    expect(await decodedSize(small.bytes)).toEqual({ width: 320, height: 180, pixels: 320 * 180 });
    // The fixture picture is 640 wide: the 960 copy is not blown up.
    const large = await ask(published.id, variantOf(published, 960));
    expect(await decodedSize(large.bytes)).toMatchObject({ width: 640, height: 360 });
    expect(large.bytes.length).toBeLessThan(readFileSync('test/fixtures/feeds/images/ai-captions.jpg').length);
    // A phone card's band: the 16:9 picture's middle third-of-width-high strip, 3:1.
    const band = await ask(published.id, variantOf(published, 480, 'band'));
    expect(band.status).toBe(200);
    expect(await decodedSize(band.bytes)).toEqual({ width: 480, height: 160, pixels: 480 * 160 });
    expect(await imageRequestsSince(since)).toEqual(['/images/ai-captions.jpg', '/images/ai-captions.jpg', '/images/ai-captions.jpg']);
  });

  it('is refused with a message, fetching nothing, for an unknown width, a malformed variant, an unknown or hidden article, or a replaced picture', async () => {
    const since = Date.now();
    const version = imageUrlVersion(published.imageUrl!);
    const refusals = [
      [published.id, `500-${version}.webp`, 400, /Unknown width 500: pictures are made 320, 480, 720, 960 pixels wide/],
      [published.id, `720-${version}.png`, 400, /Unknown picture variant/],
      [published.id, '640', 400, /Unknown picture variant/],
      ['00000000-0000-4000-8000-000000000000', `720-${version}.webp`, 404, /Article not found/],
      [draft.id, variantOf(draft, 720), 404, /Article not found/],
      // A made-up fingerprint (or the old one of a replaced picture) never gets the current picture under it.
      [published.id, '720-zzzz.webp', 404, /replaced/],
      [published.id, '720b-zzzz.webp', 404, /replaced/],
      // An address in place of the id is looked up as an id, never fetched.
      [encodeURIComponent(picture('tiktok-shop.jpg')), `720-${imageUrlVersion(picture('tiktok-shop.jpg'))}.webp`, 404, /Article not found/],
    ] as const;
    for (const [id, variant, status, message] of refusals) {
      const answer = await ask(id, variant);
      expect([answer.status, answer.message], `${id} ${variant}`).toEqual([status, expect.stringMatching(message)]);
      expect(answer.headers['cache-control']).toBe('no-store');
    }
    expect(await imageRequestsSince(since)).toEqual([]);
  });

  it('answers 404 with why when the publisher fails or sends no picture, kept minutes, not a year, and asks it only for the article\'s own address', async () => {
    const since = Date.now();
    const failing = await ask(brokenPublisher.id, variantOf(brokenPublisher, 720));
    // Not a 5xx: a publisher's outage is not the API's, and the card shows the publisher's band for any failure.
    expect([failing.status, failing.message]).toEqual([404, 'The publisher\'s picture could not be resized: HTTP 500']);
    expect(failing.headers['cache-control']).toBe(PUBLISHER_FAILED_CACHE_CONTROL);
    const page = await ask(notAPicture.id, variantOf(notAPicture, 720));
    expect([page.status, page.message]).toEqual([404, 'The publisher\'s picture could not be resized: not a picture']);
    expect(await imageRequestsSince(since)).toEqual(['/misbehave/500', '/articles/brandwire/creator-led-ads-study']);
  });
});

describe('the site at its root', () => {
  it('serves /img/* from the API as CloudFront does: a published story\'s picture, resized', async () => {
    const { items } = (await (await fetch(`${local().urls.api}/articles?limit=100&market=all`)).json()) as ApiAnswer<'GET /articles'>;
    const pictured = items.find((item) => item.imageUrl?.startsWith(feeds()));
    expect(pictured, 'a fixture story with a picture on the local publisher').toBeDefined();
    const address = new URL(resizedImageUrl(pictured!, 320)!, local().urls.site);
    const since = Date.now();
    const response = await fetch(address);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe(RESIZED_IMAGE_CACHE_CONTROL);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect((await decodedSize(bytes)).width).toBe(320);
    // Kept by the local edge as CloudFront keeps it: the second reader's copy is not made again.
    const again = await fetch(address);
    expect(again.headers.get('x-cache')).toBe('Hit from local edge');
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    const picturePath = new URL(pictured!.imageUrl!).pathname;
    expect((await imageRequestsSince(since)).filter((path) => path === picturePath).length).toBeLessThanOrEqual(1);
    // A refusal is not kept: it says no-store.
    const unknown = await fetch(new URL(`/img/${pictured!.id}/123-abc.webp`, local().urls.site));
    expect([unknown.status, ((await unknown.json()) as { message: string }).message]).toEqual([400, expect.stringMatching(/Unknown width 123/)]);
  });
});
