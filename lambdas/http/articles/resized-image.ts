import * as z from '#domain/common/validation.ts';
import { isResizedImageWidth, parseResizedImageVariant, RESIZED_IMAGE_CACHE_CONTROL, RESIZED_IMAGE_TYPE, RESIZED_IMAGE_WIDTHS } from '#domain/content/resized-images.ts';
import { badRequest } from '#core/errors.ts';
import { BinaryReply, route } from '#platform/router.ts';
import { resizedArticleImage } from '../../services/resized-images.ts';

/** GET /img/{id}/{variant}: a public article's picture, resized to one of the fixed widths and shapes, as WebP, cached for good. */
export const resizedImage = route(
  { params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)), variant: z.string().check(z.minLength(1), z.maxLength(40)) }) },
  async ({ params }) => {
    const variant = parseResizedImageVariant(params.variant);
    if (!variant) throw badRequest(`Unknown picture variant "${params.variant}": expected <width>-<version>.webp or <width>b-<version>.webp`);
    if (!isResizedImageWidth(variant.width)) throw badRequest(`Unknown width ${variant.width}: pictures are made ${RESIZED_IMAGE_WIDTHS.join(', ')} pixels wide`);
    const copy = await resizedArticleImage(params.id, variant.width, variant.shape, variant.version);
    return new BinaryReply(copy.body, RESIZED_IMAGE_TYPE, { 'cache-control': RESIZED_IMAGE_CACHE_CONTROL });
  },
);
