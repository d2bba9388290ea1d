import sanitizeHtml from 'sanitize-html';
import type { CategorySlug } from './categories.ts';
import { normaliseCategory } from './categories.ts';
import type { ContentType } from './article-status.ts';
import { canonicalUrl } from './dedup.ts';
import { cleanAuthor } from './feed-author.ts';
import { httpUrl } from './urls.ts';
import { fallbackImage } from './images.ts';
import { words } from '../common/text.ts';
import { BLOCK_BOUNDARY, storedHtmlText } from '../common/html-text.ts';

/**
 * A feed item as the parser hands it over (rss-parser fields plus the custom ones the project declares).
 * The types are what a well-formed feed gives; real feeds put elements where text is expected (an
 * `<author>` with `<name>` inside, an xhtml `<title>`), so normaliseItem reads every field through textOf.
 */
export interface FeedItem {
  title?: string;
  link?: string;
  guid?: string;
  isoDate?: string;
  pubDate?: string;
  creator?: string;
  author?: string;
  content?: string;
  contentEncoded?: string;
  contentSnippet?: string;
  summary?: string;
  categories?: Array<string | { _: string } | { $: { term: string } }>;
  comments?: string;
  enclosure?: { url?: string; type?: string; length?: string };
  mediaContent?: Array<{ $?: { url?: string; medium?: string; type?: string; width?: string; height?: string } }>;
  mediaThumbnails?: Array<{ $?: { url?: string; width?: string; height?: string } }>;
  atomLinks?: Array<{ $?: { rel?: string; href?: string; type?: string } }>;
  itunes?: { duration?: string; image?: string };
}

export interface FeedContext {
  sourceName: string;
  feedTitle?: string;
  sourceDomain: string;
  /** The feed's address: relative links and images in it are resolved against it. */
  feedUrl?: string;
}

export interface NormalisedItem {
  title: string;
  sourceUrl: string;
  /** The item's link as the feed gave it (resolved), for fetching the page: sourceUrl is its canonical form. */
  pageUrl: string;
  summary: string;
  content: string;
  author: string;
  imageUrl: string;
  mediaThumbnails: Array<{ url: string; width: number; height: number }>;
  enclosures: Array<{ url: string; type: string }>;
  mediaMetadata: { mediaContent: Array<{ url: string; type?: string; medium?: string }> };
  contentType: ContentType;
  podcastMetadata?: { audioUrl: string; duration: number };
  readTimeMinutes: number;
  rssCategories: string[];
  categoryHint: CategorySlug | null;
  originalPublishedAt: string;
  commentsUrl?: string;
  sourceAttribution: { author?: string; feedTitle?: string };
}

/**
 * The text of a parsed XML value: a string as it is, an element's text and its children's (xml2js puts
 * text under `_` and attributes under `$`, which are not text), a list joined with commas.
 */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean).join(', ');
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([key]) => key !== '$')
      .map(([, child]) => textOf(child))
      .filter(Boolean)
      .join(' ');
  }
  return '';
}

/** A person element (`<author><name>Jo</name><title>Editor</title></author>`) by its name; anything else by its text. */
const personText = (value: unknown): string =>
  Array.isArray(value) ? value.map(personText).filter(Boolean).join(', ') : value && typeof value === 'object' && 'name' in value ? textOf(value.name) : textOf(value);

const TEXT_FIELDS = ['title', 'link', 'guid', 'isoDate', 'pubDate', 'content', 'contentEncoded', 'contentSnippet', 'summary', 'comments'] as const;

/** The item with every text field as text (or absent), so the rules below can rely on their types. */
function readableItem(item: FeedItem): FeedItem {
  const readable: FeedItem = { ...item };
  for (const field of TEXT_FIELDS) readable[field] = textOf(item[field]) || undefined;
  readable.creator = personText(item.creator) || undefined;
  readable.author = personText(item.author) || undefined;
  if (item.enclosure) readable.enclosure = { url: textOf(item.enclosure.url) || undefined, type: textOf(item.enclosure.type) || undefined, length: textOf(item.enclosure.length) || undefined };
  if (item.itunes) readable.itunes = { duration: textOf(item.itunes.duration) || undefined, image: textOf(item.itunes.image) || undefined };
  return readable;
}

