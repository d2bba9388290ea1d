import * as z from '#domain/common/validation.ts';
import { checkFeedUrl, FEED_NAME_MAX, FEED_PRIORITY_MAX, FEED_PRIORITY_MIN, isHealthyStatus } from '#domain/content/feed-sources.ts';
import { OpmlError, readOpml, writeOpml } from '#domain/content/opml.ts';
import { getLiveFeedSource, type FeedChanges } from '#store/feed-edits.ts';
import { latestFeedHealth, listFeeds, listFeedsWithHealth, type FeedHealthItem, type FeedSourceItem } from '#store/feeds.ts';
import { signedInCaller } from '#platform/auth.ts';
import { HttpError } from '#core/errors.ts';
import { Reply, route, TextReply } from '#platform/router.ts';
import { addFeed, changeFeed, deleteFeed, fetchFeedNow, importFeeds } from '../../services/feed-admin.ts';

/**
 * RSS Feed Management (admin spec: RSS feed source, feed health record): the feed list with health,
 * add / edit / pause / delete (a new address is fetched and parsed before it is saved), fetch now, OPML
 * export and import. The use cases, each audited, are services/feed-admin.ts; this file validates and
 * shapes the feed views.
 */

export type { FeedCheck } from '../../services/feed-admin.ts';

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
  const added = await addFeed(signedInCaller(caller), body);
  return new Reply(201, { feed: toFeedView(added.feed, added.revived ? await latestFeedHealth(added.feed.id) : []), check: added.check, revived: added.revived });
});

/** Edit, or pause / resume with `{ active }`. A body with a URL checks it again, as on add. */
export const updateFeed = route(
  {
    params,
    body: z.partial(z.strictObject(feedFields)).check(z.refine((changes) => Object.values(changes).some((value) => value !== undefined), 'Nothing to change')),
  },
  async ({ params, body, caller }) => {
    const changes: FeedChanges = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const { feed, check } = await changeFeed(signedInCaller(caller), params.id, changes);
    return { feed: toFeedView(feed, await latestFeedHealth(feed.id)), ...(check ? { check } : {}) };
  },
);

/** Delete: the feed is no longer fetched or listed; its articles stay. */
export const deleteFeedRoute = route({ params }, async ({ params, caller }) => deleteFeed(signedInCaller(caller), params.id));

/**
 * Fetch now: the ingest's refresh of one feed, run here (new items stored as drafts for the classifier,
 * the check recorded in the feed's health).
 */
export const fetchFeedNowRoute = route({ params }, async ({ params, caller }) => {
  const result = await fetchFeedNow(signedInCaller(caller), params.id);
  const [updated, health] = await Promise.all([getLiveFeedSource(params.id), latestFeedHealth(params.id)]);
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
  let read;
  try {
    read = readOpml(body.opml);
  } catch (error) {
    if (error instanceof OpmlError) throw new HttpError(error.status, error.message);
    throw error;
  }
  const { added, skipped } = await importFeeds(signedInCaller(caller), read.feeds, read.invalid.length);
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
  'DELETE /admin/feeds/{id}': deleteFeedRoute,
  'POST /admin/feeds/{id}/fetch': fetchFeedNowRoute,
  'GET /admin/feeds-opml': exportOpml,
  'POST /admin/feeds-opml': importOpml,
};
