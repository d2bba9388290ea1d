import * as z from '#domain/common/validation.ts';
import { isCategorySlug } from '#domain/content/categories.ts';
import { notFoundPage } from '#domain/reader/not-found-page.ts';
import { route, TextReply } from '#platform/router.ts';

const NOT_FOUND = 404;
/** Kept a minute at the edge, as a written page is: a story published meanwhile is found within it. */
const HEADERS = { 'cache-control': 'public, max-age=60' };
const file = z.string().check(z.maxLength(60));

/**
 * What a reader gets for a written page that does not exist (a story removed or never published, a category the
 * site does not have): CloudFront asks here when the site's bucket has no such page (its origin group falls back
 * to the API on a 404), and the local site does the same. Status 404, so crawlers drop the address.
 */
export const missingStoryPage = route({ params: z.object({ file }) }, async () =>
  new TextReply(notFoundPage('Article not found', 'Article not found', 'This story is not on Creator News Hub, or no longer is.'), 'text/html; charset=utf-8', HEADERS, NOT_FOUND),
);

export const missingCategoryPage = route({ params: z.object({ slug: z.string().check(z.maxLength(60)), file }) }, async ({ params }) =>
  isCategorySlug(params.slug)
    ? new TextReply(notFoundPage('Page not found', '404', 'Oops! Page not found.'), 'text/html; charset=utf-8', HEADERS, NOT_FOUND)
    : new TextReply(notFoundPage('Category not found', 'Category not found', 'Creator News Hub has no such category.'), 'text/html; charset=utf-8', HEADERS, NOT_FOUND),
);
