import * as z from '#domain/common/validation.ts';
import { checkFeedUrl, FEED_NAME_MAX, FEED_PRIORITY_MAX, FEED_PRIORITY_MIN, isHealthyStatus } from '#domain/content/feed-sources.ts';
import { OpmlError, readOpml, writeOpml } from '#domain/content/opml.ts';
import { fetchFeed } from '#adapters/feed-fetch.ts';
import { parseFeed } from '#adapters/feed-parse.ts';
import { recordAudit } from '#store/audit.ts';
import { addFeedSource, addFeedSources, changeFeedSource, FeedExistsError, findFeedByUrl, getLiveFeedSource, removeFeedSource, type FeedChanges } from '#store/feed-edits.ts';
import { latestFeedHealth, listFeeds, listFeedsWithHealth, type FeedHealthItem, type FeedSourceItem } from '#store/feeds.ts';
import { signedInCaller } from '#platform/auth.ts';
import { config } from '#core/config.ts';
import { HttpError, notFound } from '#core/errors.ts';
import { Reply, route, TextReply } from '#platform/router.ts';
import { recentStoriesOnce, refreshFeed } from '../../services/refresh-feed.ts';

/**
 * RSS Feed Management (admin spec: RSS feed source, feed health record): the feed list with health,
 * add / edit / pause / delete (a new address is fetched and parsed before it is saved), fetch now, OPML
 * export and import. Every change is audited.
 */

/** The admin function has 29 s (API Gateway gives up at 30): a feed check must end well before. */
const CHECK_TIMEOUT_MS = Math.min(config.FEED_TIMEOUT_MS, 20_000);
const MAX_REDIRECTS = 5;

function toHealthView(check: FeedHealthItem) {
  return {
    status: check.status,
    healthy: isHealthyStatus(check.status),
    httpStatus: check.httpStatus ?? null,
    responseTimeMs: check.responseTimeMs ?? 0,
    itemsFound: check.itemsFound ?? 0,
    imagesExtracted: check.imagesExtracted ?? 0,
    dataPointsExtracted: check.dataPointsExtracted ?? 0,
    error: check.error ?? null,
    checkedAt: check.checkedAt,
  };
}

function toFeedView(feed: FeedSourceItem, health: FeedHealthItem[]) {
  const active = feed.active ?? true;
  return {
    id: feed.id,
    name: feed.name,
    url: feed.url,
    active,
    paused: !active,
    priority: feed.priority ?? 5,
    isIndian: feed.isIndian ?? false,
    supportsMedia: feed.supportsMedia ?? false,
    contentTypes: feed.contentTypes ?? ['article'],
    publisherTier: feed.publisherTier ?? null,
    specialization: feed.specialization ?? null,
    dataRichnessScore: feed.dataRichnessScore ?? 0,
    averageImagesPerItem: feed.averageImagesPerItem ?? 0,
    consecutiveFailures: feed.consecutiveFailures ?? 0,
    lastStatus: feed.lastStatus ?? null,
    healthy: feed.lastStatus ? isHealthyStatus(feed.lastStatus) : null,
    lastCheckedAt: feed.lastCheckedAt ?? null,
    nextCheckAt: feed.nextCheckAt,
    createdAt: feed.createdAt,
    updatedAt: feed.updatedAt,
    health: health.map(toHealthView),
  };
}

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

/** A feed that is not saved because its address did not give a readable feed: 422 with the reason. */
async function checkedOrThrow(url: string): Promise<Extract<FeedCheck, { ok: true }>> {
  const check = await checkFeed(url);
  if (!check.ok) throw new HttpError(422, check.reason, { check });
  return check;
}

function duplicate(existing: FeedSourceItem): HttpError {
  return new HttpError(409, `A feed with this URL already exists: ${existing.name}`, { existingId: existing.id });
}

const feedUrl = z.pipe(z.string().check(z.trim(), z.minLength(1, 'Enter the feed URL'), z.maxLength(2048, 'The URL is longer than 2,048 characters')), z.transform((value, ctx) => {
    const checked = checkFeedUrl(value);
    if (!checked.ok) {
      ctx.issues.push({ code: 'custom', message: checked.reason, input: value });
      return z.NEVER;
    }
    return checked.url;
  }));

const feedFields = {
  name: z.string().check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(FEED_NAME_MAX, `At most ${FEED_NAME_MAX} characters`)),
  url: feedUrl,
  priority: z.optional(z.int().check(z.minimum(FEED_PRIORITY_MIN), z.maximum(FEED_PRIORITY_MAX))),
  isIndian: z.optional(z.boolean()),
  specialization: z.optional(z.string().check(z.trim(), z.maxLength(500, 'At most 500 characters'))),
  active: z.optional(z.boolean()),
};

const params = z.object({ id: z.string().check(z.minLength(1), z.maxLength(120)) });

export const listFeedsRoute = route({}, async () => {
  const feeds = (await listFeedsWithHealth()).map(({ feed, health }) => toFeedView(feed, health));
  const paused = feeds.filter((feed) => feed.paused).length;
  return {
    feeds,
    summary: {
      total: feeds.length,
      active: feeds.length - paused,
      paused,
      failing: feeds.filter((feed) => feed.active && feed.healthy === false).length,
      neverChecked: feeds.filter((feed) => feed.lastStatus === null).length,
    },
  };
});

