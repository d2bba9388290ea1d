import { createWriteTransaction } from 'electrodb';
import { Counter, COUNTER_SCOPES, counterKey } from './table/counters.ts';
import { Engagement } from './engagement.ts';
import { expiresInDays } from './table/ids.ts';
import { Notification } from './notifications.ts';
import { transactWithRetry } from './table/paging.ts';
import { Profile } from './profiles.ts';
import { DeletedAccount } from './account-standing.ts';
import { Bookmark, Like, removeRelation } from './reader-relations.ts';
import { ReadingProgress, Recommendation } from './reading.ts';
import { Activity } from './activity.ts';
import { CategoryFollower } from './category-followers.ts';
import { Follow } from './follows.ts';
import { FollowsDigest } from './follows-digest.ts';
import { removeKeywordFollow } from './keyword-alerts.ts';
import { Preferences } from './preferences.ts';
import { countPush, getPushChoices, PushChoiceRecord, PushDay, PushSent, PushSubscription } from './push-subscriptions.ts';

/**
 * A reader's data, all of it, for "Download my data" and "Delete my account" (the privacy page's
 * rights of access, portability and deletion). Every list is a Query on the reader's own keys.
 */
async function allOf<T>(go: () => Promise<{ data: T[] }>): Promise<T[]> {
  return (await go()).data;
}

export async function exportUserData(userId: string) {
  const [profile, preferences, bookmarks, likes, reading, activity, engagement, notifications, recommendations, follows, devices, pushChoices, followed, followsMail] = await Promise.all([
    Profile.get({ userId }).go().then((answer) => answer.data),
    Preferences.get({ userId }).go().then((answer) => answer.data),
    allOf(() => Bookmark.query.byUserNewest({ userId }).go({ order: 'desc', pages: 'all' })),
    allOf(() => Like.query.byUserNewest({ userId }).go({ order: 'desc', pages: 'all' })),
    allOf(() => ReadingProgress.query.byUserRecent({ userId }).go({ order: 'desc', pages: 'all' })),
    allOf(() => Activity.query.byUser({ userId }).go({ order: 'desc', pages: 'all' })),
    allOf(() => Engagement.query.byUser({ userId }).go({ order: 'desc', pages: 'all' })),
    allOf(() => Notification.query.byUser({ userId }).go({ order: 'desc', pages: 'all' })),
    allOf(() => Recommendation.query.byUserArticle({ userId }).go({ pages: 'all' })),
    allOf(() => CategoryFollower.query.byUser({ userId }).go({ pages: 'all' })),
    allOf(() => PushSubscription.query.byUser({ userId }).go({ pages: 'all' })),
    getPushChoices(userId),
    allOf(() => Follow.query.byUser({ userId }).go({ pages: 'all' })),
    FollowsDigest.get({ userId }).go().then((answer) => answer.data),
  ]);
  return {
    profile,
    preferences,
    bookmarks: bookmarks.map(({ articleId, createdAt }) => ({ articleId, createdAt })),
    likes: likes.map(({ articleId, createdAt }) => ({ articleId, createdAt })),
    readingHistory: reading.map(({ articleId, progressPercentage, readingTimeSeconds, completed, startedAt, updatedAt }) => ({ articleId, progressPercentage, readingTimeSeconds, completed, startedAt, updatedAt })),
    activity: activity.map(({ actionType, resourceType, resourceId, metadata, createdAt }) => ({ actionType, resourceType, resourceId, metadata, createdAt })),
    engagement: engagement.map(({ articleId, engagementType, durationSeconds, createdAt }) => ({ articleId, engagementType, durationSeconds, createdAt })),
    notifications: notifications.map(({ id, title, message, type, isRead, actionUrl, createdAt }) => ({ id, title, message, type, isRead, actionUrl, createdAt })),
    recommendations: recommendations.map(({ articleId, score, createdAt }) => ({ articleId, score, createdAt })),
    followedCategories: follows.map((item) => item.category),
    followedTopics: followed.filter((item) => item.kind === 'topic').map(({ targetId, label, createdAt }) => ({ topicId: targetId, name: label, createdAt })),
    followedStories: followed.filter((item) => item.kind === 'story').map(({ targetId, label, createdAt }) => ({ articleId: targetId, title: label, createdAt })),
    followedPublishers: followed.filter((item) => item.kind === 'publisher').map(({ targetId, label, createdAt }) => ({ publisherId: targetId, name: label, createdAt })),
    mutedPublishers: followed.filter((item) => item.kind === 'muted-publisher').map(({ targetId, label, createdAt }) => ({ publisherId: targetId, name: label, createdAt })),
    keywordAlerts: followed.filter((item) => item.kind === 'keyword').map(({ label, createdAt }) => ({ keyword: label, createdAt })),
    // Each device's push service (its endpoint's origin) and when it was added; the keys stay behind.
    pushDevices: devices.map(({ deviceId, endpoint, createdAt }) => ({ deviceId, pushService: URL.canParse(endpoint) ? new URL(endpoint).origin : '', createdAt })),
    pushChoices,
    // The mail of what they follow (docs/topics.md): off, or daily or weekly and when the last one went.
    followsMail: followsMail ? { frequency: followsMail.frequency, lastSentAt: followsMail.lastSentAt ?? null } : { frequency: 'off' as const, lastSentAt: null },
  };
}

