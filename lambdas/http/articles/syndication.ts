import { Feed } from 'feed';
import * as z from '#domain/common/validation.ts';
import { CATEGORY_NAMES, PUBLIC_CATEGORY_SLUGS, type CategorySlug } from '#domain/content/categories.ts';
import { httpUrl } from '#domain/content/urls.ts';
import { getPublicArticleItem } from '#store/article-tallies.ts';
import { type ArticleItem } from '#store/articles.ts';
import { listPublicArticles, findOldestPublicArticle, listPublicArticlesPublishedIn, listPublicArticlesSince } from '#store/article-lists.ts';
import { config } from '#core/config.ts';
import { notFound } from '#core/errors.ts';
import { escapeHtml } from '#domain/common/html-text.ts';
import { fallbackImage } from '#domain/content/images.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import {
  monthsBetween,
  NEWS_MAX_STORIES,
  NEWS_WINDOW_HOURS,
  newsSitemapXml,
  robotsTxt,
  SITEMAP_MAX_URLS,
  sitemapFileName,
  sitemapFileOf,
  sitemapIndexXml,
  SITEMAPS_PATH,
  urlsetXml,
  type SitemapFile,
} from '#domain/reader/sitemaps.ts';
import { route, TextReply } from '#platform/router.ts';

/** Items per feed. */
export const FEED_ITEMS = 50;
const CACHE = { 'cache-control': 'public, max-age=300' };
/** A past month's stories change rarely (an edit, a withdrawal): an hour at the edge. */
const MONTH_CACHE = { 'cache-control': 'public, max-age=3600' };
const XML = 'application/xml; charset=utf-8';

const FORMATS = {
  'rss.xml': { contentType: 'application/rss+xml; charset=utf-8' },
  'atom.xml': { contentType: 'application/atom+xml; charset=utf-8' },
  'feed.json': { contentType: 'application/feed+json; charset=utf-8' },
} as const;
type FeedFile = keyof typeof FORMATS;

/** An image for an output: the site's own paths made absolute, anything else only if it passes the one URL rule. */
const absolute = (url: string | undefined | null) => (!url ? undefined : url.startsWith('/') ? `${config.SITE_URL}${url}` : (httpUrl(url) ?? undefined));
/** A story's own page on the site (written at storyPath: lambdas/domain/reader/site-pages.ts). */
const articleUrl = (article: { id: string; title: string }) => `${config.SITE_URL}${storyPath(article)}`;

/**
 * JSON Feed 1.1 from the library's 1.0 output: the version URL and `authors` (1.1 replaced the
 * single `author`) are the differences that apply here.
 */
function toJsonFeed11(json1: string, language: string): string {
  const feed = JSON.parse(json1) as Record<string, unknown> & { items: Array<Record<string, unknown>>; author?: unknown };
  const upgrade = <T extends Record<string, unknown>>(node: T) => {
    const { author, ...rest } = node as T & { author?: unknown };
    return author ? { ...rest, authors: [author] } : rest;
  };
  return JSON.stringify({ ...upgrade(feed), version: 'https://jsonfeed.org/version/1.1', language, items: feed.items.map(upgrade) });
}

function buildFeed(articles: ArticleItem[], scope: CategorySlug | 'all', self: (file: FeedFile) => string): Feed {
  const title = scope === 'all' ? 'Creator News Hub' : `Creator News Hub: ${CATEGORY_NAMES[scope]}`;
  const feed = new Feed({
    id: self('atom.xml'),
    title,
    description: 'Influencer marketing and creator economy news, India first.',
    link: scope === 'all' ? config.SITE_URL : `${config.SITE_URL}/categories/${scope}`,
    language: 'en-in',
    updated: articles[0] ? new Date(articles[0].originalPublishedAt ?? articles[0].createdAt) : new Date(0),
    generator: 'Creator News Hub',
    feedLinks: { rss: self('rss.xml'), atom: self('atom.xml'), json: self('feed.json') },
    favicon: `${config.SITE_URL}/favicon.svg`,
    copyright: `Headlines and summaries link to their publishers; © their authors.`,
  });
  for (const article of articles) {
    const published = new Date(article.originalPublishedAt ?? article.createdAt);
    feed.addItem({
      // Atom ids must be IRIs; article ids are UUIDs.
      id: `urn:uuid:${article.id}`,
      guid: article.id,
      title: article.title,
      // Readers go to the publisher: the item links to the source.
      // Re-checked on the way out: a stored link that is not http(s) points at the article on the site instead.
      link: httpUrl(article.sourceUrl) ?? articleUrl(article),
      date: published,
      published,
      description: article.summary ?? '',
      category: [{ name: CATEGORY_NAMES[article.category as CategorySlug] ?? article.category, term: article.category }],
      author: article.author ? [{ name: article.author }] : [{ name: article.sourceName }],
      ...(absolute(article.imageUrl) ? { image: absolute(article.imageUrl) } : {}),
    });
  }
  return feed;
}

