import iconv from 'iconv-lite';
import Parser from 'rss-parser';
import type { FeedItem } from '#domain/normalise.ts';

/**
 * rss-parser drops media, Dublin Core and Atom link fields unless declared (LOCAL-STANDINS.md); these
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

/** The charset from Content-Type, else from the XML declaration, else UTF-8. */
export function charsetOf(contentType: string, body: Buffer): string {
  const fromHeader = /charset=["']?([\w-]+)/i.exec(contentType)?.[1];
  const fromProlog = /<\?xml[^>]*encoding=["']([\w-]+)["']/i.exec(body.subarray(0, 200).toString('latin1'))?.[1];
  const charset = (fromHeader ?? fromProlog ?? 'utf-8').toLowerCase();
  return iconv.encodingExists(charset) ? charset : 'utf-8';
}

export interface ParsedFeed {
  title: string | undefined;
  items: FeedItem[];
}

/** Decodes and parses a feed body; throws on XML that cannot be read. */
export async function parseFeed(body: Buffer, contentType: string): Promise<ParsedFeed> {
  const text = iconv.decode(body, charsetOf(contentType, body)).replace(/^\uFEFF/, '');
  const feed = await parser.parseString(text);
  return { title: feed.title, items: feed.items };
}
