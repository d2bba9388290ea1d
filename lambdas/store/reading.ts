import type { EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/retention.ts';
import { ReadingProgress, Recommendation } from './entities.ts';
import { expiresInDays } from './ids.ts';

export type ReadingProgressItem = EntityItem<typeof ReadingProgress>;
export type RecommendationItem = EntityItem<typeof Recommendation>;

export async function saveReadingProgress(
  input: Pick<ReadingProgressItem, 'userId' | 'articleId'> & Partial<Pick<ReadingProgressItem, 'progressPercentage' | 'readingTimeSeconds' | 'lastPosition' | 'completed'>>,
): Promise<void> {
  await ReadingProgress.upsert(input).go();
}

export async function getReadingProgress(userId: string, articleId: string): Promise<ReadingProgressItem | null> {
  return (await ReadingProgress.get({ userId, articleId }).go()).data;
}

/** What the user read last, most recent first. */
export async function recentReading(userId: string, limit = 10): Promise<ReadingProgressItem[]> {
  const { data } = await ReadingProgress.query.byUserRecent({ userId }).go({ order: 'desc', limit });
  return data;
}

export async function putRecommendations(userId: string, scored: ReadonlyArray<{ articleId: string; score: number }>): Promise<void> {
  if (!scored.length) return;
  const expiresAt = expiresInDays(RETENTION_DAYS.recommendation);
  await Recommendation.put(scored.map(({ articleId, score }) => ({ userId, articleId, score, expiresAt }))).go();
}

/** The user's best recommendations first. */
export async function topRecommendations(userId: string, limit = 20): Promise<RecommendationItem[]> {
  const { data } = await Recommendation.query.byUserScore({ userId }).go({ order: 'desc', limit });
  return data;
}
