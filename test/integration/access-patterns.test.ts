import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { testArticle } from '../support/articles.ts';
import { useFreshTable } from '../support/aws.ts';

/** Every access pattern of the store, written and read back over DynamoDB Local, each list a Query on a key. */

type Store = {
  articles: typeof import('#store/articles.ts');
  relations: typeof import('#store/reader-relations.ts');
  notifications: typeof import('#store/notifications.ts');
  profiles: typeof import('#store/profiles.ts');
  donations: typeof import('#store/donations.ts');
  subscribers: typeof import('#store/subscribers.ts');
  feeds: typeof import('#store/feeds.ts');
  engagement: typeof import('#store/engagement.ts');
  keywords: typeof import('#store/keywords.ts');
  reading: typeof import('#store/reading.ts');
  preferences: typeof import('#store/preferences.ts');
  activity: typeof import('#store/activity.ts');
  contactMessages: typeof import('#store/contact-messages.ts');
  analyticsEvents: typeof import('#store/analytics-events.ts');
  alerts: typeof import('#store/alerts.ts');
  counters: typeof import('#store/table/counters.ts');
  userAdmin: typeof import('#store/read-models/user-admin.ts');
  newsletterAdmin: typeof import('#store/read-models/newsletter-admin.ts');
};
let s: Store;

beforeAll(async () => {
  await useFreshTable();
  s = {
    articles: await import('#store/articles.ts'),
    relations: await import('#store/reader-relations.ts'),
    notifications: await import('#store/notifications.ts'),
    profiles: await import('#store/profiles.ts'),
    donations: await import('#store/donations.ts'),
    subscribers: await import('#store/subscribers.ts'),
    feeds: await import('#store/feeds.ts'),
    engagement: await import('#store/engagement.ts'),
    keywords: await import('#store/keywords.ts'),
    reading: await import('#store/reading.ts'),
    preferences: await import('#store/preferences.ts'),
    activity: await import('#store/activity.ts'),
    contactMessages: await import('#store/contact-messages.ts'),
    analyticsEvents: await import('#store/analytics-events.ts'),
    alerts: await import('#store/alerts.ts'),
    counters: await import('#store/table/counters.ts'),
    userAdmin: await import('#store/read-models/user-admin.ts'),
    newsletterAdmin: await import('#store/read-models/newsletter-admin.ts'),
  };
});

const user = () => `user-${randomUUID()}`;

async function publishedArticle() {
  const result = await s.articles.createArticle(testArticle());
  if (!result.created) throw new Error('not created');
  return result.article;
}

describe('bookmarks and likes', () => {
  it('count once on the article however often they are added, and list newest first', async () => {
    const reader = user();
    const first = await publishedArticle();
    const second = await publishedArticle();
    expect(await s.relations.addRelation('bookmark', reader, first.id)).toBe(true);
    expect(await s.relations.addRelation('bookmark', reader, first.id)).toBe(false);
    expect(await s.relations.addRelation('bookmark', reader, second.id)).toBe(true);
    expect((await s.articles.getArticle(first.id))?.bookmarksCount).toBe(1);

    const listed = await s.relations.listRelations('bookmark', reader);
    expect(listed.items.map((item) => item.articleId)).toEqual([second.id, first.id]);
    expect((await s.relations.allRelationIds('bookmark', reader)).sort()).toEqual([first.id, second.id].sort());

    expect(await s.relations.removeRelation('bookmark', reader, first.id)).toBe(true);
    expect(await s.relations.removeRelation('bookmark', reader, first.id)).toBe(false);
    expect((await s.articles.getArticle(first.id))?.bookmarksCount).toBe(0);
  });

  it('refuse a like of an article that does not exist', async () => {
    expect(await s.relations.addRelation('like', user(), 'no-such-article')).toBe(false);
  });

  it('keep the count equal to the relations when one reader adds and removes at the same moment', async () => {
    // A removal cancelled because the like was gone must not delete a like added since without lowering the count
    // (a hostile client's 10 likes and 10 unlikes at once left likesCount at 1 to 3 with no like).
    // Races are not certain in one storm: three per kind (the old code failed one run in two or more).
    for (const kind of ['like', 'bookmark', 'like', 'bookmark', 'like', 'bookmark'] as const) {
      const reader = user();
      const article = await publishedArticle();
      const calls = Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? s.relations.addRelation(kind, reader, article.id) : s.relations.removeRelation(kind, reader, article.id)));
      await Promise.all(calls);
      const held = (await s.relations.allRelationIds(kind, reader)).length;
      const counted = (await s.articles.getArticle(article.id))?.[kind === 'like' ? 'likesCount' : 'bookmarksCount'];
      expect(counted, `${kind}: the count after the storm`).toBe(held);
      await s.relations.removeRelation(kind, reader, article.id);
      expect((await s.articles.getArticle(article.id))?.[kind === 'like' ? 'likesCount' : 'bookmarksCount'], `${kind}: the count after the last removal`).toBe(0);
    }
  });

  it('can still be removed when the article itself was deleted', async () => {
    const reader = user();
    const article = await publishedArticle();
    expect(await s.relations.addRelation('like', reader, article.id)).toBe(true);
    const { deleteArticle } = await import('#store/article-edits.ts');
    expect(await deleteArticle((await s.articles.getArticle(article.id))!)).toBe(true);
    expect(await s.relations.removeRelation('like', reader, article.id)).toBe(true);
    expect(await s.relations.allRelationIds('like', reader)).toEqual([]);
  });
});

