/**
 * OPML 2.0 (https://opml.org/spec2.opml), the feed-list exchange format of feed readers: reading an
 * uploaded list, with limits, and writing ours. Parsing is fast-xml-parser's; nothing here builds XML
 * by hand without escaping.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { checkFeedUrl, fallbackFeedName, FEED_NAME_MAX, FEED_PRIORITY_MAX, FEED_PRIORITY_MIN } from './feed-sources.ts';

/** Largest OPML document the console imports (UTF-8 bytes). */
export const OPML_MAX_BYTES = 1_000_000;
/** Most outlines (folders included) one import reads. */
export const OPML_MAX_OUTLINES = 2_000;
/** Folders nested deeper than this are not read (real lists use one or two levels). */
const MAX_DEPTH = 8;

/**
 * The namespace of our own attributes on an outline (cnh:priority, cnh:region, cnh:active), so a round trip
 * keeps what a plain OPML reader would lose. A name, never fetched: a URN, so that no owner's export names a
 * domain that is neither theirs nor a namespace document. readOpml reads the attributes by their cnh: prefix
 * and never compares the URI, so exports written under the project's earlier http namespace still import.
 */
export const OPML_NAMESPACE = 'urn:x-creator-news-hub:opml';

export interface OpmlFeed {
  name: string;
  url: string;
  htmlUrl?: string | undefined;
  priority?: number | undefined;
  isIndian?: boolean | undefined;
  active?: boolean | undefined;
  specialization?: string | undefined;
}

export interface OpmlRead {
  feeds: OpmlFeed[];
  invalid: Array<{ url: string; reason: string }>;
}

/** A document that cannot be imported at all; `status` is the HTTP answer it deserves. */
export class OpmlError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'OpmlError';
  }
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => name === 'outline',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  htmlEntities: false,
  processEntities: true,
});

/** Attribute lookup that forgives case (some exporters write xmlurl or XMLURL). */
function attribute(node: Node, name: string): string | undefined {
  const wanted = `@_${name}`.toLowerCase();
  for (const [key, value] of Object.entries(node)) {
    if (key.toLowerCase() === wanted && (typeof value === 'string' || typeof value === 'number')) return String(value).trim();
  }
  return undefined;
}

function cleanText(value: string | undefined, max: number): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, max) : undefined;
}

function flag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (/^(true|1|yes)$/i.test(value)) return true;
  if (/^(false|0|no)$/i.test(value)) return false;
  return undefined;
}

/**
 * Reads an OPML document into feeds (outlines with an xmlUrl, folders flattened) and the outlines whose
 * address breaks the URL rule. Throws OpmlError for what is not an OPML document or is too large.
 */
export function readOpml(text: string): OpmlRead {
  if (new TextEncoder().encode(text).length > OPML_MAX_BYTES) throw new OpmlError(413, `The OPML file is larger than ${OPML_MAX_BYTES / 1_000_000} MB`);
  const source = text.replace(/^\uFEFF/, '').trim();
  if (!source) throw new OpmlError(400, 'The OPML file is empty');
  // OPML needs no DTD; refusing one rules out entity expansion tricks before any parsing.
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) throw new OpmlError(400, 'OPML files with a DOCTYPE or entity declarations are not accepted');
  const valid = XMLValidator.validate(source);
  if (valid !== true) throw new OpmlError(400, `Not an OPML file: the XML is not well formed (line ${valid.err.line}: ${valid.err.msg})`);
  let document: Node;
  try {
    document = parser.parse(source) as Node;
  } catch (error) {
    throw new OpmlError(400, `Not an OPML file: ${error instanceof Error ? error.message.split('\n')[0] : 'unreadable XML'}`);
  }
  const opml = document.opml;
  if (!opml || typeof opml !== 'object') throw new OpmlError(400, 'Not an OPML file: the root element must be <opml>');
  const body = (opml as Node).body;
  if (body === undefined) throw new OpmlError(400, 'Not an OPML file: it has no <body>');

  const feeds: OpmlFeed[] = [];
  const invalid: OpmlRead['invalid'] = [];
  let outlines = 0;
  const walk = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object') return;
    const children = (node as Node).outline;
    if (!Array.isArray(children)) return;
    for (const child of children as unknown[]) {
      outlines += 1;
      if (outlines > OPML_MAX_OUTLINES) throw new OpmlError(413, `The OPML file has more than ${OPML_MAX_OUTLINES.toLocaleString('en-US')} outlines`);
      if (!child || typeof child !== 'object') continue;
      const outline = child as Node;
      const xmlUrl = attribute(outline, 'xmlUrl');
      if (xmlUrl !== undefined) {
        const checked = checkFeedUrl(xmlUrl);
        if (!checked.ok) {
          invalid.push({ url: xmlUrl.slice(0, 300), reason: checked.reason });
        } else {
          const priority = Number(attribute(outline, 'cnh:priority'));
          const region = attribute(outline, 'cnh:region');
          const htmlUrl = checkFeedUrl(attribute(outline, 'htmlUrl'));
          feeds.push({
            name: cleanText(attribute(outline, 'text') ?? attribute(outline, 'title'), FEED_NAME_MAX) ?? fallbackFeedName(checked.url),
            url: checked.url,
            htmlUrl: htmlUrl.ok ? htmlUrl.url : undefined,
            priority: Number.isInteger(priority) && priority >= FEED_PRIORITY_MIN && priority <= FEED_PRIORITY_MAX ? priority : undefined,
            isIndian: region === 'india' ? true : region === 'global' ? false : undefined,
            active: flag(attribute(outline, 'cnh:active')),
            specialization: cleanText(attribute(outline, 'description'), 500),
          });
        }
      }
      if (depth < MAX_DEPTH) walk(outline, depth + 1);
    }
  };
  walk(body, 1);
  return { feeds, invalid };
}

/** XML 1.0 forbids most control characters even when escaped: they are dropped. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text made safe for a double-quoted attribute or element content. */
export function escapeXml(value: string): string {
  return value
    .replace(FORBIDDEN, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

/** Writes the feed list as an OPML 2.0 document, one outline per feed, in the given order. */
export function writeOpml(feeds: readonly OpmlFeed[], head: { title: string; createdAt: Date; ownerEmail?: string }): string {
  const attributes = (pairs: Array<[string, string | number | boolean | undefined]>) =>
    pairs
      .filter(([, value]) => value !== undefined && value !== '')
      .map(([name, value]) => `${name}="${escapeXml(String(value))}"`)
      .join(' ');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<opml version="2.0" xmlns:cnh="${OPML_NAMESPACE}">`,
    '  <head>',
    `    <title>${escapeXml(head.title)}</title>`,
    `    <dateCreated>${head.createdAt.toUTCString()}</dateCreated>`,
    ...(head.ownerEmail ? [`    <ownerEmail>${escapeXml(head.ownerEmail)}</ownerEmail>`] : []),
    '  </head>',
    '  <body>',
    ...feeds.map(
      (feed) =>
        `    <outline ${attributes([
          ['type', 'rss'],
          ['text', feed.name],
          ['title', feed.name],
          ['xmlUrl', feed.url],
          ['htmlUrl', feed.htmlUrl],
          ['description', feed.specialization],
          ['cnh:priority', feed.priority],
          ['cnh:region', feed.isIndian === undefined ? undefined : feed.isIndian ? 'india' : 'global'],
          ['cnh:active', feed.active],
        ])}/>`,
    ),
    '  </body>',
    '</opml>',
    '',
  ];
  return lines.join('\n');
}
