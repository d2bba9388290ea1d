import Parser from 'rss-parser';
import { parseFeed as parseLeniently } from 'feedsmith';
import type { FeedItem } from '#domain/content/normalise.ts';

/**
 * rss-parser drops media, Dublin Core and Atom link fields unless declared (docs/local-runtime.md); these
 * are the ones the normaliser reads.
 */
const parser = new Parser<{ title?: string }, FeedItem>({
  customFields: {
    item: [
      ['media:content', 'mediaContent', { keepArray: true }],
      ['media:thumbnail', 'mediaThumbnails', { keepArray: true }],
      ['content:encoded', 'contentEncoded'],
      ['dc:creator', 'creator'],
      ['dc:date', 'isoDate'],
      ['link', 'atomLinks', { keepArray: true }],
      ['comments', 'comments'],
      ['summary', 'summary'],
    ],
  },
});

const startsWith = (body: Buffer, bytes: number[]) => bytes.every((byte, index) => body[index] === byte);

/** Byte order marks, longest first (a UTF-32LE mark begins like a UTF-16LE one). */
const BYTE_ORDER_MARKS: Array<[number[], string]> = [
  [[0xef, 0xbb, 0xbf], 'utf-8'],
  [[0x00, 0x00, 0xfe, 0xff], 'utf-32be'],
  [[0xff, 0xfe, 0x00, 0x00], 'utf-32le'],
  [[0xfe, 0xff], 'utf-16be'],
  [[0xff, 0xfe], 'utf-16le'],
];

/** "<" or "<?" in a wide encoding without a mark (XML 1.0, appendix F). */
const WIDE_OPENINGS: Array<[number[], string]> = [
  [[0x00, 0x00, 0x00, 0x3c], 'utf-32be'],
  [[0x3c, 0x00, 0x00, 0x00], 'utf-32le'],
  [[0x00, 0x3c, 0x00, 0x3f], 'utf-16be'],
  [[0x3c, 0x00, 0x3f, 0x00], 'utf-16le'],
];

/**
 * Decoders by charset label: the runtime's TextDecoder (WHATWG encodings, Node's full ICU) for all but
 * UTF-32, which WHATWG leaves out and a BOM or a wide "<" can still announce. iconv-lite did both, at
 * 481 KB of every bundle that parses feeds, loaded at every cold start; the corpus bench measured the same files read.
 */
const textDecoder = (charset: string): TextDecoder | undefined => {
  try {
    return new TextDecoder(charset);
  } catch {
    return undefined;
  }
};

/** UTF-32 by code units of four bytes; a unit beyond U+10FFFF or in the surrogate range reads as U+FFFD, as a decoder would. */
function decodeUtf32(body: Buffer, littleEndian: boolean): string {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let text = '';
  const chunk: number[] = [];
  for (let offset = 0; offset + 4 <= body.length; offset += 4) {
    const codePoint = view.getUint32(offset, littleEndian);
    chunk.push(codePoint > 0x10ffff || (codePoint >= 0xd800 && codePoint <= 0xdfff) ? 0xfffd : codePoint);
    if (chunk.length === 8192) text += String.fromCodePoint(...chunk.splice(0));
  }
  return (text + String.fromCodePoint(...chunk)).replace(/^\uFEFF/, '');
}

/** The body as text in the charset charsetOf chose (a mark of that charset is dropped, as TextDecoder does). */
function decodeFeed(body: Buffer, charset: string): string {
  if (charset === 'utf-32le' || charset === 'utf-32be') return decodeUtf32(body, charset === 'utf-32le');
  return (textDecoder(charset) ?? new TextDecoder('windows-1252')).decode(body);
}

const isValidUtf8 = (body: Buffer) => {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
};

