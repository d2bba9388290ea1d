import { fetchFeed } from '#adapters/feed-fetch.ts';
import { parseFeed } from '#adapters/feed-parse.ts';
import type { Caller } from '#domain/common/caller.ts';
import type { OpmlFeed } from '#domain/content/opml.ts';
import { recordAudit } from '#store/audit.ts';
import { addFeedSource, addFeedSources, changeFeedSource, FeedExistsError, findFeedByUrl, getLiveFeedSource, removeFeedSource, type FeedChanges } from '#store/feed-edits.ts';
import { type FeedSourceItem } from '#store/feeds.ts';
import { config } from '#core/config.ts';
import { HttpError, notFound } from '#core/errors.ts';
import { recentStoriesOnce, refreshFeed } from './refresh-feed.ts';

/**
 * RSS Feed Management's use cases (admin spec: RSS feed source): a new address is fetched and parsed before
 * it is saved, a feed is added, changed, paused, deleted, fetched now or imported from OPML, and every change
 * is audited. The admin handler (http/admin/feeds.ts) validates the input and shapes the feed views.
 */

/** The admin function has 29 s (API Gateway gives up at 30): a feed check must end well before. */
const CHECK_TIMEOUT_MS = Math.min(config.FEED_TIMEOUT_MS, 20_000);
const MAX_REDIRECTS = 5;

/** What the audit log keeps of a feed. */
const auditedFields = (feed: FeedSourceItem) => ({ name: feed.name, url: feed.url, priority: feed.priority, isIndian: feed.isIndian, active: feed.active, specialization: feed.specialization });

export type FeedCheck =
  | { ok: true; itemsFound: number; feedTitle: string | null; responseTimeMs: number; httpStatus: number }
  | { ok: false; reason: string; httpStatus: number | null; responseTimeMs: number };

/** A fetch error as the admin reads it. */
function fetchFailure(error: string, httpStatus: number | undefined): string {
  const timedOut = /^Timed out after (\d+) ms/.exec(error);
  if (timedOut) return `The feed did not answer within ${Number(timedOut[1]) / 1000} s`;
  if (/^HTTP \d+$/.test(error)) return `The server answered ${error}${httpStatus === 404 ? ' (not found)' : ''}`;
  if (error.startsWith('Network error')) return `Could not reach the server (${error.replace(/^Network error: /, '')})`;
  if (error.startsWith('Body larger')) return `The feed is too large (${error})`;
  return error;
}

/**
 * On save: fetch the address with the ingest's own adapters (timeout, size cap, redirect limit) and
 * parse it; the answer says how many items it holds, or why it is not a feed. Nothing is stored.
 */
export async function checkFeed(url: string): Promise<FeedCheck> {
  const fetched = await fetchFeed(url, { timeoutMs: CHECK_TIMEOUT_MS, maxBytes: config.FEED_MAX_BYTES, maxRedirects: MAX_REDIRECTS });
  if (fetched.kind === 'error') return { ok: false, reason: fetchFailure(fetched.error, fetched.httpStatus), httpStatus: fetched.httpStatus ?? null, responseTimeMs: fetched.responseTimeMs };
  if (fetched.kind === 'not-modified') return { ok: false, reason: 'The server answered 304 Not Modified to a plain request', httpStatus: 304, responseTimeMs: fetched.responseTimeMs };
  try {
    const parsed = await parseFeed(fetched.body, fetched.contentType);
    return { ok: true, itemsFound: parsed.items.length, feedTitle: parsed.title?.trim() || null, responseTimeMs: fetched.responseTimeMs, httpStatus: fetched.httpStatus };
  } catch (error) {
    const html = /text\/html|application\/xhtml/i.test(fetched.contentType) || /^\s*(<!doctype html|<html)/i.test(fetched.body.subarray(0, 512).toString('latin1'));
    const reason = html
      ? 'Not a feed: the address serves an HTML page, not RSS or Atom'
      : `Not a feed: ${error instanceof Error ? error.message.split('\n')[0] : 'the document could not be read as RSS or Atom'}`;
    return { ok: false, reason, httpStatus: fetched.httpStatus, responseTimeMs: fetched.responseTimeMs };
  }
}

type GoodCheck = Extract<FeedCheck, { ok: true }>;

