import { Entity, Service } from 'electrodb';
import { ADMIN_STATUSES, ARTICLE_STATUSES, CONTENT_TYPES, OUTSIDE_REVIEW_QUEUE, REVIEW_PRIORITIES } from '#domain/content/article-status.ts';
import { CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { documentClient, tableName } from './client.ts';

/**
 * Every entity of the product in one table. Physical fields are generic (pk, sk, gsiNpk, gsiNsk) and
 * each index is named after the access pattern it serves; no other module builds a key.
 * Keys keep their case (`casing: 'none'`): ids, hashes and e-mail addresses are compared exactly.
 */

const service = 'cnh';
const keep = 'none' as const;
const now = () => new Date().toISOString();

const timestamps = {
  createdAt: { type: 'string', required: true, readOnly: true, default: now },
  updatedAt: { type: 'string', required: true, watch: '*', set: now, default: now },
} as const;

export const Article = new Entity({
  model: { entity: 'article', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    summary: { type: 'string', default: '' },
    content: { type: 'string', default: '' },
    category: { type: CATEGORY_SLUGS, required: true, default: 'general' },
    tags: { type: 'list', items: { type: 'string' }, default: () => [] },
    sourceUrl: { type: 'string', required: true },
    sourceName: { type: 'string', required: true },
    author: { type: 'string' },
    /** author, feedTitle, rights */
    sourceAttribution: { type: 'any' },
    imageUrl: { type: 'string' },
    /** [{ url, width, height }] */
    mediaThumbnails: { type: 'any' },
    /** [{ url, type }] */
    enclosures: { type: 'any' },
    /** { mediaContent: [{ url, type, medium }] } */
    mediaMetadata: { type: 'any' },
    contentType: { type: CONTENT_TYPES, default: 'article' },
    /** { audioUrl, duration } */
    podcastMetadata: { type: 'any' },
    /** { lat, lon, featureName } */
    geographicData: { type: 'any' },
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
    isDuplicate: { type: 'boolean', default: false },
    /** On a story that joined another publisher's earlier report of the same event: that article's id. */
    clusterId: { type: 'string' },
    /** On the first report of an event: the later reports from other publishers, shown as "also covered by". */
    alsoCoveredBy: {
      type: 'list',
      items: { type: 'map', properties: { articleId: { type: 'string', required: true }, sourceName: { type: 'string', required: true }, sourceUrl: { type: 'string', required: true }, title: { type: 'string', required: true } } },
    },
    viewsCount: { type: 'number', default: 0 },
    likesCount: { type: 'number', default: 0 },
    sharesCount: { type: 'number', default: 0 },
    bookmarksCount: { type: 'number', default: 0 },
    /** 30 marks an article not yet scored (admin spec section 3). */
    relevanceScore: { type: 'number', default: 30 },
    /** 0-1; 0 marks a failed classification. */
    mlConfidenceScore: { type: 'number', default: 0 },
    mlRelevanceScore: { type: 'number' },
    qualityScore: { type: 'number' },
    /** { primary: [], secondary: [], indian: [] } */
    keywordMatches: { type: 'any' },
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
  },
}, { table: tableName, client: documentClient });

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
}, { table: tableName, client: documentClient });

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
    expiresAt: { type: 'number' },
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['day'], casing: keep },
      sk: { field: 'sk', composite: ['articleId'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

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
}, { table: tableName, client: documentClient });

