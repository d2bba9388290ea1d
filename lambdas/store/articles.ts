import { type CreateEntityItem, createWriteTransaction, CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import type { JoinReason } from '#domain/topics/same-event.ts';
import type { KeywordMatches } from '#domain/classifier/keywords.ts';
import { ARTICLE_LIST_ROW } from '#domain/content/article-admin.ts';
import { ADMIN_STATUSES, ARTICLE_STATUSES, type ArticleStatus, CONTENT_TYPES, OUTSIDE_REVIEW_QUEUE, REVIEW_PRIORITIES, statusSortTime, UNSCORED_RELEVANCE } from '#domain/content/article-status.ts';
import { CATEGORY_SLUGS, type CategorySlug } from '#domain/content/categories.ts';
import { FEATURED_BY, type FeaturedBy } from '#domain/content/featured.ts';
import type { NormalisedItem } from '#domain/content/normalise.ts';
import { NEAR_DUPLICATE_WINDOW_DAYS } from '#domain/content/simhash.ts';
import { ENTITY_KINDS } from '#domain/topics/catalogue.ts';
import { articleCounterChanges, Counter, counterKey } from './table/counters.ts';
import { dayOf, daysSince, expiresInDays } from './table/ids.ts';
import { transactWithRetry } from './table/paging.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

export const Article = new Entity({
  model: { entity: 'article', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    summary: { type: 'string', default: '' },
    content: { type: 'string', default: '' },
    category: { type: CATEGORY_SLUGS, required: true, default: 'general' },
    tags: { type: 'list', items: { type: 'string' }, default: () => [] },
    /** The catalogue's entities its headline and summary name (domain/topics/story-topics.ts), set at intake. */
    topics: {
      type: 'list',
      items: { type: 'map', properties: { id: { type: 'string', required: true }, kind: { type: ENTITY_KINDS, required: true }, name: { type: 'string', required: true } } },
    },
    sourceUrl: { type: 'string', required: true },
    sourceName: { type: 'string', required: true },
    author: { type: 'string' },
    sourceAttribution: { type: CustomAttributeType<{ author?: string; feedTitle?: string; rights?: string }>('any') },
    imageUrl: { type: 'string' },
    mediaThumbnails: { type: CustomAttributeType<NormalisedItem['mediaThumbnails']>('any') },
    enclosures: { type: CustomAttributeType<NormalisedItem['enclosures']>('any') },
    mediaMetadata: { type: CustomAttributeType<NormalisedItem['mediaMetadata']>('any') },
    contentType: { type: CONTENT_TYPES, default: 'article' },
    podcastMetadata: { type: CustomAttributeType<NonNullable<NormalisedItem['podcastMetadata']>>('any') },
    geographicData: { type: CustomAttributeType<{ lat: number; lon: number; featureName?: string }>('any') },
    commentsUrl: { type: 'string' },
    rssCategories: { type: 'list', items: { type: 'string' } },
    feedId: { type: 'string' },
    originalPublishedAt: { type: 'string' },
    publishedAt: { type: 'string' },
    archivedAt: { type: 'string' },
    purgedAt: { type: 'string' },
    status: { type: ARTICLE_STATUSES, required: true, default: 'draft' },
    /** Ordering time within the status; see domain/article-status statusSortTime. */
    statusAt: { type: 'string', required: true },
    adminStatus: { type: ADMIN_STATUSES, required: true, default: 'unclassified' },
    reviewPriority: { type: REVIEW_PRIORITIES },
    /** Sort key of the review queue (domain reviewSortKey); articles outside the queue sort last. */
    reviewSort: { type: 'string', required: true, default: OUTSIDE_REVIEW_QUEUE },
    isFeatured: { type: 'boolean', default: false },
    /** Who decided isFeatured last: an editor's decision (on or off) is never changed by the pipeline. */
    featuredBy: { type: FEATURED_BY },
    isDuplicate: { type: 'boolean', default: false },
    /** On a story that joined another publisher's earlier report of the same event: that article's id. */
    clusterId: { type: 'string' },
    /** With clusterId: why the rule joined it (kinds of event, entities, terms, figures, dates that agreed), for the console's story view. */
    clusterReason: { type: CustomAttributeType<JoinReason>('any') },
    /** With clusterId, instead of clusterReason: a moderator joined it (who: e-mail, else user id). */
    clusterJoinedBy: { type: 'string' },
    /** On the first report of an event: the later reports from other publishers, shown as "also covered by". */
    alsoCoveredBy: {
      type: 'list',
      items: { type: 'map', properties: { articleId: { type: 'string', required: true }, sourceName: { type: 'string', required: true }, sourceUrl: { type: 'string', required: true }, title: { type: 'string', required: true } } },
    },
    viewsCount: { type: 'number', default: 0 },
    likesCount: { type: 'number', default: 0 },
    sharesCount: { type: 'number', default: 0 },
    bookmarksCount: { type: 'number', default: 0 },
    relevanceScore: { type: 'number', default: UNSCORED_RELEVANCE },
    /** 0-1; 0 marks a failed classification. */
    mlConfidenceScore: { type: 'number', default: 0 },
    mlRelevanceScore: { type: 'number' },
    qualityScore: { type: 'number' },
    keywordMatches: { type: CustomAttributeType<KeywordMatches>('any') },
    blocklistFlags: { type: 'list', items: { type: 'string' } },
    indiaRelevance: { type: 'number' },
    urlHash: { type: 'string' },
    titleHash: { type: 'string' },
    simhash: { type: 'string' },
    readTimeMinutes: { type: 'number' },
    rejectionReason: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Published newest first; console lists per status; lifecycle ages rejected and archived. */
    byStatus: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['status'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['statusAt', 'id'], casing: keep },
    },
    /** A category's articles in one status, newest first. */
    byCategory: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['category', 'status'], casing: keep },
      sk: { field: 'gsi2sk', composite: ['statusAt', 'id'], casing: keep },
    },
    /** Review queue: pending_review partition ordered HIGH first, then relevance descending. */
    byAdminStatus: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['adminStatus'], casing: keep },
      sk: { field: 'gsi3sk', composite: ['reviewSort', 'id'], casing: keep },
    },
    /**
     * The console's list: a status newest first, one page at a time. Slim (only the row's attributes, so
     * a page of 25 reads ~8 kB, not ~55) and sparse (duplicates, which the console never lists, have no
     * keys here). A write that sets the status must name createdAt (`.composite({ createdAt })`) and
     * isDuplicate, or ElectroDB refuses it rather than leave this index's keys stale.
     */
    byList: {
      index: 'gsi4',
      projection: ARTICLE_LIST_ROW,
      condition: (article) => !article.isDuplicate,
      pk: { field: 'gsi4pk', composite: ['status'], casing: keep },
      sk: { field: 'gsi4sk', composite: ['createdAt', 'id'], casing: keep },
    },
  },
}, tableConfig);

