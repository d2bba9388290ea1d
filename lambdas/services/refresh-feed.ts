import { randomUUID } from 'node:crypto';
import pLimit from 'p-limit';
import { titleHash, urlHash } from '#domain/content/dedup.ts';
import { nextCheckAfterFailure, nextCheckAfterSuccess, type ServerHints } from '#domain/content/feed-schedule.ts';
import { isFallbackImage } from '#domain/content/images.ts';
import { normaliseItems } from '#domain/content/normalise.ts';
import { NEAR_DUPLICATE_WINDOW_DAYS, simhash } from '#domain/content/simhash.ts';
import { eventProfile, matchingEvent, type EventProfile, type JoinReason } from '#domain/topics/same-event.ts';
import { withStoryDecisions } from '#domain/topics/story-links.ts';
import { seedCatalogueTopic, storyTopics } from '#domain/topics/story-topics.ts';
import { taggedStoryTopics, type TopicOverrides } from '#domain/topics/topic-overrides.ts';
import { fetchFeed } from '#adapters/feed-fetch.ts';
import { parseFeed } from '#adapters/feed-parse.ts';
import { knownHashes, settleFeedIntakes, storeNewArticles } from '#store/article-intake.ts';
import { knownStoryOf, recentFingerprints, storyTextParts, type KnownStory, type NewArticle } from '#store/articles.ts';
import { storyDecisionsSince } from '#store/story-links.ts';
import { feedDescriptionOf, recordFeedHealth, updateFeedAfterCheck, type FeedToPoll } from '#store/feeds.ts';
import { logger } from '#core/logger.ts';
import { currentClassifier, decideArticle, type Classifier } from './classification.ts';
import { PAGE_IMAGE_DEFAULTS, pageImages, type PageImageOptions } from './page-images.ts';
import { topicOverrides } from './topic-overrides.ts';

export interface RefreshStats {
  feedId: string;
  outcome: 'new-items' | 'not-modified' | 'failed';
  itemsFound: number;
  created: number;
  duplicates: number;
  nearDuplicates: number;
  /** Of the created: later reports of an event another publisher's article already leads. */
  clustered?: number;
  /** Items dropped because normalising them threw (the feed's other items are kept). */
  itemErrors?: number;
  /** Of the created: items whose feed gave no picture and whose page's og:image / twitter:image was taken. */
  pageImages?: number;
  /** Of the created: classified as they were fetched, and what the classifier decided (the rest wait for the backlog run). */
  classified?: number;
  published?: number;
  queued?: number;
  rejected?: number;
  error?: string;
}

export interface RefreshOptions {
  timeoutMs: number;
  maxBytes: number;
  now: Date;
  /** Minimum minutes between two checks of the feed (the console's feed politeness setting). */
  intervalMinutes?: number;
  /**
   * Fingerprints of recent stories, or how to read them (`recentStoriesOnce`): read only when a feed brings a
   * new body, so a poll answered 304 reads nothing of them. New stories are added as they are stored.
   */
  fingerprints: KnownStory[] | (() => Promise<KnownStory[]>);
  /** How new items without a feed picture are looked up on their pages; false: not at all. */
  pageImages?: PageImageOptions | false;
}

/**
 * The recent stories' fingerprints, read from the table the first time a feed needs them, then shared; with the
 * moderators' splits and joins of the same days applied (`withStoryDecisions`), so a story a moderator split
 * off leads its own cluster: a new report matching it joins it, never the story it was split from.
 */
export function recentStoriesOnce(now: Date): () => Promise<KnownStory[]> {
  let stories: Promise<KnownStory[]> | undefined;
  const since = new Date(now.getTime() - NEAR_DUPLICATE_WINDOW_DAYS * 86_400_000).toISOString();
  return () => (stories ??= Promise.all([recentFingerprints(NEAR_DUPLICATE_WINDOW_DAYS, now), storyDecisionsSince(since)]).then(([known, decisions]) => withStoryDecisions(known, decisions)));
}

