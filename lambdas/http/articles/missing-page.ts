import * as z from '#domain/common/validation.ts';
import { isCategorySlug } from '#domain/content/categories.ts';
import { notFoundPage } from '#domain/reader/not-found-page.ts';
import { storyIdOf } from '#domain/reader/site-pages.ts';
import { readSiteShell } from '#adapters/site-bucket.ts';
import { keptFor } from '#core/kept-for.ts';
import { getPublicArticleItem } from '#store/article-tallies.ts';
import { route, TextReply } from '#platform/router.ts';

const NOT_FOUND = 404;
/** Kept a minute at the edge, as a written page is: a story published meanwhile is found within it. */
const HEADERS = { 'cache-control': 'public, max-age=60' };
/**
 * A 404 with no-store is one CloudFront does not keep (AWS: "Control how long CloudFront caches errors": no-store,
 * no-cache or private on a 404, 410, 414 or 501; on other codes, a 503 say, it keeps the error at least 10 s).
 */
const NOT_KEPT = { 'cache-control': 'no-store' };
const HTML = 'text/html; charset=utf-8';
/** How long an instance keeps the shell: a deploy replaces it (and its hashed assets) in the bucket, not this code. */
const SHELL_KEPT_MS = 60_000;
const file = z.string().check(z.maxLength(60));

const deployedShell = keptFor(SHELL_KEPT_MS, readSiteShell);

/**
 * What a reader gets for a written page that does not exist: CloudFront asks here when the site's bucket has no
 * such page (its origin group falls back to the API on a 404), and the local site does the same.
 * - A story the public may see whose page the writer has not written yet (it follows the table's stream, seconds
 *   behind, more under a burst; a push opens the address at once): the app's shell, which reads the story from the
 *   API and shows it. Still status 404, with no-store: the edge keeps nothing, a crawler indexes nothing half made,
 *   and the next request finds the written page.
 * - Anything else (a story removed or never published, a category the site does not have): a page that leads home,
 *   status 404 so crawlers drop the address.
 */
export const missingStoryPage = route({ params: z.object({ file }) }, async ({ params }) => {
  const id = storyIdOf(params.file.replace(/\.html$/, ''));
  if (id && (await getPublicArticleItem(id))) {
    const html = await deployedShell.get().catch(() => notFoundPage('Story on its way', 'This story is on its way', 'Its page is being written: try again in a moment.'));
    return new TextReply(html, HTML, NOT_KEPT, NOT_FOUND);
  }
  return new TextReply(notFoundPage('Article not found', 'Article not found', 'This story is not on Creator News Hub, or no longer is.'), HTML, HEADERS, NOT_FOUND);
});

export const missingCategoryPage = route({ params: z.object({ slug: z.string().check(z.maxLength(60)), file }) }, async ({ params }) =>
  isCategorySlug(params.slug)
    ? new TextReply(notFoundPage('Page not found', '404', 'Oops! Page not found.'), HTML, HEADERS, NOT_FOUND)
    : new TextReply(notFoundPage('Category not found', 'Category not found', 'Creator News Hub has no such category.'), HTML, HEADERS, NOT_FOUND),
);