export const syndicationFeed = route(
  { params: z.object({ scope: z.enum(['all', ...PUBLIC_CATEGORY_SLUGS]), file: z.enum(Object.keys(FORMATS) as [FeedFile, ...FeedFile[]]) }) },
  async ({ params }) => {
    const scope = params.scope as CategorySlug | 'all';
    const page = await listPublicArticles({ category: scope === 'all' ? undefined : scope, limit: FEED_ITEMS });
    const feed = buildFeed(page.items, scope, (file) => `${config.API_URL}/feeds/${scope}/${file}`);
    const body = params.file === 'rss.xml' ? feed.rss2() : params.file === 'atom.xml' ? feed.atom1() : toJsonFeed11(feed.json1(), 'en-IN');
    return new TextReply(body, FORMATS[params.file].contentType, CACHE);
  },
);

/** The reader site's own pages in the pages sitemap: home, the categories, the information pages. */
const SITE_PAGE_PATHS = ['/', '/categories', ...PUBLIC_CATEGORY_SLUGS.map((slug) => `/categories/${slug}`), '/about', '/mission', '/contact', '/donate', '/newsletter', '/privacy', '/terms'];

const sitemapUrl = (file: SitemapFile) => `${config.SITE_URL}${SITEMAPS_PATH}/${sitemapFileName(file)}`;

/**
 * The sitemap index (served at the site's root as /sitemap.xml): the pages file, and one file per month that has
 * public stories, each with its newest publication as lastmod. Months are found on the status index: the oldest
 * and newest public stories, then one Query per month between (a month without stories reads nothing and is left
 * out), so the cost grows by one small Query a month of history.
 */
export const sitemap = route({}, async () => {
  const [newest] = (await listPublicArticles({ limit: 1 })).items;
  const oldest = await findOldestPublicArticle();
  const months = newest && oldest ? monthsBetween(oldest.statusAt, newest.statusAt) : [];
  const newestOfMonth = await Promise.all(months.map(async (month) => ({ month, newest: (await listPublicArticlesPublishedIn(month, 1))[0] })));
  const files = [
    { loc: sitemapUrl({ kind: 'pages' }), ...(newest ? { lastmod: newest.statusAt } : {}) },
    ...newestOfMonth.flatMap(({ month, newest: story }) => (story ? [{ loc: sitemapUrl({ kind: 'stories', month }), lastmod: story.statusAt }] : [])),
  ];
  return new TextReply(sitemapIndexXml(files), XML, CACHE);
});

/** One file of the sitemap index, or the Google News sitemap (stories of the last 48 hours, newest first). */
export const sitemapFile = route({ params: z.object({ file: z.string().check(z.maxLength(40)) }) }, async ({ params }) => {
  const file = sitemapFileOf(params.file);
  if (!file) throw notFound('No such sitemap');
  if (file.kind === 'pages') return new TextReply(urlsetXml(SITE_PAGE_PATHS.map((path) => ({ loc: `${config.SITE_URL}${path}` }))), XML, CACHE);
  if (file.kind === 'news') {
    const since = new Date(Date.now() - NEWS_WINDOW_HOURS * 3_600_000).toISOString();
    const stories = await listPublicArticlesSince(since, NEWS_MAX_STORIES);
    return new TextReply(newsSitemapXml(stories.map((story) => ({ loc: articleUrl(story), title: story.title, publishedAt: story.statusAt }))), XML, CACHE);
  }
  const stories = await listPublicArticlesPublishedIn(file.month, SITEMAP_MAX_URLS);
  if (stories.length === 0) throw notFound('No stories in that month');
  return new TextReply(urlsetXml(stories.map((story) => ({ loc: articleUrl(story), lastmod: story.statusAt }))), XML, MONTH_CACHE);
});

/** robots.txt (served at the site's root): crawl the reader site, not the console or the API; where the sitemaps are. */
export const robots = route({}, async () => new TextReply(robotsTxt(config.SITE_URL), 'text/plain; charset=utf-8', { 'cache-control': 'public, max-age=86400' }));

/**
 * A share URL per article: HTML with Open Graph and Twitter card tags, so link previews work for a
 * single-page app, which then sends the visitor on to the article on the site.
 */
export const sharePage = route({ params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }) }, async ({ params }) => {
  const article = await getPublicArticleItem(params.id);
  if (!article) throw notFound('Article not found');
  const target = articleUrl(article);
  const image = absolute(article.imageUrl) ?? `${config.SITE_URL}${fallbackImage('general')}`;
  const meta = (attribute: 'property' | 'name', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const description = (article.summary ?? '').slice(0, 300);
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(article.title)} | Creator News Hub</title>
<meta name="description" content="${escapeHtml(description)}">
${meta('property', 'og:type', 'article')}
${meta('property', 'og:site_name', 'Creator News Hub')}
${meta('property', 'og:title', article.title)}
${meta('property', 'og:description', description)}
${meta('property', 'og:image', image)}
${meta('property', 'og:url', `${config.API_URL}/share/${encodeURIComponent(article.id)}`)}
${meta('name', 'twitter:card', 'summary_large_image')}
${meta('name', 'twitter:title', article.title)}
${meta('name', 'twitter:description', description)}
${meta('name', 'twitter:image', image)}
<link rel="canonical" href="${escapeHtml(target)}">
<meta http-equiv="refresh" content="0; url=${escapeHtml(target)}">
</head>
<body><p><a href="${escapeHtml(target)}">${escapeHtml(article.title)}</a> on Creator News Hub</p></body>
</html>
`;
  return new TextReply(html, 'text/html; charset=utf-8', CACHE);
});