/**
 * The classifier for a batch of new stories, or null when it cannot be had (the model or the settings
 * failed to load): the stories are then stored as unclassified drafts, and the backlog run classifies them.
 */
async function classifierOrNull(): Promise<Classifier | null> {
  try {
    return await currentClassifier();
  } catch (error) {
    logger.warn('classifier unavailable: new stories wait as drafts for the backlog run', { error: error instanceof Error ? error.message : String(error) });
    return null;
  }
}

/** Profiles of known stories, computed once per ingest run rather than once per feed. */
const profiles = new WeakMap<KnownStory, EventProfile>();
const profiled = (known: KnownStory) => {
  let profile = profiles.get(known);
  if (!profile) profiles.set(known, (profile = eventProfile(storyTextParts(known.storyText ?? '', known.publishedAt ?? null))));
  return { known, profile };
};

const MAX_REDIRECTS = 5;
/** Article writes in flight at once for one feed. */
const WRITE_CONCURRENCY = 8;

export interface FailedCheck {
  now: Date;
  error: string;
  httpStatus?: number | undefined;
  responseTimeMs?: number | undefined;
  hints?: ServerHints | undefined;
  intervalMinutes?: number | undefined;
}

/**
 * Records a failed check of one feed: an error on its health and a later next check (backing off with
 * each failure in a row), so a failing feed never stays due and never blocks the feeds after it.
 */
export async function recordFailedCheck(feed: FeedToPoll, check: FailedCheck): Promise<RefreshStats> {
  const consecutiveFailures = (feed.consecutiveFailures ?? 0) + 1;
  const checkedAt = check.now.toISOString();
  await recordFeedHealth({ feedId: feed.id, checkedAt, status: 'error', error: check.error, httpStatus: check.httpStatus, responseTimeMs: check.responseTimeMs ?? 0 });
  await updateFeedAfterCheck(feed, {
    consecutiveFailures,
    lastStatus: 'error',
    lastCheckedAt: checkedAt,
    nextCheckAt: nextCheckAfterFailure(check.now, consecutiveFailures, check.hints, check.intervalMinutes).toISOString(),
  });
  return { feedId: feed.id, outcome: 'failed', itemsFound: 0, created: 0, duplicates: 0, nearDuplicates: 0, error: check.error };
}

/**
 * Refreshes one feed: conditional fetch, parse, normalise, drop duplicates, classify the new items and
 * store each once with its final status, and record the check. The one use case behind the pipeline step, the CLI and
 * the benchmark. It never throws for a feed's own faults: those become a health record and a backoff.
 */