/** A feed that is not saved because its address did not give a readable feed: 422 with the reason. */
async function checkedOrThrow(url: string): Promise<GoodCheck> {
  const check = await checkFeed(url);
  if (!check.ok) throw new HttpError(422, check.reason, { check });
  return check;
}

function duplicate(existing: FeedSourceItem): HttpError {
  return new HttpError(409, `A feed with this URL already exists: ${existing.name}`, { existingId: existing.id });
}

export type NewFeed = Parameters<typeof addFeedSource>[0];

/** Add: the address is checked (fetched and parsed) first; the new feed is due at once. */
export async function addFeed(who: Caller, fields: NewFeed) {
  const existing = await findFeedByUrl(fields.url);
  if (existing) throw duplicate(existing);
  const check = await checkedOrThrow(fields.url);
  let added;
  try {
    added = await addFeedSource(fields);
  } catch (error) {
    if (error instanceof FeedExistsError) throw duplicate(error.existing);
    throw error;
  }
  await recordAudit(who, { action: added.revived ? 'feed.restore' : 'feed.create', target: added.feed.id, after: { ...auditedFields(added.feed), itemsFound: check.itemsFound } });
  return { ...added, check };
}

/** Edit, or pause / resume with `{ active }`. A change of URL checks it again, as on add. */
export async function changeFeed(who: Caller, id: string, changes: FeedChanges): Promise<{ feed: FeedSourceItem; check?: GoodCheck }> {
  const current = await getLiveFeedSource(id);
  if (!current) throw notFound('Feed not found');
  let check: GoodCheck | undefined;
  if (changes.url !== undefined) {
    const other = await findFeedByUrl(changes.url);
    if (other && other.id !== current.id) throw duplicate(other);
    check = await checkedOrThrow(changes.url);
  }
  const updated = await changeFeedSource(current, changes);
  if (!updated) throw notFound('Feed not found');
  const keys = Object.keys(changes) as Array<keyof FeedChanges>;
  const action = keys.length === 1 && keys[0] === 'active' ? (changes.active ? 'feed.resume' : 'feed.pause') : 'feed.update';
  await recordAudit(who, {
    action,
    target: current.id,
    before: Object.fromEntries(keys.map((key) => [key, current[key] ?? null])),
    after: Object.fromEntries(keys.map((key) => [key, updated[key] ?? null])),
  });
  return { feed: updated, ...(check ? { check } : {}) };
}

/** Delete: the feed is no longer fetched or listed; its articles stay. */
export async function deleteFeed(who: Caller, id: string): Promise<{ id: string; deleted: true }> {
  const current = await getLiveFeedSource(id);
  if (!current || !(await removeFeedSource(current.id))) throw notFound('Feed not found');
  await recordAudit(who, { action: 'feed.delete', target: current.id, before: auditedFields(current) });
  return { id: current.id, deleted: true };
}

/**
 * Fetch now: the ingest's refresh of one feed, run here (new items stored as drafts for the classifier,
 * the check recorded in the feed's health), audited.
 */
export async function fetchFeedNow(who: Caller, id: string) {
  const feed = await getLiveFeedSource(id);
  if (!feed) throw notFound('Feed not found');
  const now = new Date();
  const stats = await refreshFeed(feed, { timeoutMs: CHECK_TIMEOUT_MS, maxBytes: config.FEED_MAX_BYTES, now, fingerprints: recentStoriesOnce(now) });
  const status = stats.outcome === 'failed' ? 'error' : stats.outcome === 'not-modified' ? 'not-modified' : 'healthy';
  const result = { itemsFound: stats.itemsFound, created: stats.created, duplicates: stats.duplicates + stats.nearDuplicates, status, error: stats.error ?? null };
  await recordAudit(who, { action: 'feed.fetch', target: feed.id, after: result });
  return result;
}

/** Import: adds the feeds whose address is not in the list yet (due at once), skips the rest; audited. */
export async function importFeeds(who: Caller, feeds: readonly OpmlFeed[], invalid: number) {
  const { added, skipped } = await addFeedSources(feeds);
  await recordAudit(who, {
    action: 'feed.import',
    target: 'opml',
    after: { added: added.map((feed) => ({ id: feed.id, url: feed.url })), skipped: skipped.length, invalid },
  });
  return { added, skipped };
}