/**
 * The charset to decode a feed with. The bytes decide first (a byte order mark, then a wide-encoded "<?"),
 * then what is declared (Content-Type before the XML declaration, RFC 7303), checked against the bytes: a
 * declared UTF-16/32 on 8-bit bytes is ignored, and UTF-8 (or ASCII, or nothing) on bytes that are not
 * UTF-8 is windows-1252, as browsers read it. ISO-8859-1 is read as its superset windows-1252 for the same reason.
 */
export function charsetOf(contentType: string, body: Buffer): string {
  const marked = [...BYTE_ORDER_MARKS, ...WIDE_OPENINGS].find(([bytes]) => startsWith(body, bytes));
  if (marked) return marked[1];
  const fromHeader = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1];
  const fromProlog = /<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(body.subarray(0, 400).toString('latin1'))?.[1];
  const declared = [fromHeader, fromProlog]
    .map((charset) => charset?.toLowerCase())
    .filter((charset): charset is string => Boolean(charset && textDecoder(charset) && !/^(utf-?(16|32)|ucs-?[24])/.test(charset)));
  const utf8Like = (charset: string) => /^(utf-?8|us-ascii|ascii)$/.test(charset);
  const latin1Like = (charset: string) => /^(iso-?8859-1|latin-?1|l1|windows-1252|cp1252)$/.test(charset);
  const validUtf8 = isValidUtf8(body);
  // Multi-byte UTF-8 sequences are all but impossible by chance, so valid UTF-8 beats a declared Latin-1.
  const chosen = declared.find((charset) => (utf8Like(charset) ? validUtf8 : !(latin1Like(charset) && validUtf8 && /[\x80-\xff]/.test(body.toString('latin1')))));
  if (!chosen || utf8Like(chosen)) return validUtf8 ? 'utf-8' : 'windows-1252';
  return latin1Like(chosen) ? 'windows-1252' : chosen;
}

/** Characters XML 1.0 forbids anywhere (C0 controls other than tab and line ends): one of them makes a whole feed unreadable. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/**
 * The feed as text ready for an XML parser: decoded (see charsetOf), mark and anything before the first
 * tag removed, forbidden characters dropped, and a version given to an `<rss>` that has none (rss-parser
 * refuses it; such feeds are RSS 2.0 in practice).
 */
function feedText(body: Buffer, contentType: string): string {
  return decodeFeed(body, charsetOf(contentType, body))
    .replace(/^[\s\S]*?(?=<)/, '')
    .replace(NOT_XML, '')
    .replace(/<rss\b(?![^>]*\sversion\s*=)/, '<rss version="2.0"');
}

export interface ParsedFeed {
  title: string | undefined;
  items: FeedItem[];
  /** Which parser read the feed: rss-parser, or the lenient fallback where rss-parser refused it. */
  parsedBy: 'rss-parser' | 'feedsmith';
}

export interface ParseOptions {
  /** Try the lenient parser where rss-parser refuses a feed (default true; the corpus bench turns it off to compare). */
  fallback?: boolean;
}

type Lenient = ReturnType<typeof parseLeniently>;
type TextValue = string | { value?: string } | undefined;
const valueOf = (text: TextValue) => (typeof text === 'string' ? text : text?.value);
const firstAuthor = (people: Array<{ name?: string; email?: string }> | undefined) => people?.[0]?.name ?? people?.[0]?.email;

/**
 * A mapped item without its absent fields. The cast is safe in the way that matters: normaliseItem reads
 * every FeedItem field through textOf, whatever a parser put there.
 */
const feedItem = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as FeedItem;