/**
 * Dedup record: a hash of an article's canonical URL or normalised title. Written with the article in
 * one transaction (so two feeds racing on one story make one article) and kept forever, also after a
 * purge, so no feed brings a purged article back.
 */
export const ArticleHash = new Entity({
  model: { entity: 'articleHash', version: '1', service },
  attributes: {
    kind: { type: ['url', 'title'] as const, required: true },
    value: { type: 'string', required: true },
    articleId: { type: 'string', required: true },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byHash: {
      pk: { field: 'pk', composite: ['kind', 'value'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

/** An article's near-duplicate fingerprint (SimHash, and the text story clustering compares), bucketed by day so recent ones load with a few Queries. */
export const Fingerprint = new Entity({
  model: { entity: 'fingerprint', version: '1', service },
  attributes: {
    day: { type: 'string', required: true },
    articleId: { type: 'string', required: true },
    simhash: { type: 'string', required: true },
    /** Title and summary as stored, for story clustering (domain/content/story-cluster.ts). */
    storyText: { type: 'string' },
    publishedAt: { type: 'string' },
    sourceName: { type: 'string' },
    /** The cluster the article leads or joined: its own id, or the first report's. */
    clusterId: { type: 'string' },
    /** With clusterId: why the rule joined it (kinds of event, entities, terms, figures, dates that agreed), for the console's story view. */
    clusterReason: { type: CustomAttributeType<JoinReason>('any') },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['day'], casing: keep },
      sk: { field: 'sk', composite: ['articleId'], casing: keep },
    },
  },
}, tableConfig);

/**
 * A note that an article changed in a way the public list can see (published, unpublished, featured,
 * viewed), written in the same transaction as the change. In-process search indexes read the notes
 * since their last look instead of re-reading every article. Bucketed by UTC day; kept two days.
 */
export const ArticleChange = new Entity({
  model: { entity: 'articleChange', version: '1', service },
  attributes: {
    day: { type: 'string', required: true },
    changedAt: { type: 'string', required: true },
    articleId: { type: 'string', required: true },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['day'], casing: keep },
      sk: { field: 'sk', composite: ['changedAt', 'articleId'], casing: keep },
    },
  },
}, tableConfig);

export type ArticleItem = EntityItem<typeof Article>;

/** How long change notes are kept; an index that has not looked for longer reloads in full. */
export const CHANGE_NOTE_DAYS = 2;

/** The change note written with a change the public list can see (ArticleChange above). */
export function changeNote(articleId: string) {
  const changedAt = new Date().toISOString();
  return { day: dayOf(changedAt), changedAt, articleId, expiresAt: expiresInDays(CHANGE_NOTE_DAYS) };
}

/** What a caller provides to create an article; status bookkeeping (statusAt, counters) is the store's. */
export type NewArticle = Omit<CreateEntityItem<typeof Article>, 'statusAt' | 'createdAt' | 'updatedAt'> & {
  id: string;
  status: ArticleStatus;
  urlHash: string;
  titleHash: string;
};

export type CreateResult = { created: true; article: ArticleItem } | { created: false; reason: 'duplicate' };

/** A recent story as story clustering compares it (Fingerprint above). */
export interface KnownStory {
  articleId: string;
  simhash: string;
  /** Title and summary as stored; absent on fingerprints written before story clustering. */
  storyText?: string | undefined;
  publishedAt?: string | undefined;
  sourceName?: string | undefined;
  /** The first report of the event: the article itself, or the one it joined. */
  clusterId?: string | undefined;
}

/**
 * A fingerprint's story text as the same-event rule reads it: the headline before the first line break, the
 * summary after (fingerprints written before 2026-11-29 have no break: all of it reads as the headline).
 */
export function storyTextParts(storyText: string, publishedAt: string | null): { title: string; summary: string | null; publishedAt: string | null } {
  const cut = storyText.indexOf('\n');
  return cut < 0 ? { title: storyText, summary: null, publishedAt } : { title: storyText.slice(0, cut), summary: storyText.slice(cut + 1) || null, publishedAt };
}

/** Longest story text kept on a fingerprint: title and the start of the summary carry the event. */
const STORY_TEXT_CHARS = 1000;

/** The fingerprint of a new article: its SimHash and the text, time and publisher story clustering compares. */
export function knownStoryOf(input: Pick<NewArticle, 'id' | 'title' | 'summary' | 'originalPublishedAt' | 'sourceName' | 'clusterId' | 'simhash'>): KnownStory {
  return {
    articleId: input.id,
    simhash: input.simhash ?? '',
    storyText: `${input.title}\n${input.summary ?? ''}`.slice(0, STORY_TEXT_CHARS),
    publishedAt: input.originalPublishedAt ?? undefined,
    sourceName: input.sourceName ?? undefined,
    clusterId: input.clusterId ?? input.id,
  };
}

/**
 * Writes the article, its two dedup hashes and the status counters in one transaction: a duplicate URL
 * or title (live or purged) cancels the whole write, so racing feeds cannot create the same story twice.
 */
export async function createArticle(input: NewArticle, options: { at?: string } = {}): Promise<CreateResult> {
  const changedAt = options.at ?? new Date().toISOString();
  // createdAt fixed here, not left to the default: the article returned below must be the one stored (a
  // status change names its createdAt, the list index's sort key, and is conditional on it).
  // The relevance as stored (the entity's default when absent): the counters must count what the list will show.
  const item = { ...input, relevanceScore: input.relevanceScore ?? UNSCORED_RELEVANCE, createdAt: new Date().toISOString(), statusAt: statusSortTime(input.status, { ...input, changedAt }) };
  const result = await transactWithRetry(() => createWriteTransaction({ article: Article, articleHash: ArticleHash, fingerprint: Fingerprint, counter: Counter, articleChange: ArticleChange }, ({ article, articleHash, fingerprint, counter, articleChange }) => [
      article.create(item).commit(),
      ...(input.status === 'published' ? [articleChange.put(changeNote(input.id)).commit()] : []),
      articleHash.create({ kind: 'url', value: input.urlHash, articleId: input.id }).commit(),
      articleHash.create({ kind: 'title', value: input.titleHash, articleId: input.id }).commit(),
      ...(input.simhash
        ? [fingerprint.create({ ...knownStoryOf(input), day: changedAt.slice(0, 10), expiresAt: expiresInDays(NEAR_DUPLICATE_WINDOW_DAYS + 1) }).commit()]
        : []),
      // A later report of an event the site already has: listed under the first report, not as a card of its own.
      ...(input.clusterId && input.clusterId !== input.id
        ? [
            article
              .patch({ id: input.clusterId })
              .append({ alsoCoveredBy: [{ articleId: input.id, sourceName: input.sourceName ?? '', sourceUrl: input.sourceUrl ?? '', title: input.title }] })
              .commit(),
            articleChange.put(changeNote(input.clusterId)).commit(),
          ]
        : []),
      ...articleCounterChanges(undefined, item).map((change) => counter.update(counterKey(change)).add({ value: change.by }).commit()),
    ])
    .go(), `Creating article ${input.id}`);
  if (result.canceled) return { created: false, reason: 'duplicate' };
  // The stored item, defaults applied, without reading it back: ElectroDB formats the put and parses it.
  const { Item } = Article.create(item).params() as { Item: Record<string, unknown> };
  const { data } = Article.parse({ Item });
  if (!data) throw new Error(`Article ${input.id} could not be formatted`);
  return { created: true, article: data };
}

export async function getArticle(id: string): Promise<ArticleItem | null> {
  const { data } = await Article.get({ id }).go();
  return data;
}

/** Is either hash already taken by a live article or a purge tombstone? */
export async function isKnownHash(kind: 'url' | 'title', value: string): Promise<boolean> {
  const { data } = await ArticleHash.get({ kind, value }).go();
  return data !== null;
}

export interface StatusChange {
  status: ArticleStatus;
  /** A new category (the classifier's, or a moderator's edit). */
  category?: CategorySlug;
  at?: string;
  /** Extra attributes written with the change (purge empties content, publish stamps publishedAt...). */
  set?: Partial<Omit<ArticleItem, 'id' | 'status' | 'statusAt' | 'category'>>;
  remove?: ReadonlyArray<keyof ArticleItem>;
}

/**
 * Moves an article to another status and keeps the status counters right in the same transaction. The
 * write is conditional on the status read, so two concurrent changes cannot both count.
 * Returns false when the article is gone or changed under us.
 */
export async function changeArticleStatus(current: ArticleItem, change: StatusChange): Promise<boolean> {
  const changedAt = change.at ?? new Date().toISOString();
  const next = { ...current, ...change.set, status: change.status, category: change.category ?? current.category };
  const statusAt = statusSortTime(change.status, { ...next, changedAt });
  const result = await transactWithRetry(() => createWriteTransaction({ article: Article, counter: Counter, articleChange: ArticleChange }, ({ article, counter, articleChange }) => {
      const patch = article
        .patch({ id: current.id })
        .set({ ...change.set, status: change.status, statusAt, category: change.category ?? current.category, isDuplicate: current.isDuplicate ?? false })
        .composite({ createdAt: current.createdAt });
      const emptied = change.remove?.length ? patch.remove(change.remove as never) : patch;
      return [
        emptied.where(({ status }, { eq }) => eq(status, current.status)).commit(),
        ...articleCounterChanges(current, next).map((c) => counter.update(counterKey(c)).add({ value: c.by }).commit()),
        ...(current.status === 'published' || change.status === 'published' ? [articleChange.put(changeNote(current.id)).commit()] : []),
      ];
    })
    .go(), `Changing the status of article ${current.id}`);
  return !result.canceled;
}

/** Fingerprints of the articles created in the last `days` days, for near-duplicate checks and story clustering. */
export async function recentFingerprints(days: number, now = new Date()): Promise<KnownStory[]> {
  const pages = await Promise.all(daysSince(new Date(now.getTime() - days * 86_400_000), now).map((day) => Fingerprint.query.byDay({ day }).go({ pages: 'all' })));
  return pages.flatMap((page) => page.data.map(({ articleId, simhash, storyText, publishedAt, sourceName, clusterId }) => ({ articleId, simhash, storyText, publishedAt, sourceName, clusterId })));
}

export async function setFeatured(id: string, isFeatured: boolean, featuredBy: FeaturedBy): Promise<void> {
  await transactWithRetry(() => createWriteTransaction({ article: Article, articleChange: ArticleChange }, ({ article, articleChange }) => [article.patch({ id }).set({ isFeatured, featuredBy }).commit(), articleChange.put(changeNote(id)).commit()])
    .go(), `Featuring article ${id}`);
}
