import { HttpError, notFound } from '#core/errors.ts';
import { logger } from '#core/logger.ts';
import { hasPublisherImage, imageDimensions, imageUrlVersion, PUBLISHER_FAILED_CACHE_CONTROL, sniffImageFormat, type ResizedImageShape, type ResizedImageWidth } from '#domain/content/resized-images.ts';
import { isPublicArticle } from '#domain/reader/public-articles.ts';
import { DECODABLE_FORMATS, resizeToWebp } from '#adapters/image-codecs.ts';
import { fetchPublisherImage, type PublisherImageOptions } from '#adapters/publisher-image.ts';
import { getArticle } from '#store/articles.ts';

/** One polite GET per copy made (CloudFront keeps the copy, so a picture is fetched a few times, not per reader). */
export const PUBLISHER_IMAGE_LIMITS: PublisherImageOptions = { timeoutMs: 8_000, maxBytes: 10 * 1024 * 1024, maxRedirects: 3 };

/** Pixels a source picture may have: decoded at 4 bytes each, 40 megapixels is 160 MB of the function's memory. */
export const MAX_SOURCE_PIXELS = 40_000_000;

/**
 * The largest copy answered: Lambda's synchronous response is 6 MB at most, and the body goes base64-encoded
 * (4/3 larger) inside it. A card-sized WebP is tens of kilobytes; this only keeps a freak from failing as a 500.
 */
export const MAX_COPY_BYTES = 4 * 1024 * 1024;

/**
 * A copy the publisher's picture cannot give: 404, the copy does not exist (the card shows the publisher's band), kept
 * at the edge a few minutes (PUBLISHER_FAILED_CACHE_CONTROL). Not a 5xx: a publisher's outage is not ours, and would
 * trip the API's 5xx-rate alarm (lib/constructs/monitoring.ts) on every page of cards.
 */
const publisherFailed = (why: string) => new HttpError(404, `The publisher's picture could not be resized: ${why}`, undefined, { 'cache-control': PUBLISHER_FAILED_CACHE_CONTROL });

/**
 * A resized copy of a public article's own picture, cut to a shape: the article is looked up (an unknown, hidden or
 * picture-less article is 404), the picture's fingerprint must be the one asked for (a changed picture's old
 * address is 404, never the new picture under an address cached as immutable), and only the stored address is
 * fetched: the route is no proxy for any other URL. A publisher that fails, or bytes that are no picture the
 * codecs read, answer 404 with why (publisherFailed).
 */
export async function resizedArticleImage(articleId: string, width: ResizedImageWidth, shape: ResizedImageShape, version: string): Promise<{ body: Uint8Array; width: number; height: number }> {
  const article = await getArticle(articleId);
  if (!article || !isPublicArticle(article)) throw notFound('Article not found');
  if (!hasPublisherImage(article.imageUrl)) throw notFound('This article has no picture of its own');
  if (imageUrlVersion(article.imageUrl) !== version) throw notFound('This picture has been replaced: the article\'s card links its new address');

  const fetched = await fetchPublisherImage(article.imageUrl, PUBLISHER_IMAGE_LIMITS);
  if (fetched.kind === 'error') throw publisherFailed(fetched.error);
  const format = sniffImageFormat(fetched.bytes);
  if (!format || !DECODABLE_FORMATS.includes(format)) throw publisherFailed(format ? `${format} is not resized here (JPEG, PNG and WebP are)` : 'not a picture');
  const size = imageDimensions(fetched.bytes, format);
  if (!size || size.width < 1 || size.height < 1) throw publisherFailed(`unreadable ${format} header`);
  if (size.width * size.height > MAX_SOURCE_PIXELS) throw publisherFailed(`${size.width}x${size.height} is too large`);

  let copy;
  try {
    copy = await resizeToWebp(fetched.bytes, format, width, shape);
  } catch (error) {
    logger.warn('picture not resized', { articleId, format, error: error instanceof Error ? error.message : String(error) });
    throw publisherFailed(`the ${format} could not be decoded`);
  }
  if (copy.body.byteLength > MAX_COPY_BYTES) throw publisherFailed('the copy is too large to answer');
  return copy;
}
