import { startTransition, useCallback, useState } from 'react';
import { DEFAULT_RESIZED_WIDTH, resizedImageSrcSet, resizedImageUrl } from '#domain/content/resized-images.ts';

/** The first letter or digit of a publisher's name, for its mark. */
const initialOf = (name: string) => (/[\p{L}\p{N}]/u.exec(name)?.[0] ?? '·').toLocaleUpperCase();

/**
 * An article's picture, on a card and in the dialog: the site's own resized copies of the publisher's picture
 * (/img/..., `srcset` of the fixed widths, the browser picks by `sizes`), never the publisher's full-size file,
 * in a fixed box (no layout shift), lazy unless `priority` (the first card's, fetched first as the page's
 * largest paint; the dialog's, shown at once). Without one (or when the copy fails to load), a slim band with
 * the publisher's initial and name in the category's colour, so the story stays compact and says whose it is,
 * never a stand-in picture whose word can contradict the category. The addresses come from the article alone
 * (resized-images.ts), so the page written on the server and the app render the same `<img>`. Where the box is a
 * 3:1 band (a card on a phone), a `<source>` offers the band's copies, cut to that shape: a third of the pixels.
 */
export function ArticleImage({ article, sizes, band, category, sourceName, className, width, height, priority = false }: {
  article: { id: string; imageUrl: string | null };
  /** How wide the box is drawn at each viewport width, for the browser's choice among the copies. */
  sizes: string;
  /** Where the box is a 3:1 band (its media query, as the stylesheet's) and how wide it is drawn there. */
  band?: { media: string; sizes: string };
  category: string;
  sourceName: string;
  className: string;
  width: number;
  height: number;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  // A written page's picture can fail before the app hydrates, when no onError listens yet: a picture already
  // asked for (currentSrc set; a lazy one not yet asked for has none) that completed without pixels failed.
  // As a transition: an update during the commit would otherwise be rendered at once, in the hydration's task.
  const noticeEarlyFailure = useCallback((image: HTMLImageElement | null) => {
    if (image && image.complete && image.currentSrc !== '' && image.naturalWidth === 0) startTransition(() => setFailed(true));
  }, []);
  const src = resizedImageUrl(article, DEFAULT_RESIZED_WIDTH);
  if (failed || !src) {
    return (
      <span className="card-publisher" data-category={category}>
        <span className="publisher-initial">{initialOf(sourceName)}</span>
        <span className="publisher-name">{sourceName}</span>
      </span>
    );
  }
  const image = (
    <img
      src={src}
      srcSet={resizedImageSrcSet(article) ?? undefined}
      sizes={sizes}
      alt=""
      className={className}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'auto' : 'async'}
      onError={() => setFailed(true)}
      ref={noticeEarlyFailure}
    />
  );
  if (!band) return image;
  return (
    <picture>
      <source media={band.media} srcSet={resizedImageSrcSet(article, 'band') ?? undefined} sizes={band.sizes} />
      {image}
    </picture>
  );
}