/** An author field as a line fit to show (feed-author.ts), or null. */
export const authorText = (value: unknown): string | null => cleanAuthor(toPlainText(textOf(value)));

export const SUMMARY_WORDS = 250;

/** Elements whose text is code, styling or a fallback, never the article's words: dropped with their text. */
const NON_TEXT_TAGS = ['script', 'style', 'noscript', 'template', 'textarea', 'option', 'iframe', 'object'];
export const WORDS_PER_MINUTE = 200;

/**
 * Feed HTML is kept to text formatting, links and images; scripts, styles and event handlers go. Link and
 * image addresses follow the one URL rule (`httpUrl`): relative ones are resolved against `base`, others dropped.
 */
export function sanitiseHtml(html: string, base?: string): string {
  return sanitizeHtml(html, {
    nonTextTags: NON_TEXT_TAGS,
    allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'a', 'ul', 'ol', 'li', 'blockquote', 'h2', 'h3', 'h4', 'img', 'figure', 'figcaption', 'code', 'pre'],
    allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'width', 'height'] },
    allowedSchemes: ['http', 'https'],
    transformTags: {
      a: (tagName, { href, ...attribs }) => {
        const resolved = httpUrl(href, base);
        return { tagName, attribs: { ...attribs, ...(resolved ? { href: resolved } : {}), rel: 'noopener noreferrer nofollow', target: '_blank' } };
      },
      // Feed images rarely carry alt text; an empty one marks them decorative for screen readers.
      img: (tagName, { src, ...attribs }) => {
        const resolved = httpUrl(src, base);
        return { tagName, attribs: { ...attribs, ...(resolved ? { src: resolved } : {}), alt: attribs.alt ?? '' } };
      },
    },
    // An image whose address did not pass the rule says nothing.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
  });
}

/**
 * Text without markup, entities decoded once: the sanitiser escapes the text it keeps (`&` -> `&amp;`), and
 * plain-text fields are escaped by whatever renders them (React, the feed writers), so they are stored
 * decoded ("Tom & Jerry", never "Tom &amp; Jerry").
 */
export const toPlainText = (html: string) =>
  storedHtmlText(sanitizeHtml(html.replace(BLOCK_BOUNDARY, '$& '), { allowedTags: [], allowedAttributes: {}, nonTextTags: NON_TEXT_TAGS }));

/**
 * The item's snippet as rss-parser makes it (its content with the tags stripped and entities decoded, read as
 * HTML once more by the summary), made here again so the text of a <script> or <style> never becomes words:
 * rss-parser's own contentSnippet keeps it. A snippet without content (another parser's) is taken as it is.
 */
function snippetOf(item: FeedItem): string | undefined {
  return item.contentSnippet !== undefined && item.content ? toPlainText(item.content) : item.contentSnippet;
}

export function truncateWords(text: string, limit: number): string {
  const parts = text.split(/\s+/).filter(Boolean);
  return parts.length <= limit ? parts.join(' ') : `${parts.slice(0, limit).join(' ')}…`;
}

/** Words divided by 200, rounded up, at least one minute (reader spec section 9). */
export function readTimeMinutes(text: string): number {
  return Math.max(1, Math.ceil(words(text).length / WORDS_PER_MINUTE));
}

const NOT_AN_AUTHOR = /^(unknown|admin|staff|read more|learn more|click here|see more)$/i;
const NAME = "([A-Z][a-zA-Z'.-]+(?: [A-Z][a-zA-Z'.-]+){1,2})";

/**
 * Author rules (reader spec section 5): skip Unknown and values containing the source name, then the
 * feed's author fields, then "By / Written by / Author:" patterns, then "First Last reports", then the
 * publisher's name.
 */
