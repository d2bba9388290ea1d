/**
 * `npm run same-story`: JSON lines {"a": {"title", "summary"?, "publishedAt"?}, "b": {...}} on stdin; one
 * line per pair on stdout, {"same": true|false, "score", "reason", "against"}, through exactly the ingest's
 * same-event rule (lambdas/domain/topics/same-event.ts): `reason` (when joined) says which kinds of event,
 * entities, names, terms, figures and periods agreed, how many days apart and which texts were most alike
 * (`view`: the whole texts, a headline, a summary's first sentence); `against` (when not) what
 * disagreed or was missing. Give "publishedAt" (ISO) when known: the ingest has it, and reports further
 * apart than their kind's window (2-3 days) never join.
 */
import { createInterface } from 'node:readline';
import { sameEventOf } from '#domain/classifier/headline.ts';

type Side = { title?: unknown; summary?: unknown; publishedAt?: unknown };
const side = (value: Side | undefined) => {
  if (!value || typeof value.title !== 'string' || !value.title.trim()) throw new Error('"a" and "b" need a non-empty "title"');
  if (value.publishedAt != null && (typeof value.publishedAt !== 'string' || Number.isNaN(Date.parse(value.publishedAt)))) throw new Error('"publishedAt" must be an ISO date');
  return { title: value.title, summary: typeof value.summary === 'string' ? value.summary : null, publishedAt: typeof value.publishedAt === 'string' ? value.publishedAt : null };
};

for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (!line.trim()) continue;
  let answer: unknown;
  try {
    const pair = JSON.parse(line) as { a?: Side; b?: Side };
    answer = sameEventOf(side(pair.a), side(pair.b)) ?? { error: 'The ingest would drop one of these items' };
  } catch (error) {
    answer = { error: error instanceof Error ? error.message : String(error) };
  }
  process.stdout.write(`${JSON.stringify(answer)}\n`);
}
