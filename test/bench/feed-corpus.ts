/**
 * Real-world feed corpus (test/fixtures/feeds-real, files from other projects' feed-parser test suites):
 * how many files parse, how many items survive normalising, and why the rest fail, with rss-parser alone
 * beside rss-parser plus the lenient fallback. `npm run bench feed-corpus`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseFeed, type ParseOptions } from '#adapters/feed-parse.ts';
import { normaliseItems } from '#domain/content/normalise.ts';

const CORPUS = path.join(import.meta.dirname, '../fixtures/feeds-real');

export interface CorpusFile {
  /** folder/name, as listed in the manifest. */
  id: string;
  /** A whole feed from a project's fixtures, or a one-case test file (feedparser's encoding and ill-formed cases). */
  kind: 'feed' | 'case';
  body: Buffer;
  contentType: string;
}

interface ManifestSource {
  folder: string;
  kind: 'feed' | 'case';
  files: string[];
  /** Files in a feed folder that are not feeds (an HTML page kept as a negative case). */
  notFeeds?: string[];
}

/**
 * feedparser's encoding cases state the HTTP Content-Type they were served with in a comment
 * ("Header: Content-type: text/xml; charset=..."); the corpus serves them with it, as a fetch would.
 */
function servedContentType(body: Buffer): string {
  return /Header:\s*Content-type:\s*([^\n]+)/i.exec(body.subarray(0, 600).toString('latin1'))?.[1]?.trim() ?? '';
}

export function loadCorpus(): CorpusFile[] {
  const manifest = JSON.parse(readFileSync(path.join(CORPUS, 'manifest.json'), 'utf8')) as ManifestSource[];
  return manifest.flatMap((source) =>
    source.files.map((name) => {
      const body = readFileSync(path.join(CORPUS, source.folder, name));
      const kind = source.notFeeds?.includes(name) ? 'case' : source.kind;
      return {
        id: `${source.folder}/${name}`,
        kind,
        body,
        contentType: servedContentType(body),
      };
    }),
  );
}

export interface CorpusFigures {
  files: number;
  parsed: number;
  wholeFeeds: number;
  wholeFeedsParsed: number;
  /** Files rss-parser refused that the lenient fallback read. */
  rescued: number;
  itemsFound: number;
  itemsKept: number;
  /** Items whose normalising threw (isolated: the feed's other items still count). */
  itemErrors: number;
  /** Files whose parse + normalise threw past the isolation (must be 0). */
  escapedThrows: number;
  /** Stored titles, summaries or authors still carrying an escaped entity (&amp; &lt; &gt; &quot; &#...;). */
  doubleEscaped: number;
  /** Kept items whose author still carries an e-mail address, a URL, a line break or markup (must be 0). */
  dirtyAuthors: number;
  /** Kept items whose link is not an absolute http(s) URL (must be 0). */
  badLinks: number;
  failures: Map<string, string[]>;
  itemsPerSecond: number;
}

const ESCAPED_ENTITY = /&(?:amp|lt|gt|quot|#\d+|#x[0-9a-f]+);/i;
const FEED_URL = 'https://corpus.example.org/feeds/feed.xml';

/** A parse error's first line with the position details removed, so the same cause groups together. */
const reason = (error: unknown) =>
  (error instanceof Error ? error.message : String(error))
    .split('\n')[0]!
    .replace(/(Line|Column|Char): ?\d+/gi, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 90);

export async function measureCorpus(files: CorpusFile[], options: ParseOptions = {}): Promise<CorpusFigures> {
  const figures: CorpusFigures = {
    files: files.length,
    parsed: 0,
    wholeFeeds: 0,
    wholeFeedsParsed: 0,
    rescued: 0,
    itemsFound: 0,
    itemsKept: 0,
    itemErrors: 0,
    escapedThrows: 0,
    doubleEscaped: 0,
    dirtyAuthors: 0,
    badLinks: 0,
    failures: new Map(),
    itemsPerSecond: 0,
  };
  const started = performance.now();
  const now = new Date('2026-11-23T00:00:00.000Z');
  for (const file of files) {
    if (file.kind === 'feed') figures.wholeFeeds += 1;
    let parsed;
    try {
      parsed = await parseFeed(file.body, file.contentType, options);
    } catch (error) {
      const key = reason(error);
      figures.failures.set(key, [...(figures.failures.get(key) ?? []), file.id]);
      continue;
    }
    figures.parsed += 1;
    if (parsed.parsedBy === 'feedsmith') figures.rescued += 1;
    if (file.kind === 'feed') figures.wholeFeedsParsed += 1;
    try {
      const result = normaliseItems(
        parsed.items,
        {
          sourceName: 'Corpus',
          feedTitle: parsed.title,
          sourceDomain: 'corpus.example.org',
          feedUrl: FEED_URL,
        },
        now,
      );
      figures.itemsFound += parsed.items.length;
      figures.itemsKept += result.items.length;
      figures.itemErrors += result.errors.length;
      for (const item of result.items) {
        if ([item.title, item.summary, item.author].some((text) => ESCAPED_ENTITY.test(text))) figures.doubleEscaped += 1;
        if (!/^https?:\/\//.test(item.sourceUrl)) figures.badLinks += 1;
        if (/@|https?:|www\.|\n|<[a-z/]/i.test(item.author)) figures.dirtyAuthors += 1;
      }
    } catch {
      figures.escapedThrows += 1;
    }
  }
  figures.itemsPerSecond = Math.round(figures.itemsFound / ((performance.now() - started) / 1000));
  return figures;
}

const percent = (part: number, whole: number) => `${((part / Math.max(1, whole)) * 100).toFixed(1)} %`;

export async function runFeedCorpusBench(): Promise<void> {
  const files = loadCorpus();
  for (const [label, options] of [
    ['rss-parser alone', { fallback: false }],
    ['rss-parser + fallback', {}],
  ] as const) {
    const figures = await measureCorpus(files, options);
    console.log(
      `feed-corpus [${label}]: ${figures.files} files, parsed ${figures.parsed} (${percent(figures.parsed, figures.files)}); whole feeds ${figures.wholeFeedsParsed}/${figures.wholeFeeds} (${percent(figures.wholeFeedsParsed, figures.wholeFeeds)}); rescued by the fallback ${figures.rescued}; ` +
        `items kept ${figures.itemsKept}/${figures.itemsFound}; item errors ${figures.itemErrors}; escaped throws ${figures.escapedThrows}; double-escaped ${figures.doubleEscaped}; dirty authors ${figures.dirtyAuthors}; non-http links ${figures.badLinks}; ${figures.itemsPerSecond} items/s`,
    );
    for (const [cause, ids] of [...figures.failures].sort((a, b) => b[1].length - a[1].length))
      console.log(`  ${ids.length} x ${cause}: ${ids.slice(0, 4).join(', ')}${ids.length > 4 ? ', ...' : ''}`);
  }
}