/** feedsmith's shapes in the FeedItem fields rss-parser fills, so the normaliser reads both alike. */
function itemsOf(parsed: Lenient): {
  title: string | undefined;
  items: FeedItem[];
} {
  const media = (source: {
    media?: {
      contents?: Array<{
        url?: string;
        medium?: string;
        type?: string;
        width?: number;
        height?: number;
      }>;
      thumbnails?: Array<{ url?: string; width?: number; height?: number }>;
    };
  }) => ({
    mediaContent: (source.media?.contents ?? []).map(({ url, medium, type, width, height }) => ({
      $: {
        url,
        medium,
        type,
        width: width?.toString(),
        height: height?.toString(),
      },
    })),
    mediaThumbnails: (source.media?.thumbnails ?? []).map(({ url, width, height }) => ({
      $: { url, width: width?.toString(), height: height?.toString() },
    })),
  });
  switch (parsed.format) {
    case 'rss':
      return {
        title: parsed.feed.title,
        items: (parsed.feed.items ?? []).map((item) =>
          feedItem({
            title: item.title,
            link: item.link,
            guid: item.guid?.value,
            pubDate: item.pubDate,
            creator: item.dc?.creators?.[0],
            author: firstAuthor(item.authors),
            content: item.description,
            contentEncoded: item.content?.encoded,
            categories: (item.categories ?? []).map((category) => category.name).filter((name): name is string => Boolean(name)),
            comments: item.comments,
            enclosure: item.enclosures?.[0] ? { url: item.enclosures[0].url, type: item.enclosures[0].type } : undefined,
            ...media(item),
            itunes: {
              duration: item.itunes?.duration?.toString(),
              image: item.itunes?.image,
            },
          }),
        ),
      };
    case 'atom':
      return {
        title: valueOf(parsed.feed.title),
        items: (parsed.feed.entries ?? []).map((entry) =>
          feedItem({
            title: valueOf(entry.title),
            guid: entry.id,
            isoDate: entry.published ?? entry.updated,
            author: firstAuthor(entry.authors),
            content: valueOf(entry.content),
            summary: valueOf(entry.summary),
            categories: (entry.categories ?? []).map((category) => category.term).filter((term): term is string => Boolean(term)),
            atomLinks: (entry.links ?? []).map((link) => ({
              $: { rel: link.rel, href: link.href, type: link.type },
            })),
            ...media(entry),
          }),
        ),
      };
    case 'rdf':
      return {
        title: parsed.feed.title,
        items: (parsed.feed.items ?? []).map((item) =>
          feedItem({
            title: item.title,
            link: item.link,
            content: item.description,
            creator: item.dc?.creators?.[0],
            isoDate: item.dc?.dates?.[0],
          }),
        ),
      };
    case 'json':
      return {
        title: parsed.feed.title,
        items: (parsed.feed.items ?? []).map((item) =>
          feedItem({
            title: item.title,
            link: item.url,
            guid: item.id,
            isoDate: item.date_published,
            author: firstAuthor(item.authors),
            content: item.content_html ?? item.content_text,
            summary: item.summary,
          }),
        ),
      };
  }
}

/**
 * Decodes and parses a feed body; throws only when neither parser can read it. rss-parser reads first
 * (its output is what the normaliser was built on); feedsmith, which tolerates prefixed Atom, an `<rss>`
 * without a channel and other slips, reads what it refuses (it rescued the most of the corpus: see the
 * feed-corpus bench).
 */
export async function parseFeed(body: Buffer, contentType: string, options: ParseOptions = {}): Promise<ParsedFeed> {
  const text = feedText(body, contentType);
  try {
    const feed = await parser.parseString(text);
    return { title: feed.title, items: feed.items, parsedBy: 'rss-parser' };
  } catch (error) {
    // An `<rss>` without a channel (a moved feed's stub, an emptied feed) is a feed with nothing in it.
    if (/^(?:<\?[^>]*>|<!--[\s\S]*?-->|\s)*<rss\b/.test(text) && !/<channel\b/.test(text)) return { title: undefined, items: [], parsedBy: 'rss-parser' };
    if (options.fallback === false) throw error;
    let lenient;
    try {
      lenient = itemsOf(parseLeniently(text));
    } catch {
      throw error;
    }
    return { ...lenient, parsedBy: 'feedsmith' };
  }
}