export function extractAuthor(item: FeedItem, context: FeedContext, text: string): string {
  const usable = (value: unknown) => {
    const cleaned = authorText(value)?.replace(/^\s*(by|written by|author:)\s+/i, '').trim();
    if (!cleaned || NOT_AN_AUTHOR.test(cleaned)) return null;
    if (cleaned.toLowerCase().includes(context.sourceName.toLowerCase())) return null;
    return cleaned;
  };
  const fromFields = usable(item.creator) ?? usable(item.author);
  if (fromFields) return fromFields;
  // The cue words in any case, the name itself capitalised.
  const patterns = [new RegExp(`(?:^|\\s)(?:[Ww]ritten [Bb]y|[Bb]y|BY|[Aa]uthor:)\\s+${NAME}`), new RegExp(`${NAME} reports\\b`), new RegExp(`[—–-]\\s*${NAME}\\s*$`)];
  for (const pattern of patterns) {
    const found = usable(pattern.exec(text)?.[1]);
    if (found) return found;
  }
  return context.sourceName;
}

const REJECTED_IMAGE = /placeholder|default|1x1|pixel|spacer|blank\.|stock-?photo|shutterstock|gettyimages|istockphoto/i;
export const FALLBACK_KEYWORDS = ['instagram', 'tiktok', 'youtube', 'creator', 'influencer', 'marketing', 'brand', 'ai', 'india'] as const;

/** Not a placeholder, a tracking pixel or a stock picture (by its address). */
export const usableImage = (url: string | null | undefined): url is string => Boolean(url && !REJECTED_IMAGE.test(url));

/**
 * Image rules (reader spec section 5): the largest thumbnail by area, then an image enclosure, then
 * media content, then an image in the item; placeholders, 1x1 pixels and stock images never count.
 * Without one, a fallback chosen by title keyword, else by category (served by the site).
 */
export function chooseImage(item: FeedItem, html: string, title: string, category: CategorySlug, base?: string): string {
  const thumbnails = (item.mediaThumbnails ?? [])
    .map((thumb) => ({ url: httpUrl(thumb.$?.url, base), area: Number(thumb.$?.width ?? 0) * Number(thumb.$?.height ?? 0) }))
    .filter((thumb) => usableImage(thumb.url) && thumb.area !== 1)
    .sort((a, b) => b.area - a.area);
  const enclosure = item.enclosure?.type?.startsWith('image/') ? item.enclosure.url : undefined;
  const atomEnclosure = item.atomLinks?.find((link) => link.$?.rel === 'enclosure' && link.$?.type?.startsWith('image/'))?.$?.href;
  const media = (item.mediaContent ?? []).find(
    (content) => (content.$?.medium === 'image' || content.$?.type?.startsWith('image/')) && !(content.$?.width === '1' && content.$?.height === '1'),
  )?.$?.url;
  const inline = /<img[^>]+src="([^"]+)"/i.exec(html)?.[1];
  const candidates = [thumbnails[0]?.url, enclosure, atomEnclosure, media, item.itunes?.image, inline].map((url) => httpUrl(url, base));
  const chosen = candidates.find(usableImage);
  if (chosen) return chosen;
  const titleWords = new Set(words(title));
  const keyword = FALLBACK_KEYWORDS.find((word) => titleWords.has(word) || titleWords.has(`${word}s`));
  return fallbackImage(keyword ?? category);
}

export { fallbackImage };

/** "41:20", "1:02:03" or seconds, as seconds. */
export function durationSeconds(value: string | undefined): number {
  if (!value) return 0;
  return value.split(':').reduce((total, part) => total * 60 + (Number(part) || 0), 0);
}

function contentTypeOf(item: FeedItem): ContentType {
  const enclosureType = item.enclosure?.type ?? '';
  if (enclosureType.startsWith('audio/') || item.itunes?.duration) return 'podcast';
  if (enclosureType.startsWith('video/') || (item.mediaContent ?? []).some((content) => content.$?.medium === 'video' || content.$?.type?.startsWith('video/'))) return 'video';
  return 'article';
}

function categoryNames(item: FeedItem): string[] {
  return (item.categories ?? [])
    .map((category) => (category && typeof category === 'object' && '$' in category && !('_' in category) ? textOf(category.$?.term) : textOf(category)))
    .map((name) => toPlainText(name))
    .filter(Boolean);
}

