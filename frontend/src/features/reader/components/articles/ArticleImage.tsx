import { useState } from 'react';
import { isFallbackImage } from '#domain/content/images.ts';

/** The first letter or digit of a publisher's name, for its mark. */
const initialOf = (name: string) => (/[\p{L}\p{N}]/u.exec(name)?.[0] ?? '·').toLocaleUpperCase();

/**
 * An article's picture, on a card and in the dialog: the publisher's, in a fixed box (no layout shift), lazy
 * unless `priority` (the first card's, fetched first as the page's largest paint; the dialog's, shown at
 * once). Without one (or when it fails to load), a slim band with the publisher's initial and name in the
 * category's colour, so the story stays compact and says whose it is, never a stand-in picture whose word
 * can contradict the category.
 */
export function ArticleImage({ src, category, sourceName, className, width, height, priority = false }: {
  src: string | null;
  category: string;
  sourceName: string;
  className: string;
  width: number;
  height: number;
  priority?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  if (failed || isFallbackImage(src)) {
    return (
      <span className="card-publisher" data-category={category}>
        <span className="publisher-initial">{initialOf(sourceName)}</span>
        <span className="publisher-name">{sourceName}</span>
      </span>
    );
  }
  return (
    <img
      src={src ?? undefined}
      alt=""
      className={className}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding={priority ? 'auto' : 'async'}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  );
}
