import type { DynamoDBStreamEvent } from 'aws-lambda';
import { breaking } from '#domain/content/badges.ts';
import { CATEGORY_NAMES, isCategorySlug, type CategorySlug } from '#domain/content/categories.ts';
import { breakingNotification, NEW_ARTICLES_WINDOW_MINUTES, newArticlesNotification } from '#domain/reader/notifications.ts';
import { isPublicArticle, publishedAtOf } from '#domain/reader/public-articles.ts';
import { createNotificationOnce } from '#store/notifications.ts';
import { isNewsForFollowers, topicIndexChanges, type IndexedFields, type PublishedStory } from '#domain/reader/topic-stories.ts';
import type { StoryTopic } from '#domain/topics/topic-links.ts';
import { applyTopicIndexChanges } from '#store/topic-stories.ts';
import { tellFollowersOfStory } from '../services/follow-notifications.ts';
import { refreshRecommendations } from '../services/personalisation.ts';
import { liveTopicsOf } from '../services/topic-catalogue.ts';
import { getProfile } from '#store/profiles.ts';
import { followersOf } from '#store/category-followers.ts';
import { streamItem, type StreamImage } from '#store/table/table.ts';
import { logger } from '#core/logger.ts';
import { withRunMetrics } from '#platform/run-metrics.ts';

type Image = Record<string, unknown>;

const READER_ACTS = new Set(['like', 'bookmark', 'readingProgress']);

interface PublishedArticle {
  id: string;
  title: string;
  summary: string;
  category: CategorySlug;
  publishedAt: string;
  viewsCount: number;
}

/**
 * The table stream's personalisation consumer (filtered by the event source mapping to reader acts and
 * newly published articles):
 * - a reader liked, saved or read something, or took a like or save back: their For You list is recomputed;
 * - articles became public: each follower of the category hears of them, at most once an hour ("New in
 *   ..."), and a breaking story is announced on its own. Notification ids are derived from the reader, the
 *   article or hour, so a retried batch creates nothing twice;
 * - a story became public or stopped being public: it joins or leaves its topics' lists, and a new story (or a
 *   new report of a story) is news for who follows its topics, its publisher or the story, or has a keyword
 *   alert it names, unless they muted its publisher (docs/topics.md).
 */
async function handleEvent(event: DynamoDBStreamEvent): Promise<void> {
  const readers = new Set<string>();
  const published: PublishedArticle[] = [];
  for (const record of event.Records) {
    const decoded = streamItem((record.dynamodb?.NewImage ?? record.dynamodb?.OldImage) as StreamImage | undefined);
    if (!decoded) continue;
    const { entity, item: image } = decoded;
    if (READER_ACTS.has(entity) && typeof image.userId === 'string') readers.add(image.userId);
    if (entity === 'article') await followTopicsAndStories(articleImage(record.dynamodb?.OldImage), articleImage(record.dynamodb?.NewImage));
    if (entity === 'article' && record.eventName !== 'REMOVE') {
      const article = image as Image & { id: string; title: string; category: string; status: string; isDuplicate?: boolean; relevanceScore?: number };
      if (!isPublicArticle({ status: article.status, isDuplicate: article.isDuplicate, relevanceScore: article.relevanceScore, category: article.category })) continue;
      if (!isCategorySlug(article.category)) continue;
      published.push({
        id: article.id,
        title: article.title,
        summary: String(image.summary ?? ''),
        category: article.category,
        publishedAt: String(image.originalPublishedAt ?? image.publishedAt ?? image.createdAt ?? new Date().toISOString()),
        viewsCount: Number(image.viewsCount ?? 0),
      });
    }
  }

  for (const userId of readers) {
    // A deleted account's relations are removed before its profile: those removals must not bring its
    // recommendations back.
    if (!(await getProfile(userId))) continue;
    const generated = await refreshRecommendations(userId);
    logger.info('recommendations refreshed', { userId, generated });
  }
  if (published.length) await notifyFollowers(published);
}

type ArticleImage = IndexedFields & { title: string; summary?: string; sourceName: string; feedId?: string; clusterId?: string; topics?: StoryTopic[] };

function articleImage(image: unknown): ArticleImage | undefined {
  const decoded = streamItem(image as StreamImage | undefined);
  return decoded?.entity === 'article' ? (decoded.item as ArticleImage) : undefined;
}

/** Keeps the topics' lists (each change is applied once more on a retried batch: puts and deletes repeat alike) and tells followers of news. */
async function followTopicsAndStories(before: ArticleImage | undefined, after: ArticleImage | undefined): Promise<void> {
  await applyTopicIndexChanges(topicIndexChanges(before, after));
  const newlyPublished = after?.status === 'published' && before?.status !== 'published';
  if (!after || !newlyPublished || !isNewsForFollowers(after)) return;
  const story: PublishedStory = {
    id: after.id,
    title: after.title,
    summary: after.summary ?? '',
    sourceName: after.sourceName,
    publisher: after.feedId ? { id: after.feedId, name: after.sourceName } : null,
    clusterId: after.clusterId,
    // Topics as readers see them now (renamed, merged, hidden: services/topic-catalogue.ts), not as stored.
    topics: await liveTopicsOf(after.topics ?? []),
  };
  const made = await tellFollowersOfStory(story, new Date(Date.parse(publishedAtOf(after)) || Date.now()));
  if (made) logger.info('followers told of a story', { articleId: after.id, notifications: made });
}

async function notifyFollowers(articles: readonly PublishedArticle[], now = new Date()): Promise<void> {
  const windowMs = NEW_ARTICLES_WINDOW_MINUTES * 60_000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const byCategory = new Map<CategorySlug, PublishedArticle[]>();
  for (const article of articles) byCategory.set(article.category, [...(byCategory.get(article.category) ?? []), article]);

  const newByReader = new Map<string, { categories: Set<CategorySlug>; count: number }>();
  for (const [category, list] of byCategory) {
    const followers = await followersOf(category);
    for (const article of list) {
      if (!breaking(`${article.title} ${article.summary}`, article.publishedAt, article.viewsCount, now)) continue;
      for (const userId of followers) {
        await createNotificationOnce({ userId, ...breakingNotification(article.title, article.id) }, `breaking:${article.id}:${userId}`, new Date(Date.parse(article.publishedAt) || now.getTime()));
      }
    }
    for (const userId of followers) {
      const entry = newByReader.get(userId) ?? { categories: new Set(), count: 0 };
      entry.categories.add(category);
      entry.count += list.length;
      newByReader.set(userId, entry);
    }
  }
  for (const [userId, { categories, count }] of newByReader) {
    const names = [...categories].map((category) => CATEGORY_NAMES[category]);
    await createNotificationOnce({ userId, ...newArticlesNotification(names, count) }, `new-articles:${userId}`, windowStart);
  }
}

/** The described function's entry: every invocation's duration and outcome are recorded (platform/run-metrics.ts). */
export const handler = withRunMetrics('personalise', handleEvent);
