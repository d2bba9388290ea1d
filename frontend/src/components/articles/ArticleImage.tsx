import { useState } from 'react';
import { fallbackImage } from '#domain/images.ts';

/**
 * An article's picture: lazy, in a fixed 16:9 box (no layout shift), and the category's stand-in when the
 * source has none or it fails to load (reader spec section 5).
 */
export function ArticleImage({ src, category, className, eager = false }: { src: string | null; category: string; className: string; eager?: boolean }) {
  const fallback = fallbackImage(category);
  const [failed, setFailed] = useState(false);
  const shown = !src || failed ? fallback : src;
  return (
    <img
      src={shown}
      alt=""
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={640}
      height={360}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      data-fallback={shown === fallback ? 'true' : undefined}
    />
  );
}