/** Add: the address is checked (fetched and parsed) first; the new feed is due at once. */
export const createFeed = route({ body: z.strictObject(feedFields) }, async ({ body, caller }) => {
  const who = signedInCaller(caller);
  const existing = await findFeedByUrl(body.url);
  if (existing) throw duplicate(existing);
  const check = await checkedOrThrow(body.url);
  let added;
  try {
    added = await addFeedSource(body);
  } catch (error) {
    if (error instanceof FeedExistsError) throw duplicate(error.existing);
    throw error;
  }
  await recordAudit(who, { action: added.revived ? 'feed.restore' : 'feed.create', target: added.feed.id, after: { ...auditedFields(added.feed), itemsFound: check.itemsFound } });
  return new Reply(201, { feed: toFeedView(added.feed, added.revived ? await latestFeedHealth(added.feed.id) : []), check, revived: added.revived });
});

/** Edit, or pause / resume with `{ active }`. A body with a URL checks it again, as on add. */
export const updateFeed = route(
  {
    params,
    body: z.partial(z.strictObject(feedFields)).check(z.refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Nothing to change')),
  },
  async ({ params, body, caller }) => {
    const who = signedInCaller(caller);
    const current = await getLiveFeedSource(params.id);
    if (!current) throw notFound('Feed not found');
    let check: Extract<FeedCheck, { ok: true }> | undefined;
    if (body.url !== undefined) {
      const other = await findFeedByUrl(body.url);
      if (other && other.id !== current.id) throw duplicate(other);
      check = await checkedOrThrow(body.url);
    }
    const changes: FeedChanges = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
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
    return { feed: toFeedView(updated, await latestFeedHealth(updated.id)), ...(check ? { check } : {}) };
  },
);

/** Delete: the feed is no longer fetched or listed; its articles stay. */
export const deleteFeed = route({ params }, async ({ params, caller }) => {
  const who = signedInCaller(caller);
  const current = await getLiveFeedSource(params.id);
  if (!current || !(await removeFeedSource(current.id))) throw notFound('Feed not found');
  await recordAudit(who, { action: 'feed.delete', target: current.id, before: auditedFields(current) });
  return { id: current.id, deleted: true };
});

/**
 * Fetch now: the ingest's refresh of one feed, run here (new items stored as drafts for the classifier,
 * the check recorded in the feed's health).
 */
export const fetchFeedNow = route({ params }, async ({ params, caller }) => {
  const who = signedInCaller(caller);
  const feed = await getLiveFeedSource(params.id);
  if (!feed) throw notFound('Feed not found');
  const now = new Date();
  const stats = await refreshFeed(feed, { timeoutMs: CHECK_TIMEOUT_MS, maxBytes: config.FEED_MAX_BYTES, now, fingerprints: recentStoriesOnce(now) });
  const status = stats.outcome === 'failed' ? 'error' : stats.outcome === 'not-modified' ? 'not-modified' : 'healthy';
  const result = { itemsFound: stats.itemsFound, created: stats.created, duplicates: stats.duplicates + stats.nearDuplicates, status, error: stats.error ?? null };
  await recordAudit(who, { action: 'feed.fetch', target: feed.id, after: result });
  const [updated, health] = await Promise.all([getLiveFeedSource(feed.id), latestFeedHealth(feed.id)]);
  return { ...result, feed: updated ? toFeedView(updated, health) : null };
});

const OPML_CONTENT_TYPE = 'text/x-opml; charset=utf-8';

/** Export: every feed (paused ones too) as an OPML 2.0 download. */
export const exportOpml = route({}, async () => {
  const now = new Date();
  const feeds = (await listFeeds()).sort((a, b) => (a.priority ?? 5) - (b.priority ?? 5) || a.name.localeCompare(b.name));
  const body = writeOpml(
    feeds.map((feed) => ({ name: feed.name, url: feed.url, priority: feed.priority, isIndian: feed.isIndian, active: feed.active ?? true, specialization: feed.specialization })),
    { title: 'Creator News Hub feeds', createdAt: now },
  );
  return new TextReply(body, OPML_CONTENT_TYPE, {
    'content-disposition': `attachment; filename="creator-news-hub-feeds-${now.toISOString().slice(0, 10)}.opml"`,
    'cache-control': 'no-store',
  });
});

/**
 * Import: adds the feeds whose address is not in the list yet (due at once, so the next ingest checks
 * them), skips the rest, and lists the outlines whose address breaks the URL rule. Outlines are not
 * fetched here: a list of hundreds would not fit in one request's 29 s.
 */
export const importOpml = route({ body: z.strictObject({ opml: z.string({ error: 'Send the OPML document as the "opml" text field' }) }) }, async ({ body, caller }) => {
  const who = signedInCaller(caller);
  let read;
  try {
    read = readOpml(body.opml);
  } catch (error) {
    if (error instanceof OpmlError) throw new HttpError(error.status, error.message);
    throw error;
  }
  const { added, skipped } = await addFeedSources(read.feeds);
  await recordAudit(who, {
    action: 'feed.import',
    target: 'opml',
    after: { added: added.map((feed) => ({ id: feed.id, url: feed.url })), skipped: skipped.length, invalid: read.invalid.length },
  });
  return {
    added: added.length,
    skipped: skipped.length,
    invalid: read.invalid,
    feeds: added.map((feed) => ({ id: feed.id, name: feed.name, url: feed.url })),
  };
});

export const feedRoutes = {
  'GET /admin/feeds': listFeedsRoute,
  'POST /admin/feeds': createFeed,
  'PUT /admin/feeds/{id}': updateFeed,
  'DELETE /admin/feeds/{id}': deleteFeed,
  'POST /admin/feeds/{id}/fetch': fetchFeedNow,
  'GET /admin/feeds-opml': exportOpml,
  'POST /admin/feeds-opml': importOpml,
};
