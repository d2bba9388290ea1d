/**
 * What a written page puts in its <head>: title, description, canonical address, Open Graph and Twitter
 * card tags, and for a story its NewsArticle JSON-LD. Pure and browser-safe: the server's page writer
 * calls it, and the app shares its title format (`pageTitle`), so the title the server writes is the one
 * the app sets again after hydration.
 */
import { escapeHtml } from '../common/html-text.ts';
import { CATEGORY_DESCRIPTIONS, CATEGORY_NAMES, isCategorySlug } from '../content/categories.ts';
import { fallbackImage } from '../content/images.ts';
import { httpUrl } from '../content/urls.ts';
import type { PublicArticle } from './public-articles.ts';
import { storyPath } from './site-pages.ts';

export const SITE_NAME = 'Creator News Hub';

/** "About · Creator News Hub": the page's name, then the site's (the app's tabs say the same). */
export const pageTitle = (page: string) => `${page} · ${SITE_NAME}`;

const HOME_TITLE = `${SITE_NAME}: creator economy and influencer marketing news, India first`;
const HOME_DESCRIPTION = 'Creator economy and influencer marketing news, India first: curated from publishers across the industry, scored for relevance, linked to the source.';
/** The site's own mark, a PNG (link previews do not show SVG): the publisher's logo and the lists' image. */
const SITE_LOGO = '/icon-512.png';
/** Google shows at most 110 characters of an Article's headline. */
export const HEADLINE_MAX = 110;
const DESCRIPTION_MAX = 200;

/** The fields of a story its head needs (the public article answer has them all). */
export type StoryHeadArticle = Pick<PublicArticle, 'id' | 'title' | 'summary' | 'category' | 'sourceUrl' | 'sourceName' | 'author' | 'imageUrl' | 'publishedAt'> & {
  /** When the story last changed, if known; else its publication time. */
  modifiedAt?: string | undefined;
};

export interface ListPage {
  kind: 'home' | 'category';
  /** The category's slug (kind category). */
  slug?: string | undefined;
  page: number;
}

/** At most `max` characters, cut at a word where there is one, with an ellipsis when cut. */
function shorten(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).replace(/[\s,;:.-]+$/, '')}…`;
}

const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** The site's own paths made absolute, anything else only if it passes the one URL rule. */
const absoluteUrl = (url: string | null | undefined, site: string) => (!url ? null : url.startsWith('/') ? `${site}${url}` : httpUrl(url));

/**
 * JSON for a <script> element: `<` (and `>`, `&`, the two line separators) written as \u escapes, so no
 * headline can close the script or open a comment, and the JSON still parses to the same text.
 */
const scriptJson = (value: unknown) =>
  JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);

interface HeadTags {
  title: string;
  description: string;
  canonical: string;
  type: 'article' | 'website';
  ogTitle: string;
  image: string;
  largeImage: boolean;
}

function headTags(tags: HeadTags): string[] {
  const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<title>${escapeHtml(tags.title)}</title>`,
    meta('name', 'description', tags.description),
    `<link rel="canonical" href="${escapeHtml(tags.canonical)}">`,
    meta('property', 'og:type', tags.type),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', tags.ogTitle),
    meta('property', 'og:description', tags.description),
    meta('property', 'og:url', tags.canonical),
    meta('property', 'og:image', tags.image),
    meta('name', 'twitter:card', tags.largeImage ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', tags.ogTitle),
    meta('name', 'twitter:description', tags.description),
    meta('name', 'twitter:image', tags.image),
  ];
}

/**
 * A story's NewsArticle. It carries every property Google's Article structured-data page lists as
 * recommended (author with name and url, dateModified, datePublished, headline, image):
 * https://developers.google.com/search/docs/appearance/structured-data/article
 * An author named by the feed is a Person (the feed gives no page about them, so no url); without one
 * the publisher wrote it, an Organization whose url is its site.
 */
export function storyJsonLd(article: StoryHeadArticle, siteUrl: string): Record<string, unknown> {
  const site = origin(siteUrl);
  const canonical = `${site}${storyPath(article)}`;
  const source = httpUrl(article.sourceUrl);
  const publisherSite = source ? new URL(source).origin : null;
  const image = absoluteUrl(article.imageUrl, site) ?? `${site}${fallbackImage(isCategorySlug(article.category) ? article.category : 'general')}`;
  const author = article.author?.trim()
    ? { '@type': 'Person', name: article.author.trim() }
    : { '@type': 'Organization', name: article.sourceName, ...(publisherSite ? { url: publisherSite } : {}) };
  return {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: shorten(article.title, HEADLINE_MAX),
    description: shorten(article.summary || article.title, DESCRIPTION_MAX),
    image: [image],
    datePublished: article.publishedAt,
    dateModified: article.modifiedAt ?? article.publishedAt,
    author: [author],
    publisher: { '@type': 'Organization', name: SITE_NAME, url: `${site}/`, logo: { '@type': 'ImageObject', url: `${site}${SITE_LOGO}` } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': canonical },
    url: canonical,
    ...(source ? { isBasedOn: source } : {}),
    articleSection: isCategorySlug(article.category) ? CATEGORY_NAMES[article.category] : article.category,
    inLanguage: 'en',
  };
}

/** The <head> tags of a story's own page (its address is `storyPath`), as one HTML string. */
export function storyHead(article: StoryHeadArticle, siteUrl: string): string {
  const site = origin(siteUrl);
  const picture = absoluteUrl(article.imageUrl, site);
  const tags = headTags({
    title: pageTitle(article.title),
    description: shorten(article.summary || article.title, DESCRIPTION_MAX),
    canonical: `${site}${storyPath(article)}`,
    type: 'article',
    ogTitle: article.title,
    image: picture ?? `${site}${fallbackImage(isCategorySlug(article.category) ? article.category : 'general')}`,
    largeImage: Boolean(picture),
  });
  return [...tags, `<script type="application/ld+json">${scriptJson(storyJsonLd(article, siteUrl))}</script>`].join('\n');
}

const listCategory = (list: ListPage) => (list.kind === 'category' && list.slug && isCategorySlug(list.slug) ? list.slug : null);
const listPageSuffix = (list: ListPage) => (list.page > 1 ? ` (page ${list.page})` : '');
const listName = (list: ListPage) => {
  const category = listCategory(list);
  return category ? `${CATEGORY_NAMES[category]} news` : null;
};

/**
 * The title of the home page or a category's page: the page writer's <title>, and the app's once hydrated
 * (one function, so the tab does not change its name when the app takes the page over).
 */
export function listTitle(list: ListPage): string {
  const name = listName(list);
  return name ? pageTitle(`${name}${listPageSuffix(list)}`) : `${HOME_TITLE}${listPageSuffix(list)}`;
}

/** The <head> tags of the home page or a category's page, page `page` of its list (page 1 has no ?page=). */
export function listHead(list: ListPage, siteUrl: string): string {
  const site = origin(siteUrl);
  const category = listCategory(list);
  const path = category ? `/categories/${category}` : '/';
  const pageSuffix = listPageSuffix(list);
  const name = listName(list);
  return headTags({
    title: listTitle(list),
    description: category ? CATEGORY_DESCRIPTIONS[category] : HOME_DESCRIPTION,
    canonical: `${site}${path}${list.page > 1 ? `?page=${list.page}` : ''}`,
    type: 'website',
    ogTitle: name ? `${name}${pageSuffix}` : HOME_TITLE,
    image: `${site}${SITE_LOGO}`,
    largeImage: false,
  }).join('\n');
}
