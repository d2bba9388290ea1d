/**
 * `npm run classify`: JSON lines {"title", "summary"?, "source"?, "url"?} on stdin; one JSON line per item on stdout
 * with the pipeline's decision (publish / review / reject), category, relevance, confidence and India
 * relevance, through exactly the code the ingest runs (normalise -> classify -> decide) with the shipped model.
 * A line that is not such an object gets {"error": "..."}.
 */
import { createInterface } from 'node:readline';
import shippedModel from '../data/classifier/model.json' with { type: 'json' };
import { judgeHeadline } from '#domain/classifier/headline.ts';
import type { HeadlineModel } from '#domain/classifier/model.ts';
import production from '../data/feeds/production-sources.json' with { type: 'json' };

/** A source counts as Indian as the ingest's feed list says (by the publisher's domain). */
const indianDomains = new Set(production.sources.filter((source) => source.isIndian).map((source) => new URL(source.url).hostname.replace(/^www\./, '')));

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  let answer: unknown;
  try {
    const input = JSON.parse(line) as { title?: unknown; summary?: unknown; source?: unknown; url?: unknown };
    if (typeof input.title !== 'string' || !input.title.trim()) throw new Error('"title" must be a non-empty string');
    answer =
      judgeHeadline(
        shippedModel as HeadlineModel,
        { title: input.title, summary: typeof input.summary === 'string' ? input.summary : null, source: typeof input.source === 'string' ? input.source : null, url: typeof input.url === 'string' ? input.url : null },
        (domain) => indianDomains.has(domain),
      ) ?? { error: 'The ingest would drop this item (no usable title)' };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