/** One feed item in the shape of an article, or null when it lacks a title or a usable link. */
export function normaliseItem(parsed: FeedItem, context: FeedContext, now = new Date()): NormalisedItem | null {
  const item = readableItem(parsed);
  const title = toPlainText(item.title ?? '');
  const base = context.feedUrl ?? `https://${context.sourceDomain}/`;
  // The item's link, resolved against the feed; an item whose link is not http(s) (javascript:, data:) is dropped.
  const link = [item.link, item.atomLinks?.find((l) => !l.$?.rel || l.$.rel === 'alternate')?.$?.href, item.guid].map((value) => httpUrl(value, base)).find(Boolean);
  if (!title || !link) return null;
  const sourceUrl = canonicalUrl(link);
  const html = item.contentEncoded ?? item.content ?? item.summary ?? '';
  const content = sanitiseHtml(html, base);
  const plain = toPlainText(snippetOf(item) ?? html) || title;
  const rssCategories = categoryNames(item);
  const hinted = rssCategories.map((name) => normaliseCategory(name)).find((slug) => slug !== 'general') ?? null;
  const contentType = contentTypeOf(item);
  const published = new Date(item.isoDate ?? item.pubDate ?? now.toISOString());
  const audio = item.enclosure?.type?.startsWith('audio/') ? httpUrl(item.enclosure.url, base) : null;
  const enclosureUrl = httpUrl(item.enclosure?.url, base);
  const commentsUrl = httpUrl(item.comments, base);
  return {
    title,
    sourceUrl,
    pageUrl: link,
    summary: truncateWords(plain, SUMMARY_WORDS),
    content,
    author: extractAuthor(item, context, plain),
    imageUrl: chooseImage(item, html, title, hinted ?? 'general', base),
    mediaThumbnails: (item.mediaThumbnails ?? []).flatMap((thumb) => {
      const url = httpUrl(thumb.$?.url, base);
      return url ? [{ url, width: Number(thumb.$?.width ?? 0), height: Number(thumb.$?.height ?? 0) }] : [];
    }),
    enclosures: enclosureUrl ? [{ url: enclosureUrl, type: item.enclosure?.type ?? '' }] : [],
    mediaMetadata: {
      mediaContent: (item.mediaContent ?? []).flatMap((m) => {
        const url = httpUrl(m.$?.url, base);
        return url ? [{ url, type: m.$?.type, medium: m.$?.medium }] : [];
      }),
    },
    contentType,
    ...(contentType === 'podcast' && audio ? { podcastMetadata: { audioUrl: audio, duration: durationSeconds(item.itunes?.duration) } } : {}),
    readTimeMinutes: readTimeMinutes(toPlainText(html) || plain),
    rssCategories,
    categoryHint: hinted,
    // A date in the future (clock skew, typos) is not allowed to pin an item on top of the list.
    originalPublishedAt: (Number.isNaN(published.getTime()) || published > now ? now : published).toISOString(),
    ...(commentsUrl ? { commentsUrl } : {}),
    sourceAttribution: { author: authorText(item.creator) ?? authorText(item.author) ?? undefined, feedTitle: context.feedTitle },
  };
}

export interface NormalisedFeed {
  items: NormalisedItem[];
  /** Items without a title or a usable link. */
  skipped: number;
  /** Items whose normalising threw, with why: one bad item never costs the feed its other items. */
  errors: Array<{ index: number; error: string }>;
}

/** Every item of a feed through normaliseItem, each on its own: a throw drops that item only and is counted. */
export function normaliseItems(items: FeedItem[], context: FeedContext, now = new Date()): NormalisedFeed {
  const result: NormalisedFeed = { items: [], skipped: 0, errors: [] };
  items.forEach((item, index) => {
    try {
      const normalised = normaliseItem(item, context, now);
      if (normalised) result.items.push(normalised);
      else result.skipped += 1;
    } catch (error) {
      result.errors.push({ index, error: error instanceof Error ? error.message : String(error) });
    }
  });
  return result;
}