export type UserDataExport = Awaited<ReturnType<typeof exportUserData>>;

/** Longer than any token of the account can live (ID tokens 1 h; refresh tokens die with the user). */
const DELETED_ACCOUNT_DAYS = 2;


/**
 * Removes every item of the reader's. The profile goes first (with the user count): from then on the
 * account counts as gone, so the stream consumer leaves the reader alone while their relations are removed
 * through the same path as un-saving (the articles' counts move with them); then the reader's own records
 * in batches. Safe to run again after a partial failure.
 */
export async function deleteUserData(userId: string): Promise<void> {
  await DeletedAccount.put({ userId, expiresAt: expiresInDays(DELETED_ACCOUNT_DAYS) }).go();
  const { data: profile } = await Profile.get({ userId }).go();
  if (profile) {
    await transactWithRetry(() => createWriteTransaction({ profile: Profile, counter: Counter }, ({ profile: entity, counter }) => [
        entity.delete({ userId }).where(({ userId: id }, { exists }) => exists(id)).commit(),
        counter.update(counterKey({ scope: COUNTER_SCOPES.users, name: 'total', by: -1 })).add({ value: -1 }).commit(),
      ])
      .go(), `Deleting the profile of ${userId}`);
  }

  const [bookmarks, likes] = await Promise.all([
    allOf(() => Bookmark.query.byUserNewest({ userId }).go({ pages: 'all' })),
    allOf(() => Like.query.byUserNewest({ userId }).go({ pages: 'all' })),
  ]);
  for (const item of bookmarks) await removeRelation('bookmark', userId, item.articleId);
  for (const item of likes) await removeRelation('like', userId, item.articleId);

  const [follows, followed, activity, engagement, reading, recommendations, notifications, devices, pushDays, pushesSent] = await Promise.all([
    allOf(() => CategoryFollower.query.byUser({ userId }).go({ pages: 'all' })),
    allOf(() => Follow.query.byUser({ userId }).go({ pages: 'all' })),
    allOf(() => Activity.query.byUser({ userId }).go({ pages: 'all' })),
    allOf(() => Engagement.query.byUser({ userId }).go({ pages: 'all' })),
    allOf(() => ReadingProgress.query.byUserArticle({ userId }).go({ pages: 'all' })),
    allOf(() => Recommendation.query.byUserArticle({ userId }).go({ pages: 'all' })),
    allOf(() => Notification.query.byUser({ userId }).go({ pages: 'all' })),
    allOf(() => PushSubscription.query.byUser({ userId }).go({ pages: 'all' })),
    allOf(() => PushDay.query.byUser({ userId }).go({ pages: 'all' })),
    allOf(() => PushSent.query.byUser({ userId }).go({ pages: 'all' })),
  ]);
  if (follows.length) await CategoryFollower.delete(follows.map(({ category }) => ({ category, userId }))).go();
  // A keyword alert leaves with its count (store/keyword-alerts.ts KeywordAlert), the rest in batches.
  for (const { targetId } of followed.filter((item) => item.kind === 'keyword')) await removeKeywordFollow(userId, targetId);
  const others = followed.filter((item) => item.kind !== 'keyword');
  if (others.length) await Follow.delete(others.map(({ kind, targetId }) => ({ userId, kind, targetId }))).go();
  if (activity.length) await Activity.delete(activity.map(({ id, createdAt }) => ({ userId, id, createdAt }))).go();
  if (engagement.length) await Engagement.delete(engagement.map(({ articleId, id, createdAt }) => ({ articleId, id, createdAt }))).go();
  if (reading.length) await ReadingProgress.delete(reading.map(({ articleId }) => ({ userId, articleId }))).go();
  if (recommendations.length) await Recommendation.delete(recommendations.map(({ articleId }) => ({ userId, articleId }))).go();
  if (notifications.length) await Notification.delete(notifications.map(({ id }) => ({ userId, id }))).go();
  if (devices.length) {
    await PushSubscription.delete(devices.map(({ deviceId }) => ({ userId, deviceId }))).go();
    await countPush({ devices: -devices.length });
  }
  if (pushDays.length) await PushDay.delete(pushDays.map(({ day }) => ({ userId, day }))).go();
  if (pushesSent.length) await PushSent.delete(pushesSent.map(({ notificationId }) => ({ userId, notificationId }))).go();
  await PushChoiceRecord.delete({ userId }).go();
  await FollowsDigest.delete({ userId }).go();
  await Preferences.delete({ userId }).go();
}