describe('notifications', () => {
  it('list newest first and are marked read by id, only by their owner', async () => {
    const reader = user();
    const older = await s.notifications.createNotification({ userId: reader, title: 'Welcome', message: 'Hello' });
    const newer = await s.notifications.createNotification({ userId: reader, title: 'New article', message: 'Read it', type: 'success' });
    const page = await s.notifications.listNotifications(reader);
    expect(page.items.map((item) => item.id)).toEqual([newer.id, older.id]);
    expect(page.items[0]?.expiresAt).toBeGreaterThan(Date.now() / 1000);

    expect(await s.notifications.markNotificationRead(user(), older.id)).toBe(false);
    expect(await s.notifications.markNotificationRead(reader, older.id)).toBe(true);
    expect((await s.notifications.listNotifications(reader)).items.find((item) => item.id === older.id)?.isRead).toBe(true);

    await s.notifications.deleteNotification(reader, newer.id);
    expect((await s.notifications.listNotifications(reader)).items.map((item) => item.id)).toEqual([older.id]);
  });
});

describe('profiles', () => {
  it('are created with default preferences and a welcome, counted once, listed newest first and by role', async () => {
    const before = (await s.counters.readCounters('users')).total ?? 0;
    const id = user();
    const welcome = { title: 'Welcome', message: 'Hello' };
    expect(await s.profiles.createAccountRecords({ userId: id, email: `${id}@test.local`, fullName: 'Asha Rao' }, welcome)).toBe(true);
    expect(await s.profiles.createAccountRecords({ userId: id, email: `${id}@test.local` }, welcome)).toBe(false);
    expect((await s.counters.readCounters('users')).total).toBe(before + 1);
    expect((await s.notifications.listNotifications(id)).items.map((item) => item.title)).toEqual(['Welcome']);

    const profile = await s.profiles.getProfile(id);
    await s.profiles.setProfileRole(profile!, 'moderator');
    expect((await s.userAdmin.listUsersForConsole({ tab: 'admins', limit: 25 })).items.map((item) => item.userId)).toContain(id);
    expect((await s.userAdmin.listUsersForConsole({ tab: 'all', limit: 25 })).items[0]?.userId).toBe(id);
  });
});

describe('donations', () => {
  it('count in the totals only once paid, however often the payment is confirmed', async () => {
    const before = await s.counters.readCounters('donations');
    const donation = await s.donations.createDonation({ amount: 25_000, razorpayOrderId: `order_${randomUUID()}`, donorName: 'Supporter' });
    expect(await s.counters.readCounters('donations')).toEqual(before);

    expect((await s.donations.findDonationByOrder(donation.razorpayOrderId))?.id).toBe(donation.id);
    expect(await s.donations.markDonationPaid(donation, 'pay_1')).toMatchObject({ id: donation.id, status: 'paid', razorpayPaymentId: 'pay_1' });
    expect(await s.donations.markDonationPaid(donation, 'pay_1')).toBeNull();

    const after = await s.counters.readCounters('donations');
    expect((after['paid#amount'] ?? 0) - (before['paid#amount'] ?? 0)).toBe(25_000);
    expect((after['paid#count'] ?? 0) - (before['paid#count'] ?? 0)).toBe(1);
    expect((after['paid#supporters'] ?? 0) - (before['paid#supporters'] ?? 0)).toBe(1);
    const { indiaMonthOf } = await import('#domain/common/india-time.ts');
    expect(after[`paid#amount#${indiaMonthOf(new Date())}`]).toBeGreaterThanOrEqual(25_000);
    const { data: month } = await s.donations.Donation.query.byMonth({ month: donation.month }).go({ pages: 'all' });
    expect(month.find((item) => item.id === donation.id)?.status).toBe('paid');
    // Only paid donations are in the paid index, newest payment first.
    const unpaid = await s.donations.createDonation({ amount: 100, razorpayOrderId: `order_${randomUUID()}` });
    const recent = await s.donations.listRecentPaidDonations(50);
    expect(recent[0]?.id).toBe(donation.id);
    expect(recent.map((item) => item.id)).not.toContain(unpaid.id);
  });
});