export async function refreshFeed(polled: FeedToPoll, options: RefreshOptions): Promise<RefreshStats> {
  const { now } = options;
  const checkedAt = now.toISOString();
  const fetched = await fetchFeed(polled.url, { etag: polled.etag, lastModified: polled.lastModified, timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, maxRedirects: MAX_REDIRECTS });

  const fail = (error: string, httpStatus?: number) =>
    recordFailedCheck(polled, { now, error, httpStatus, responseTimeMs: fetched.responseTimeMs, hints: fetched.hints, intervalMinutes: options.intervalMinutes });

  if (fetched.kind === 'error') return fail(fetched.error, fetched.httpStatus);
  if (fetched.kind === 'not-modified') {
    // A health record marks a change of state: a 304 after a 304 writes only its check times (one small
    // item). Its time is the feed's last check; the record of the first 304 in a row stays the latest.
    const unchanged = polled.lastStatus === 'not-modified' && !polled.consecutiveFailures;
    if (!unchanged) await recordFeedHealth({ feedId: polled.id, checkedAt, status: 'not-modified', httpStatus: 304, responseTimeMs: fetched.responseTimeMs });
    await updateFeedAfterCheck(polled, { consecutiveFailures: 0, lastStatus: 'not-modified', lastCheckedAt: checkedAt, nextCheckAt: nextCheckAfterSuccess(now, fetched.hints, options.intervalMinutes).toISOString() });
    return { feedId: polled.id, outcome: 'not-modified', itemsFound: 0, created: 0, duplicates: 0, nearDuplicates: 0 };
  }
  // A new body: the feed's name (on every item) is read now, never for a 304.
  const description = polled.name === undefined ? await feedDescriptionOf(polled.id) : null;
  const feed = { ...polled, name: polled.name ?? description?.name ?? polled.id, isIndian: polled.isIndian ?? description?.isIndian };

  let parsed;
  try {
    parsed = await parseFeed(fetched.body, fetched.contentType);
  } catch (error) {
    return fail(`Unreadable feed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, fetched.httpStatus);
  }

  const sourceDomain = new URL(feed.url).hostname;
  let images = 0;
  let dataPoints = 0;
  let nearDuplicates = 0;
  const { items, errors: itemErrors } = normaliseItems(parsed.items, { sourceName: feed.name, feedTitle: parsed.title, sourceDomain, feedUrl: feed.url }, now);
  // Same events are found in memory, in feed order, before any write: the same publisher's rewrite is
  // dropped; another publisher's report joins the first report's cluster (stored, but not a card).
  let clustered = 0;
  const known = typeof options.fingerprints === 'function' ? await options.fingerprints() : options.fingerprints;
  const fresh: Array<{ item: (typeof items)[number]; fingerprint: string; id: string; clusterId: string | undefined; clusterReason: JoinReason | undefined }> = [];
  for (const item of items) {
    if (!item.imageUrl.startsWith('/')) images += 1;
    dataPoints += [item.summary, item.author !== feed.name, item.content, item.rssCategories.length, item.mediaThumbnails.length, item.enclosures.length].filter(Boolean).length;
    const fingerprint = simhash(`${item.title} ${item.summary}`);
    const profile = eventProfile({ title: item.title, summary: item.summary, publishedAt: item.originalPublishedAt });
    const match = matchingEvent(profile, known.filter((known) => known.storyText).map(profiled));
    const earlier = match?.candidate.known;
    if (earlier && (earlier.sourceName === undefined || earlier.sourceName === feed.name)) {
      nearDuplicates += 1;
      continue;
    }
    const id = randomUUID();
    const clusterId = earlier ? (earlier.clusterId ?? earlier.articleId) : undefined;
    if (clusterId) clustered += 1;
    known.push(knownStoryOf({ id, title: item.title, summary: item.summary, originalPublishedAt: item.originalPublishedAt, sourceName: feed.name, clusterId, simhash: fingerprint }));
    fresh.push({ item, fingerprint, id, clusterId, clusterReason: clusterId ? match?.reason : undefined });
  }
  const limit = pLimit(WRITE_CONCURRENCY);
  // A batch an earlier check of this feed left half-written (a crash) is settled first, so its stories
  // that were never stored give their dedup claims back and are stored now. One left too recently to settle
  // (the task retried at once after its function was killed) still holds its stories' claims: see the validators below.
  const intakes = await settleFeedIntakes(new Date(), feed.id);
  // Stories already stored (live, purged or deleted) are found with reads, and cost no write: by URL,
  // then by title for the rest.
  const knownUrls = await knownHashes('url', fresh.map(({ item }) => urlHash(item.sourceUrl)));
  const newUrls = fresh.filter(({ item }) => !knownUrls.has(urlHash(item.sourceUrl)));
  const knownTitles = await knownHashes('title', newUrls.map(({ item }) => titleHash(item.title)));
  const unseen = newUrls.filter(({ item }) => !knownTitles.has(titleHash(item.title)));
  // New stories without a feed picture: their pages are asked for one (an item already stored costs no request).
  const withoutPicture = options.pageImages === false ? [] : unseen.filter(({ item }) => isFallbackImage(item.imageUrl));
  const found = await pageImages(
    withoutPicture.map(({ item }) => item.pageUrl),
    options.pageImages || PAGE_IMAGE_DEFAULTS,
  );
  // Each story is classified here and written once, with its final status (published, queued or rejected).
  const classifier = unseen.length ? await classifierOrNull() : null;
  // Moderators' merges and names apply to new stories (domain/topics/topic-overrides.ts taggedStoryTopics).
  const overrides: TopicOverrides = unseen.length ? await topicOverrides() : new Map();
  const articles: NewArticle[] = unseen.map(({ item, fingerprint, id, clusterId, clusterReason }) => {
    const story = {
      id,
      title: item.title,
      summary: item.summary,
      content: item.content,
      category: item.categoryHint ?? 'general',
      tags: item.rssCategories.slice(0, 5),
      sourceUrl: item.sourceUrl,
      sourceName: feed.name,
      author: item.author,
      sourceAttribution: item.sourceAttribution,
      imageUrl: found.get(item.pageUrl) ?? item.imageUrl,
      mediaThumbnails: item.mediaThumbnails,
      enclosures: item.enclosures,
      mediaMetadata: item.mediaMetadata,
      contentType: item.contentType,
      podcastMetadata: item.podcastMetadata,
      commentsUrl: item.commentsUrl,
      rssCategories: item.rssCategories,
      readTimeMinutes: item.readTimeMinutes,
      feedId: feed.id,
      originalPublishedAt: item.originalPublishedAt,
      status: 'draft' as const,
      adminStatus: 'unclassified' as const,
      urlHash: urlHash(item.sourceUrl),
      titleHash: titleHash(item.title),
      simhash: fingerprint,
      topics: taggedStoryTopics(storyTopics(item.title, item.summary), seedCatalogueTopic, overrides),
      ...(clusterId ? { clusterId, clusterReason, isDuplicate: true } : {}),
    };
    if (!classifier) return story;
    const decided = decideArticle(classifier, story, feed.isIndian ?? false, checkedAt);
    return { ...story, ...decided.set, status: decided.status, category: decided.category };
  });
  const outcomes = (await storeNewArticles(feed.id, articles, { concurrency: limit })).map((result, index) => ({
    created: result.created,
    pageImage: result.created && found.has(unseen[index]!.item.pageUrl),
  }));
  const created = outcomes.filter((outcome) => outcome.created).length;
  const stored = articles.filter((_article, index) => outcomes[index]?.created);
  const decisions = {
    classified: stored.filter((article) => article.adminStatus !== 'unclassified').length,
    published: stored.filter((article) => article.status === 'published').length,
    queued: stored.filter((article) => article.adminStatus === 'pending_review').length,
    rejected: stored.filter((article) => article.status === 'rejected').length,
  };
  const withPageImage = outcomes.filter((outcome) => outcome.pageImage).length;
  const duplicates = fresh.length - created;

  await recordFeedHealth({
    feedId: feed.id,
    checkedAt,
    status: 'healthy',
    httpStatus: fetched.httpStatus,
    responseTimeMs: fetched.responseTimeMs,
    itemsFound: parsed.items.length,
    imagesExtracted: images,
    dataPointsExtracted: dataPoints,
  });
  await updateFeedAfterCheck(feed, {
    consecutiveFailures: 0,
    lastStatus: 'healthy',
    lastCheckedAt: checkedAt,
    nextCheckAt: nextCheckAfterSuccess(now, fetched.hints, options.intervalMinutes).toISOString(),
    // Taken only when no batch of this feed is left unsettled: its stories were skipped as known, and a 304 at
    // the next poll would leave them out for good; with the old validators the next poll brings the body again
    // and, that batch settled meanwhile, stores them.
    ...(fetched.etag && !intakes.pending ? { etag: fetched.etag } : {}),
    ...(fetched.lastModified && !intakes.pending ? { lastModified: fetched.lastModified } : {}),
    averageImagesPerItem: items.length ? Math.round((images / items.length) * 100) / 100 : 0,
    // Share of the six optional fields the items carry, 0-100.
    dataRichnessScore: items.length ? Math.round((dataPoints / (items.length * 6)) * 100) : 0,
  });
  return { feedId: feed.id, outcome: 'new-items', itemsFound: parsed.items.length, created, duplicates, nearDuplicates, clustered, pageImages: withPageImage, ...decisions, ...(itemErrors.length ? { itemErrors: itemErrors.length } : {}) };
}
