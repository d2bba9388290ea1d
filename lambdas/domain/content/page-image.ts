import sanitizeHtml from 'sanitize-html';
import { usableImage } from './normalise.ts';
import { httpUrl } from './urls.ts';

/** The meta tags a page names its share picture with, in the order they are trusted. */
const IMAGE_META = ['og:image', 'og:image:secure_url', 'og:image:url', 'twitter:image', 'twitter:image:src'] as const;

/** Where a page's `<head>` ends: nothing after it can carry a share picture. */
export const HEAD_END = /<\/head\s*>|<body[\s>]/i;

/**
 * An article page's share picture, from its `<head>`: the first `og:image` / `twitter:image` that passes the
 * URL rule (resolved against the page's address, absolute http(s) only) and is not a placeholder or a pixel;
 * else null. The markup is read by the project's HTML parser (sanitize-html), so quoting, attribute order and
 * entities (`&amp;` in a query) are as a browser reads them.
 */
export function pageImage(head: string, pageUrl: string): string | null {
  const found = new Map<string, string>();
  sanitizeHtml(head, {
    allowedTags: ['meta'],
    allowedAttributes: { meta: ['property', 'name', 'content'] },
    transformTags: {
      meta: (tagName, attribs) => {
        const key = (attribs.property ?? attribs.name ?? '').trim().toLowerCase();
        if (attribs.content && !found.has(key)) found.set(key, attribs.content);
        return { tagName, attribs };
      },
    },
  });
  for (const key of IMAGE_META) {
    const url = httpUrl(found.get(key), pageUrl);
    if (usableImage(url)) return url;
  }
  return null;
}