describe('newsletter subscribers', () => {
  it('are found by token, listed newest first, and only verified active ones receive a digest', async () => {
    const { Subscriber } = s.subscribers;
    const verified = `v-${randomUUID()}@test.local`;
    const pending = `p-${randomUUID()}@test.local`;
    const token = s.subscribers.newSubscriberToken();
    await Subscriber.create({ email: verified, subscriptionType: 'daily', token, isVerified: true }).go();
    await Subscriber.create({ email: pending, subscriptionType: 'daily', token: s.subscribers.newSubscriberToken() }).go();

    expect((await Subscriber.query.byToken({ token }).go()).data[0]?.email).toBe(verified);
    expect((await s.newsletterAdmin.searchSubscribers('', { limit: 10, cursor: null })).items[0]?.email).toBe(pending);
    const recipients = (await s.subscribers.listDigestRecipients('daily')).items.map((item) => item.email);
    expect(recipients).toContain(verified);
    expect(recipients).not.toContain(pending);
  });
});

describe('feeds', () => {
  it('list the due ones, most overdue first, and keep their health newest first', async () => {
    const now = new Date();
    const overdue = `feed-${randomUUID()}`;
    const due = `feed-${randomUUID()}`;
    const later = `feed-${randomUUID()}`;
    await s.feeds.putFeedSource({ id: later, name: 'Later', url: 'https://example.com/later.xml', nextCheckAt: new Date(now.getTime() + 3_600_000).toISOString() });
    await s.feeds.putFeedSource({ id: due, name: 'Due', url: 'https://example.com/due.xml', nextCheckAt: new Date(now.getTime() - 60_000).toISOString() });
    await s.feeds.putFeedSource({ id: overdue, name: 'Overdue', url: 'https://example.com/overdue.xml', nextCheckAt: new Date(now.getTime() - 3_600_000).toISOString() });
    const dueIds = (await s.feeds.listDueFeeds(now)).map((feed) => feed.id);
    expect(dueIds.indexOf(overdue)).toBeLessThan(dueIds.indexOf(due));
    expect(dueIds).not.toContain(later);
    expect((await s.feeds.listFeeds()).length).toBeGreaterThanOrEqual(3);

    await s.feeds.recordFeedHealth({ feedId: due, checkedAt: '2026-11-01T00:00:00.000Z', status: 'healthy', itemsFound: 5 });
    await s.feeds.recordFeedHealth({ feedId: due, checkedAt: '2026-11-02T00:00:00.000Z', status: 'error', error: 'HTTP 500' });
    expect((await s.feeds.latestFeedHealth(due)).map((check) => check.status)).toEqual(['error', 'healthy']);
  });
});

describe('feeds stored before their polling state had its own item', () => {
  it('are listed due and polled with their validators once a run has moved them over', async () => {
    const id = `feed-${randomUUID()}`;
    // As an earlier version wrote it: the state on the FeedSource, no FeedPoll item, and its run marker.
    await s.feeds.FeedSource.create({ id, name: 'Old', url: 'https://example.com/old.xml', etag: '"v1"', nextCheckAt: new Date(Date.now() - 60_000).toISOString(), lastStatus: 'not-modified', lastCheckedAt: '2026-11-01T00:00:00.000Z' }).go();
    await s.feeds.FeedSchedule.delete({ name: 'feeds' }).go();
    expect((await s.feeds.getFeedSource(id))?.etag).toBe('"v1"');

    await s.feeds.ensureFeedSources([]);
    expect((await s.feeds.listDueFeeds()).map((feed) => feed.id)).toContain(id);
    expect(await s.feeds.feedsToPoll([id])).toEqual([expect.objectContaining({ id, url: 'https://example.com/old.xml', etag: '"v1"', lastStatus: 'not-modified' })]);
    expect(await s.feeds.getFeedSource(id)).toMatchObject({ etag: '"v1"', lastCheckedAt: '2026-11-01T00:00:00.000Z' });
  });
});

