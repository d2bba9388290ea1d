import { isPublicArticle } from '#domain/reader/public-articles.ts';
import { getArticles } from '#store/article-lists.ts';
import { getPublicArticleItem } from '#store/article-tallies.ts';
import { deleteNotification, markAllNotificationsRead, markNotificationRead } from '#store/notifications.ts';
import { addRelation, removeRelation } from '#store/reader-relations.ts';
import { markArticlesRead, recordReading, type ReadingProgressItem, type ReadingReport } from '#store/reading.ts';
import { savePreferences, type PreferenceChanges, type PreferencesItem } from '#store/preferences.ts';
import { notFound } from '#core/errors.ts';

/**
 * What a signed-in reader changes about their own reading: saves and likes (each kept in their activity),
 * reading progress, read marks, notifications and preferences. Only what a reader can see can be saved,
 * liked or read. The /me handlers validate, take the reader from the token and answer.
 */

async function publicArticleOrThrow(articleId: string): Promise<void> {
  if (!(await getPublicArticleItem(articleId))) throw notFound('Article not found');
}

/** Saves or likes an article; a new one is recorded in the reader's activity (in the same write). */
export async function addReaderRelation(kind: 'bookmark' | 'like', userId: string, articleId: string): Promise<void> {
  await publicArticleOrThrow(articleId);
  await addRelation(kind, userId, articleId);
}

/** Takes a save or like back; one that was there is recorded in the reader's activity (in the same write). */
export async function removeReaderRelation(kind: 'bookmark' | 'like', userId: string, articleId: string): Promise<void> {
  await removeRelation(kind, userId, articleId);
}

/** A reading report of a public article: its progress, as stored after it. */
export async function reportReading(report: ReadingReport): Promise<ReadingProgressItem> {
  await publicArticleOrThrow(report.articleId);
  return recordReading(report);
}

/** Marks public articles read (the others are left out; 404 when none is): how many were new, and which. */
export async function markRead(userId: string, articleIds: readonly string[]): Promise<{ marked: number; read: string[] }> {
  const ids = [...new Set(articleIds)];
  const known = (await getArticles(ids)).filter(isPublicArticle).map((article) => article.id);
  if (!known.length) throw notFound(ids.length === 1 ? 'Article not found' : 'None of these articles was found');
  return { marked: await markArticlesRead(userId, known), read: known };
}

export async function readOneNotification(userId: string, id: string): Promise<void> {
  if (!(await markNotificationRead(userId, id))) throw notFound('Notification not found');
}

/** How many were marked read. */
export const readEveryNotification = (userId: string): Promise<number> => markAllNotificationsRead(userId);

export async function removeOneNotification(userId: string, id: string): Promise<void> {
  if (!(await deleteNotification(userId, id))) throw notFound('Notification not found');
}

export const changePreferences = (userId: string, changes: PreferenceChanges): Promise<PreferencesItem> => savePreferences(userId, changes);
