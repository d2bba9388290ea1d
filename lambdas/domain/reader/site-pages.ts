/**
 * The pages written when content changes (docs/decisions/first-screen-html.md): which paths have one, the
 * object key each is stored under in the site's bucket, and a story's own address. The page writer, the
 * CloudFront viewer function (which embeds `writtenPageKey`'s source, so that function must stay plain
 * JavaScript of CloudFront's JS 2.0 runtime once types are stripped: no imports, no module constants) and the local site all
 * use these, so a path finds the page that was written for it in both runtimes.
 */
import { slugOf } from '../content/feed-sources.ts';

/** Where written pages live in the site's bucket, apart from the build's files. */
export const SITE_PAGES_PREFIX = 'pages/';

/** The app's shell as deployed in the site's bucket: the template every written page is rendered into. */
export const SITE_SHELL_KEY = 'index.html';

/** List pages written per list (home, each category): deeper pages are read by the app, and reached by crawlers through the sitemaps. */
export const WRITTEN_LIST_PAGES = 10;

/** A story's own page is under this path. */
export const STORY_PATH_PREFIX = '/story/';

/** A story's own address: readable words from its headline, then its id (the id alone finds it). */
export function storyPath(article: { id: string; title: string }): string {
  const slug = slugOf(article.title, 80);
  return `${STORY_PATH_PREFIX}${slug ? `${slug}-` : ''}${article.id}`;
}

/** The story id at the end of a /story/ path's last segment, or null. */
export function storyIdOf(slugAndId: string): string | null {
  const match = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(slugAndId);
  return match ? (match[1] as string).toLowerCase() : null;
}

/**
 * The key of the written page that answers a path (with its `page` query parameter, if any), or null when no
 * page is written for it (the app's shell answers). Any other query parameter (a search, a filter) is the
 * app's business: the caller passes null for `page` only when the query is empty, and does not call this
 * when the query holds anything but `page`.
 */
export function writtenPageKey(uri: string, page: string | null): string | null {
  // 10 is WRITTEN_LIST_PAGES, written out: the function's source is embedded alone (a unit test keeps them equal).
  const n = page === null ? 1 : /^[1-9][0-9]?$/.test(page) ? Number(page) : 0;
  if (n < 1 || n > 10) return null;
  if (uri === '/' || uri === '/index.html') return 'pages/home/' + n + '.html';
  const category = /^\/categories\/([a-z0-9-]{1,40})\/?$/.exec(uri);
  if (category) return 'pages/categories/' + category[1] + '/' + n + '.html';
  const story = /^\/story\/(?:[a-z0-9-]*-)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/.exec(uri);
  if (story && page === null) return 'pages/story/' + story[1] + '.html';
  return null;
}

/** The stored fields a written page shows (a card, a story page); counts (views, shares) are left to the app's next read. */
const SHOWN_FIELDS = [
  'title', 'summary', 'content', 'category', 'tags', 'sourceUrl', 'sourceName', 'author', 'imageUrl', 'contentType', 'status',
  'isDuplicate', 'alsoCoveredBy', 'isFeatured', 'relevanceScore', 'indiaRelevance', 'readTimeMinutes', 'originalPublishedAt', 'publishedAt',
] as const;

type StoredArticle = Partial<Record<(typeof SHOWN_FIELDS)[number], unknown>>;

/** Whether a change of an article changes what a written page shows of it: a view counted does not. */
export function changesWrittenPages(before: StoredArticle | undefined, after: StoredArticle | undefined): boolean {
  if (!before || !after) return true;
  return SHOWN_FIELDS.some((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
}