describe('engagement, shares and keywords', () => {
  it('find the last 24 hours of engagement by day partitions, signed-in or not', async () => {
    const article = await publishedArticle();
    const reader = user();
    await s.engagement.recordEngagement({ articleId: article.id, engagementType: 'view' });
    await s.engagement.recordEngagement({ articleId: article.id, engagementType: 'reading_start', userId: reader });
    const { Engagement } = s.engagement;
    const since = new Date(Date.now() - 86_400_000).toISOString();
    const days = [...new Set([since, new Date().toISOString()].map((at) => at.slice(0, 10)))];
    const recent = (await Promise.all(days.map((day) => Engagement.query.byDay({ day }).gte({ createdAt: since }).go({ pages: 'all' })))).flatMap((page) => page.data);
    expect(recent.filter((item) => item.articleId === article.id)).toHaveLength(2);
    const ofReader = await Engagement.query.byUser({ userId: reader }).go({ order: 'desc', pages: 'all' });
    expect(ofReader.data.map((item) => item.engagementType)).toEqual(['reading_start']);
  });

  it('list the last hour of shares', async () => {
    const article = await publishedArticle();
    await s.engagement.recordShare({ articleId: article.id, platform: 'whatsapp' });
    const shares = await s.engagement.sharesSince(new Date(Date.now() - 3_600_000));
    expect(shares.some((share) => share.articleId === article.id && share.platform === 'whatsapp')).toBe(true);
  });

  it('count keyword searches atomically and rank the recent ones', async () => {
    await Promise.all([1, 2, 3].map(() => s.keywords.bumpKeyword('search-based', 'ugc creators')));
    await s.keywords.bumpKeyword('search-based', 'brand deals');
    await s.keywords.bumpKeyword('search-based', 'stale topic', 9, '2026-01-01T00:00:00.000Z');
    const ranked = await s.keywords.recentKeywords('search-based', new Date(Date.now() - 7 * 86_400_000), 10);
    expect(ranked.map((item) => [item.keyword, item.searchCount])).toEqual([
      ['ugc creators', 3],
      ['brand deals', 1],
    ]);
  });
});

describe('reading, recommendations, preferences and activity', () => {
  it('keep reading progress per article and list the latest read first', async () => {
    const reader = user();
    await s.reading.saveReadingProgress({ userId: reader, articleId: 'a', progressPercentage: 40 });
    await s.reading.saveReadingProgress({ userId: reader, articleId: 'b', progressPercentage: 10 });
    await s.reading.saveReadingProgress({ userId: reader, articleId: 'a', progressPercentage: 95, completed: true });
    expect(await s.reading.getReadingProgress(reader, 'a')).toMatchObject({ progressPercentage: 95, completed: true });
    expect((await s.reading.recentReading(reader)).map((item) => item.articleId)).toEqual(['a', 'b']);
  });

  it('rank recommendations by score', async () => {
    const reader = user();
    await s.reading.putRecommendations(reader, [
      { articleId: 'x', score: 12.5 },
      { articleId: 'y', score: 88 },
      { articleId: 'z', score: 100 },
    ]);
    expect((await s.reading.topRecommendations(reader, 2)).map((item) => item.articleId)).toEqual(['z', 'y']);
  });

  it('answer the spec defaults for preferences never saved, then what was saved', async () => {
    const reader = user();
    expect(await s.preferences.getPreferences(reader)).toMatchObject({ preferredCategories: ['all'], preferredRegions: ['indian'], contentLanguage: 'en' });
    await s.preferences.savePreferences(reader, { preferredCategories: ['brand-partnerships'] });
    expect((await s.preferences.getPreferences(reader)).preferredCategories).toEqual(['brand-partnerships']);
  });

  it('list activity since a time, newest first', async () => {
    const reader = user();
    await s.activity.recordActivity({ userId: reader, actionType: 'bookmark', resourceId: 'a' });
    await s.activity.recordActivity({ userId: reader, actionType: 'like', resourceId: 'b' });
    expect((await s.activity.activitySince(reader, new Date(Date.now() - 60_000))).map((item) => item.actionType)).toEqual(['like', 'bookmark']);
  });
});

describe('contact messages, analytics events and alerts', () => {
  it('are listed newest first, by day, latest first', async () => {
    const message = await s.contactMessages.saveContactMessage({ name: 'Ravi', email: 'ravi@test.local', subject: 'URGENT: interview', message: 'Hello' });
    expect((await s.contactMessages.ContactMessage.query.byReceived({}).go({ order: 'desc', limit: 1 })).data[0]?.id).toBe(message.id);

    await s.analyticsEvents.recordAnalyticsEvent({ eventName: 'exception', eventData: { fatal: false } });
    const today = new Date().toISOString().slice(0, 10);
    expect((await s.analyticsEvents.AnalyticsEvent.query.byDay({ day: today }).go({ pages: 'all' })).data.map((event) => event.eventName)).toContain('exception');

    const first = await s.alerts.raiseAlert({ severity: 'high', alertType: 'feed', message: 'Feed down' });
    const second = await s.alerts.raiseAlert({ severity: 'medium', alertType: 'feed', message: 'Feed slow' });
    await s.alerts.resolveAlert(first);
    const alerts = (await s.alerts.listAlerts({ limit: 2 })).items;
    expect(alerts.map((alert) => alert.id)).toEqual([second.id, first.id]);
    expect(alerts[1]?.resolved).toBe(true);
  });
});