/** Running totals that pages show, changed in the same write as the data they count. */
export const Counter = new Entity({
  model: { entity: 'counter', version: '1', service },
  attributes: {
    scope: { type: 'string', required: true },
    name: { type: 'string', required: true },
    value: { type: 'number', default: 0 },
  },
  indexes: {
    byScope: {
      pk: { field: 'pk', composite: ['scope'], casing: keep },
      sk: { field: 'sk', composite: ['name'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const FeedSource = new Entity({
  model: { entity: 'feedSource', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    url: { type: 'string', required: true },
    /** Lower runs first. */
    priority: { type: 'number', default: 5 },
    dataRichnessScore: { type: 'number', default: 0 },
    averageImagesPerItem: { type: 'number', default: 0 },
    consecutiveFailures: { type: 'number', default: 0 },
    supportsMedia: { type: 'boolean', default: false },
    contentTypes: { type: 'list', items: { type: 'string' }, default: () => ['article'] },
    isIndian: { type: 'boolean', default: false },
    /** Curated publisher facts (reader spec: publisher table). */
    publisherTier: { type: ['premium', 'verified', 'trusted', 'established'] as const },
    authority: { type: 'number' },
    specialization: { type: 'string' },
    description: { type: 'string' },
    active: { type: 'boolean', default: true },
    etag: { type: 'string' },
    lastModified: { type: 'string' },
    nextCheckAt: { type: 'string', required: true, default: now },
    lastCheckedAt: { type: 'string' },
    lastStatus: { type: 'string' },
    /**
     * Set when an admin deletes the feed: the item stays as a tombstone (inactive, out of the console's
     * list) so the catalogue seeding does not bring it back; adding its URL again revives it.
     */
    removedAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** All feeds, the next due first. */
    byNextCheck: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['nextCheckAt', 'id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const FeedHealth = new Entity({
  model: { entity: 'feedHealth', version: '1', service },
  attributes: {
    feedId: { type: 'string', required: true },
    checkedAt: { type: 'string', required: true },
    status: { type: 'string', required: true },
    httpStatus: { type: 'number' },
    responseTimeMs: { type: 'number', default: 0 },
    itemsFound: { type: 'number', default: 0 },
    imagesExtracted: { type: 'number', default: 0 },
    dataPointsExtracted: { type: 'number', default: 0 },
    error: { type: 'string' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    /** A feed's checks, newest first. */
    byFeed: {
      pk: { field: 'pk', composite: ['feedId'], casing: keep },
      sk: { field: 'sk', composite: ['checkedAt'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** A user's relation to an article: bookmark or like (same shape, same access patterns). */
function userArticleRelation(entity: 'bookmark' | 'like') {
  return new Entity({
    model: { entity, version: '1', service },
    attributes: {
      userId: { type: 'string', required: true },
      articleId: { type: 'string', required: true },
      createdAt: timestamps.createdAt,
    },
    indexes: {
      /** Toggle and lookup by both ids. */
      byUserArticle: {
        pk: { field: 'pk', composite: ['userId'], casing: keep },
        sk: { field: 'sk', composite: ['articleId'], casing: keep },
      },
      /** A user's list, newest first. */
      byUserNewest: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['userId'], casing: keep },
        sk: { field: 'gsi1sk', composite: ['createdAt'], casing: keep },
      },
    },
  }, { table: tableName, client: documentClient });
}

export const Bookmark = userArticleRelation('bookmark');
export const Like = userArticleRelation('like');

export const SHARE_PLATFORMS = ['twitter', 'linkedin', 'facebook', 'whatsapp', 'email', 'copy'] as const;

export const Share = new Entity({
  model: { entity: 'share', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    articleId: { type: 'string', required: true },
    platform: { type: SHARE_PLATFORMS, required: true },
    userId: { type: 'string' },
    sharedAt: { type: 'string', required: true, default: now },
  },
  indexes: {
    byArticle: {
      pk: { field: 'pk', composite: ['articleId'], casing: keep },
      sk: { field: 'sk', composite: ['sharedAt', 'id'], casing: keep },
    },
    /** All shares by time, for "last hour" engagement panels. */
    byTime: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['sharedAt', 'id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const Preferences = new Entity({
  model: { entity: 'preferences', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    preferredCategories: { type: 'list', items: { type: 'string' }, default: () => ['all'] },
    preferredRegions: { type: 'list', items: { type: 'string' }, default: () => ['indian'] },
    contentLanguage: { type: 'string', default: 'en' },
    pushNotifications: { type: 'boolean', default: false },
    emailNotifications: { type: 'boolean', default: true },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** A reader following a category (from their preferences): who hears of new articles in it. */
export const CategoryFollower = new Entity({
  model: { entity: 'categoryFollower', version: '1', service },
  attributes: {
    category: { type: CATEGORY_SLUGS, required: true },
    userId: { type: 'string', required: true },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byCategory: {
      pk: { field: 'pk', composite: ['category'], casing: keep },
      sk: { field: 'sk', composite: ['userId'], casing: keep },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['category'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/**
 * A deleted account, remembered for as long as its last tokens may still be valid: the signed-in API
 * refuses them, so nothing of the reader's comes back after "Delete my account".
 */
export const DeletedAccount = new Entity({
  model: { entity: 'deletedAccount', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    deletedAt: { type: 'string', required: true, default: () => new Date().toISOString(), readOnly: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const Activity = new Entity({
  model: { entity: 'activity', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    actionType: { type: 'string', required: true },
    resourceType: { type: 'string', default: 'article' },
    resourceId: { type: 'string' },
    metadata: { type: 'any' },
    createdAt: timestamps.createdAt,
    expiresAt: { type: 'number' },
  },
  indexes: {
    /** A user's activity, newest first (windows of 30 days). */
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['createdAt', 'id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const ENGAGEMENT_TYPES = ['view', 'reading_start', 'reading_progress', 'reading_complete', 'share', 'like', 'bookmark'] as const;

export const Engagement = new Entity({
  model: { entity: 'engagement', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    articleId: { type: 'string', required: true },
    userId: { type: 'string' },
    sessionId: { type: 'string' },
    engagementType: { type: ENGAGEMENT_TYPES, required: true },
    durationSeconds: { type: 'number' },
    /** Day bucket (YYYY-MM-DD) so "engagement in the last 24 h" is a Query on two days. */
    day: { type: 'string', required: true },
    createdAt: timestamps.createdAt,
    expiresAt: { type: 'number' },
  },
  indexes: {
    byArticle: {
      pk: { field: 'pk', composite: ['articleId'], casing: keep },
      sk: { field: 'sk', composite: ['createdAt', 'id'], casing: keep },
    },
    byDay: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['day'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], casing: keep },
    },
    /** A signed-in user's engagement, newest first. */
    byUser: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['userId'], casing: keep },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const ReadingProgress = new Entity({
  model: { entity: 'readingProgress', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    articleId: { type: 'string', required: true },
    progressPercentage: { type: 'number', default: 0 },
    readingTimeSeconds: { type: 'number', default: 0 },
    lastPosition: { type: 'number', default: 0 },
    completed: { type: 'boolean', default: false },
    startedAt: { type: 'string', required: true, default: now, readOnly: true },
    updatedAt: timestamps.updatedAt,
  },
  indexes: {
    byUserArticle: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['articleId'], casing: keep },
    },
    /** Recently read first, for "continue reading". */
    byUserRecent: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['updatedAt'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const Recommendation = new Entity({
  model: { entity: 'recommendation', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    articleId: { type: 'string', required: true },
    /** 0-100. */
    score: { type: 'number', required: true },
    /** The score as a fixed-width string (hundredths), so text order is numeric order in the index. */
    scoreKey: {
      type: 'string',
      watch: ['score'],
      set: (_, item) => String(Math.round(Math.max(0, Math.min(100, Number(item.score))) * 100)).padStart(5, '0'),
    },
    isClicked: { type: 'boolean', default: false },
    createdAt: timestamps.createdAt,
    expiresAt: { type: 'number' },
  },
  indexes: {
    byUserArticle: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['articleId'], casing: keep },
    },
    /** Best first (query in descending order). */
    byUserScore: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['scoreKey', 'articleId'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const KEYWORD_SOURCES = ['content-based', 'search-based'] as const;

export const TrendingKeyword = new Entity({
  model: { entity: 'trendingKeyword', version: '1', service },
  attributes: {
    keyword: { type: 'string', required: true },
    source: { type: KEYWORD_SOURCES, required: true },
    searchCount: { type: 'number', default: 0 },
    lastSearchedAt: { type: 'string', required: true, default: now },
    /** A moderator took it off Trending (who, when); searches still count. */
    hiddenAt: { type: 'string' },
    hiddenBy: { type: 'string' },
  },
  indexes: {
    byKeyword: {
      pk: { field: 'pk', composite: ['source', 'keyword'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Keywords of one source seen recently (the spec's 7-day window); ranked by count in memory. */
    bySourceRecent: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['source'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['lastSearchedAt', 'keyword'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const NOTIFICATION_TYPES = ['success', 'warning', 'error', 'info', 'admin_message'] as const;

export const Notification = new Entity({
  model: { entity: 'notification', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    title: { type: 'string', required: true },
    message: { type: 'string', required: true },
    type: { type: NOTIFICATION_TYPES, default: 'info' },
    isRead: { type: 'boolean', default: false },
    actionUrl: { type: 'string' },
    createdAt: timestamps.createdAt,
    /** Epoch seconds; DynamoDB TTL removes expired notifications. */
    expiresAt: { type: 'number' },
  },
  indexes: {
    /** A user's notifications, newest first; ids are time-ordered (UUIDv7), so the id alone addresses one. */
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: ['id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const ROLES = ['user', 'moderator', 'admin'] as const;

export const Profile = new Entity({
  model: { entity: 'profile', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    fullName: { type: 'string', default: '' },
    /** Mirror of the Cognito group, for lists; Cognito stays the authority for access. */
    role: { type: ROLES, required: true, default: 'user' },
    subscriptionType: { type: 'string', default: 'Free' },
    subscriptionStatus: { type: 'string', default: 'Active' },
    /** Set by an admin's suspension (the Cognito account is disabled meanwhile); absent means not suspended. */
    suspended: { type: 'boolean' },
    suspendedAt: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** All profiles, newest first (user management). */
    byJoined: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'userId'], casing: keep },
    },
    /** Admins and moderators tab. */
    byRole: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['role'], casing: keep },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'userId'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const DONATION_STATUSES = ['created', 'paid', 'failed'] as const;

export const Donation = new Entity({
  model: { entity: 'donation', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    /** Minor units (paise). */
    amount: { type: 'number', required: true },
    currency: { type: 'string', default: 'INR' },
    donorName: { type: 'string' },
    donorEmail: { type: 'string' },
    message: { type: 'string' },
    isAnonymous: { type: 'boolean', default: false },
    donationType: { type: 'string', default: 'one-time' },
    status: { type: DONATION_STATUSES, default: 'created' },
    razorpayOrderId: { type: 'string', required: true },
    razorpayPaymentId: { type: 'string' },
    paidAt: { type: 'string' },
    /** 'paid' once paid: the partition of the paid-donations index (absent before, so unpaid ones are not in it). */
    paidList: { type: ['paid'] as const },
    /** Set when the receipt mail went out (the success page says so only then). */
    receiptSentAt: { type: 'string' },
    /** Set when sending the receipt failed: the donation-receipts stream consumer then sends it again. */
    receiptFailedAt: { type: 'string' },
    /** Paise taken back from the totals by refunds and lost disputes (also those that came before the payment counted). */
    refundedAmount: { type: 'number' },
    /** The refunds and disputes already taken into account ("refund:rfnd_x", "dispute:disp_x"): each counts once. */
    reversalIds: { type: 'set', items: 'string' },
    /** The signed-in reader who gave it, if any. */
    userId: { type: 'string' },
    /** Calendar month (YYYY-MM) of creation, the partition of the monthly lists. */
    month: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Donations of a month, newest first (recent supporters, revenue by period). */
    byMonth: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['month'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], casing: keep },
    },
    /** Checkout callback and webhook find the donation by its Razorpay order. */
    byOrder: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['razorpayOrderId'], casing: keep },
      sk: { field: 'gsi2sk', composite: [], casing: keep },
    },
    /**
     * Paid donations only, newest payment first (recent supporters; revenue by period from a time range):
     * sparse: `paidList` is set only when the payment is verified, and without it ElectroDB writes no key.
     */
    byPaid: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['paidList'], casing: keep },
      sk: { field: 'gsi3sk', composite: ['paidAt'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** One per distinct supporter (a hash of who gave: see domain supporterIdentity), so the count moves once per person. */
export const Supporter = new Entity({
  model: { entity: 'supporter', version: '1', service },
  attributes: {
    supporterKey: { type: 'string', required: true },
    firstDonationId: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    byKey: {
      pk: { field: 'pk', composite: ['supporterKey'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** A Razorpay webhook event already handled (Razorpay redelivers until it gets a 2xx; each counts once). */
export const PaymentEvent = new Entity({
  model: { entity: 'paymentEvent', version: '1', service },
  attributes: {
    eventId: { type: 'string', required: true },
    event: { type: 'string', required: true },
    orderId: { type: 'string' },
    outcome: { type: 'string', required: true },
    expiresAt: { type: 'number' },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['eventId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const SUBSCRIPTION_TYPES = ['daily', 'weekly', 'monthly'] as const;

export const Subscriber = new Entity({
  model: { entity: 'subscriber', version: '1', service },
  attributes: {
    email: { type: 'string', required: true },
    subscriptionType: { type: SUBSCRIPTION_TYPES, required: true, default: 'weekly' },
    preferredTopics: { type: 'list', items: { type: 'string' }, default: () => [] },
    isVerified: { type: 'boolean', default: false },
    isActive: { type: 'boolean', default: true },
    /** Secret in verification and one-click unsubscribe links. */
    token: { type: 'string', required: true },
    verifiedAt: { type: 'string' },
    unsubscribedAt: { type: 'string' },
    /** Set when SES reported a permanent bounce or a complaint: the address gets no more mail. */
    suppressedAt: { type: 'string' },
    suppressionReason: { type: ['bounce', 'complaint'] as const },
    ...timestamps,
  },
  indexes: {
    byEmail: {
      pk: { field: 'pk', composite: ['email'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Subscribers newest first. */
    byJoined: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'email'], casing: keep },
    },
    byToken: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['token'], casing: keep },
      sk: { field: 'gsi2sk', composite: [], casing: keep },
    },
    /** Digest recipients of one frequency. */
    byFrequency: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['subscriptionType'], casing: keep },
      sk: { field: 'gsi3sk', composite: ['email'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** A newsletter issue (one per frequency and India-time day, week or month) and its stories per topic set. */
export const NewsletterIssue = new Entity({
  model: { entity: 'newsletterIssue', version: '1', service },
  attributes: {
    issueId: { type: 'string', required: true },
    /** A digest's frequency; on an issue composed in the console, its audience (absent: every frequency). */
    frequency: { type: SUBSCRIPTION_TYPES },
    /** Set on an issue an admin composed in the console (plain text; the mail template escapes it). */
    subject: { type: 'string' },
    content: { type: 'string' },
    since: { type: 'string', required: true },
    until: { type: 'string', required: true },
    /** Topic-set key -> story ids, chosen once per set. */
    stories: { type: 'any', required: true },
    batches: { type: 'number', default: 0 },
    sent: { type: 'number', default: 0 },
    skipped: { type: 'number', default: 0 },
    failed: { type: 'number', default: 0 },
    ...timestamps,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['issueId'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** One batch of an issue's recipients (the state machine passes batch numbers, not addresses). */
export const NewsletterBatch = new Entity({
  model: { entity: 'newsletterBatch', version: '1', service },
  attributes: {
    issueId: { type: 'string', required: true },
    batch: { type: 'number', required: true },
    recipients: { type: 'list', items: { type: 'map', properties: { email: { type: 'string', required: true }, topics: { type: 'string', required: true } } }, required: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byIssue: {
      pk: { field: 'pk', composite: ['issueId'], casing: keep },
      sk: { field: 'sk', composite: ['batch'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** An issue sent to an address: written before the mail (conditionally), so no address gets an issue twice. */
export const NewsletterDelivery = new Entity({
  model: { entity: 'newsletterDelivery', version: '1', service },
  attributes: {
    issueId: { type: 'string', required: true },
    email: { type: 'string', required: true },
    messageId: { type: 'string' },
    sentAt: { type: 'string', required: true, default: () => new Date().toISOString() },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byIssue: {
      pk: { field: 'pk', composite: ['issueId'], casing: keep },
      sk: { field: 'sk', composite: ['email'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const ContactMessage = new Entity({
  model: { entity: 'contactMessage', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    subject: { type: 'string', required: true },
    message: { type: 'string', required: true },
    status: { type: ['new', 'replied', 'closed'] as const, default: 'new' },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    byReceived: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const AnalyticsEvent = new Entity({
  model: { entity: 'analyticsEvent', version: '1', service },
  attributes: {
    day: { type: 'string', required: true },
    id: { type: 'string', required: true },
    eventName: { type: 'string', required: true },
    eventData: { type: 'any' },
    userId: { type: 'string' },
    createdAt: timestamps.createdAt,
    expiresAt: { type: 'number' },
  },
  indexes: {
    /** Events of a day in time order; an analytics window is a Query per day. */
    byDay: {
      pk: { field: 'pk', composite: ['day'], casing: keep },
      sk: { field: 'sk', composite: ['createdAt', 'id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

export const Alert = new Entity({
  model: { entity: 'alert', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    severity: { type: ALERT_SEVERITIES, required: true },
    alertType: { type: 'string', required: true },
    message: { type: 'string', required: true },
    resolved: { type: 'boolean', default: false },
    context: { type: 'any' },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Latest first. */
    byCreated: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/**
 * Recorded runs of one described function in one UTC hour (store/run-metrics.ts): counters added by every
 * container's flush (UpdateItem ADD), a coarse latency histogram for a p95 estimate. Kept RETENTION_DAYS.runMetrics.
 */
export const RunMetric = new Entity({
  model: { entity: 'runMetric', version: '1', service },
  attributes: {
    fn: { type: 'string', required: true },
    /** YYYY-MM-DDTHH (UTC). */
    hour: { type: 'string', required: true },
    invocations: { type: 'number', default: 0 },
    errors: { type: 'number', default: 0 },
    totalMs: { type: 'number', default: 0 },
    maxMs: { type: 'number', default: 0 },
    /** Runs under 100, 250, 500, 1000, 2500 ms and the rest. */
    h0: { type: 'number', default: 0 },
    h1: { type: 'number', default: 0 },
    h2: { type: 'number', default: 0 },
    h3: { type: 'number', default: 0 },
    h4: { type: 'number', default: 0 },
    h5: { type: 'number', default: 0 },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byFunction: {
      pk: { field: 'pk', composite: ['fn'], casing: keep },
      sk: { field: 'sk', composite: ['hour'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** A recovery action run from the console (store/recovery-runs.ts), latest first. */
export const RecoveryRun = new Entity({
  model: { entity: 'recoveryRun', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    action: { type: 'string', required: true },
    startedBy: { type: 'string', required: true },
    startedAt: { type: 'string', required: true },
    finishedAt: { type: 'string' },
    status: { type: ['running', 'completed', 'failed'] as const, required: true },
    done: { type: 'number', default: 0 },
    total: { type: 'number', default: 0 },
    failed: { type: 'number', default: 0 },
    /** Where a chunked action goes on (a paging cursor), or the execution it started. */
    cursor: { type: 'string' },
    details: { type: 'any' },
    error: { type: 'string' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Latest first. */
    byStarted: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['startedAt', 'id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const PipelineRun = new Entity({
  model: { entity: 'pipelineRun', version: '1', service },
  attributes: {
    machine: { type: 'string', required: true },
    executionId: { type: 'string', required: true },
    trigger: { type: 'string', default: 'manual' },
    status: { type: ['running', 'succeeded', 'failed'] as const, default: 'running' },
    startedAt: { type: 'string', required: true },
    endedAt: { type: 'string' },
    stats: { type: 'any' },
  },
  indexes: {
    /** A state machine's runs, newest first ("last run stats", ML status). */
    byMachine: {
      pk: { field: 'pk', composite: ['machine'], casing: keep },
      sk: { field: 'sk', composite: ['startedAt', 'executionId'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** A moderator's decision on an article, kept as a training label for the classifier. */
export const ReviewLabel = new Entity({
  model: { entity: 'reviewLabel', version: '1', service },
  attributes: {
    articleId: { type: 'string', required: true },
    /** A category slug, or off-topic for a rejection. */
    label: { type: 'string', required: true },
    text: { type: 'string', required: true },
    decidedBy: { type: 'string' },
    decidedAt: { type: 'string', required: true, default: now },
  },
  indexes: {
    byDecided: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['decidedAt', 'articleId'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/** A trained classifier; the newest active one classifies. */
export const ModelVersion = new Entity({
  model: { entity: 'modelVersion', version: '1', service },
  attributes: {
    version: { type: 'string', required: true },
    status: { type: ['active', 'rejected'] as const, required: true },
    /** The model: gzipped JSON as binary (storedModel in models.ts); versions from before are JSON text. */
    model: { type: 'any', required: true },
    metrics: { type: 'any' },
    trainedOn: { type: 'number' },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byVersion: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['version'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/**
 * One client's requests to one bucket (a route group) within one fixed window. The client is a hash of its
 * address, never the address itself; TTL removes the window after it ends.
 */
export const RateLimitWindow = new Entity({
  model: { entity: 'rateLimit', version: '1', service },
  attributes: {
    bucket: { type: 'string', required: true },
    client: { type: 'string', required: true },
    /** Epoch seconds at which the window opened. */
    windowStart: { type: 'number', required: true },
    hits: { type: 'number' },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byWindow: {
      pk: { field: 'pk', composite: ['bucket', 'client', 'windowStart'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/**
 * One console action: who did what to which thing, when, and the thing before and after. Written by the
 * admin API after each change it makes; kept (no TTL) and read by admins newest first.
 */
export const AuditEntry = new Entity({
  model: { entity: 'auditEntry', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    at: { type: 'string', required: true, default: now },
    actorId: { type: 'string', required: true },
    actorEmail: { type: 'string' },
    actorRole: { type: 'string', required: true },
    /** e.g. article.status, feed.create, execution.start */
    action: { type: 'string', required: true },
    /** What was acted on: an article id, a feed id, an execution name... */
    target: { type: 'string', required: true },
    before: { type: 'any' },
    after: { type: 'any' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** The whole log, newest first. */
    byAt: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['at', 'id'], casing: keep },
    },
    /** One thing's history, newest first. */
    byTarget: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['target'], casing: keep },
      sk: { field: 'gsi2sk', composite: ['at', 'id'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/**
 * The console's settings (Settings screen): one item holding every value operators tune, with a version
 * that each save must name (optimistic concurrency) and who saved it last.
 */
export const Setting = new Entity({
  model: { entity: 'setting', version: '1', service },
  attributes: {
    name: { type: 'string', required: true },
    version: { type: 'number', required: true },
    values: { type: 'any', required: true },
    updatedBy: { type: 'string' },
    ...timestamps,
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: ['name'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

/**
 * Sign-ins of one account on one India day, counted by the user pool's triggers: PreAuthentication adds an
 * attempt, PostAuthentication a success (failures = attempts - successes). One Query lists a day.
 */
export const SignInDay = new Entity({
  model: { entity: 'signInDay', version: '1', service },
  attributes: {
    day: { type: 'string', required: true },
    /** The account's sub (both triggers key by it). */
    userId: { type: 'string', required: true },
    email: { type: 'string' },
    attempts: { type: 'number' },
    successes: { type: 'number' },
    lastAttemptAt: { type: 'string' },
    lastSuccessAt: { type: 'string' },
  },
  indexes: {
    byDay: {
      pk: { field: 'pk', composite: ['day'], casing: keep },
      sk: { field: 'sk', composite: ['userId'], casing: keep },
    },
  },
}, { table: tableName, client: documentClient });

export const store = new Service(
  {
    article: Article,
    articleHash: ArticleHash,
    fingerprint: Fingerprint,
    articleChange: ArticleChange,
    counter: Counter,
    feedSource: FeedSource,
    feedHealth: FeedHealth,
    bookmark: Bookmark,
    like: Like,
    share: Share,
    preferences: Preferences,
    deletedAccount: DeletedAccount,
    newsletterIssue: NewsletterIssue,
    newsletterBatch: NewsletterBatch,
    newsletterDelivery: NewsletterDelivery,
    categoryFollower: CategoryFollower,
    activity: Activity,
    engagement: Engagement,
    readingProgress: ReadingProgress,
    recommendation: Recommendation,
    trendingKeyword: TrendingKeyword,
    notification: Notification,
    profile: Profile,
    donation: Donation,
    supporter: Supporter,
    paymentEvent: PaymentEvent,
    subscriber: Subscriber,
    contactMessage: ContactMessage,
    analyticsEvent: AnalyticsEvent,
    alert: Alert,
    pipelineRun: PipelineRun,
    reviewLabel: ReviewLabel,
    modelVersion: ModelVersion,
    rateLimit: RateLimitWindow,
    auditEntry: AuditEntry,
    setting: Setting,
    signInDay: SignInDay,
  },
  { table: tableName, client: documentClient },
);
