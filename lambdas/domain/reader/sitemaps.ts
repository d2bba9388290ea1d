/**
 * The crawlers' files (served at the site's root: site-routes.ts SITE_ROOT_API_PATHS): robots.txt, the sitemap
 * index (sitemaps.org 0.9) of the site's pages and one file per month of stories, and a Google News sitemap of the
 * last two days. Pure text: the handler reads the stories and passes the absolute addresses.
 */
import { escapeHtml } from '../common/html-text.ts';

/** Google News takes stories of the last two days only, 1,000 a file at most. */
export const NEWS_WINDOW_HOURS = 48;
export const NEWS_MAX_STORIES = 1000;
/** A sitemap file holds at most 50,000 addresses (sitemaps.org); a month of stories stays far below. */
export const SITEMAP_MAX_URLS = 50_000;
/** The publication named in the News sitemap: it must match the name Google News shows. */
export const NEWS_PUBLICATION = { name: 'Creator News Hub', language: 'en' } as const;

/** The files under /sitemaps/: the site's own pages, the news file and one per month of stories. */
export type SitemapFile = { kind: 'pages' } | { kind: 'news' } | { kind: 'stories'; month: string };

export const SITEMAPS_PATH = '/sitemaps';
export const sitemapFileName = (file: SitemapFile): string => (file.kind === 'stories' ? `stories-${file.month}.xml` : `${file.kind}.xml`);

/** The file a name asks for, or null (no such file: 404). */
export function sitemapFileOf(name: string): SitemapFile | null {
  if (name === 'pages.xml') return { kind: 'pages' };
  if (name === 'news.xml') return { kind: 'news' };
  const month = /^stories-(\d{4}-(?:0[1-9]|1[0-2]))\.xml$/.exec(name);
  return month ? { kind: 'stories', month: month[1] as string } : null;
}

/** Every month (YYYY-MM, UTC) from the oldest time's to the newest's, newest first. */
export function monthsBetween(oldest: string, newest: string): string[] {
  const months: string[] = [];
  const [lastYear, lastMonth] = [Number(oldest.slice(0, 4)), Number(oldest.slice(5, 7))];
  let [year, month] = [Number(newest.slice(0, 4)), Number(newest.slice(5, 7))];
  while (year > lastYear || (year === lastYear && month >= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    [year, month] = month === 1 ? [year - 1, 12] : [year, month - 1];
  }
  return months;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NEWS_NS = 'http://www.google.com/schemas/sitemap-news/0.9';

export interface SitemapEntry {
  loc: string;
  /** W3C Datetime (an ISO date or time). */
  lastmod?: string;
}

const lastmodOf = (entry: SitemapEntry) => (entry.lastmod ? `<lastmod>${escapeHtml(entry.lastmod)}</lastmod>` : '');

export function sitemapIndexXml(files: readonly SitemapEntry[]): string {
  return [XML_DECLARATION, `<sitemapindex xmlns="${SITEMAP_NS}">`, ...files.map((file) => `  <sitemap><loc>${escapeHtml(file.loc)}</loc>${lastmodOf(file)}</sitemap>`), '</sitemapindex>', ''].join('\n');
}

export function urlsetXml(urls: readonly SitemapEntry[]): string {
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}">`, ...urls.map((url) => `  <url><loc>${escapeHtml(url.loc)}</loc>${lastmodOf(url)}</url>`), '</urlset>', ''].join('\n');
}

export interface NewsStory {
  loc: string;
  title: string;
  /** When it was first published (W3C Datetime). */
  publishedAt: string;
}

export function newsSitemapXml(stories: readonly NewsStory[]): string {
  const entry = (story: NewsStory) =>
    [
      '  <url>',
      `    <loc>${escapeHtml(story.loc)}</loc>`,
      '    <news:news>',
      `      <news:publication><news:name>${escapeHtml(NEWS_PUBLICATION.name)}</news:name><news:language>${NEWS_PUBLICATION.language}</news:language></news:publication>`,
      `      <news:publication_date>${escapeHtml(story.publishedAt)}</news:publication_date>`,
      `      <news:title>${escapeHtml(story.title)}</news:title>`,
      '    </news:news>',
      '  </url>',
    ].join('\n');
  return [XML_DECLARATION, `<urlset xmlns="${SITEMAP_NS}" xmlns:news="${NEWS_NS}">`, ...stories.map(entry), '</urlset>', ''].join('\n');
}

/** robots.txt: the reader site is open to crawlers, the console and the API are not; both sitemaps named in full. */
export function robotsTxt(siteUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', '', `Sitemap: ${siteUrl}/sitemap.xml`, `Sitemap: ${siteUrl}${SITEMAPS_PATH}/news.xml`, ''].join('\n');
}
