import { Entity, type EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { hasReadingProgress, READING_COMPLETE_PERCENT, type ReadingEvent } from '#domain/reader/reading.ts';
import type { ScoredArticle } from '#domain/reader/recommend.ts';
import { recordEngagement } from './engagement.ts';
import { expiresInDays } from './table/ids.ts';
import { keep, now, service, tableConfig, timestamps } from './table/table.ts';

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
}, tableConfig);

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
}, tableConfig);

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

export interface ReadingReport {
  userId: string;
  articleId: string;
  event: ReadingEvent;
  progressPercentage: number;
  /** Seconds read in this sitting (the page's timer); added to the article's total. */
  secondsRead: number;
  lastPosition: number;
}

/**
 * One reading event of a signed-in reader: the engagement is logged (reading_start, reading_progress,
 * reading_complete) and the article's progress kept: the furthest point reached, the time read so far,
 * complete once past 90 %. Only the reader writes their own progress, so read-then-write is enough.
 */
export async function recordReading(report: ReadingReport): Promise<ReadingProgressItem> {
  const before = await getReadingProgress(report.userId, report.articleId);
  const progressPercentage = Math.max(before?.progressPercentage ?? 0, report.progressPercentage);
  const completed = (before?.completed ?? false) || report.event === 'complete' || progressPercentage >= READING_COMPLETE_PERCENT;
  await saveReadingProgress({
    userId: report.userId,
    articleId: report.articleId,
    progressPercentage,
    readingTimeSeconds: (before?.readingTimeSeconds ?? 0) + report.secondsRead,
    lastPosition: report.lastPosition,
    completed,
  });
  await recordEngagement({
    userId: report.userId,
    articleId: report.articleId,
    engagementType: report.event === 'start' ? 'reading_start' : report.event === 'complete' ? 'reading_complete' : 'reading_progress',
    durationSeconds: report.secondsRead,
  });
  return (await getReadingProgress(report.userId, report.articleId)) as ReadingProgressItem;
}

/**
 * What the user read last, most recent first: items with reading progress only (a read mark alone is not
 * reading). Reads a few times the limit so that a run of "mark all as read" does not crowd them out.
 */
export async function recentReading(userId: string, limit = 10): Promise<ReadingProgressItem[]> {
  const { data } = await ReadingProgress.query.byUserRecent({ userId }).go({ order: 'desc', limit: limit * 4 });
  return data.filter(hasReadingProgress).slice(0, limit);
}

/** Everything the user read since a time (items with reading progress; read marks alone are left out). */
export async function readingSince(userId: string, since: Date): Promise<ReadingProgressItem[]> {
  const { data } = await ReadingProgress.query.byUserRecent({ userId }).gte({ updatedAt: since.toISOString() }).go({ order: 'desc', pages: 'all' });
  return data.filter(hasReadingProgress);
}

/** Which of these articles the reader has read (opened, marked or read in the dialog): one BatchGet of their own items. */
export async function readArticleIds(userId: string, articleIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(articleIds)];
  if (!unique.length) return [];
  const { data, unprocessed } = await ReadingProgress.get(unique.map((articleId) => ({ userId, articleId }))).go({ attributes: ['articleId'], concurrency: 1 });
  if (unprocessed.length) throw new Error(`${unprocessed.length} read marks were not looked up`);
  const read = new Set(data.map((item) => item.articleId));
  return unique.filter((articleId) => read.has(articleId));
}

/**
 * Marks articles read for the reader: one BatchGet finds those already read, one BatchWrite puts a read
 * mark (a reading item with no progress) for the rest, so marking twice writes nothing and never resets
 * progress. Answers how many were newly marked.
 */
export async function markArticlesRead(userId: string, articleIds: readonly string[]): Promise<number> {
  const already = new Set(await readArticleIds(userId, articleIds));
  const fresh = [...new Set(articleIds)].filter((articleId) => !already.has(articleId));
  if (!fresh.length) return 0;
  const { unprocessed } = await ReadingProgress.put(fresh.map((articleId) => ({ userId, articleId }))).go({ concurrency: 1 });
  if (unprocessed.length) throw new Error(`${unprocessed.length} read marks were not written`);
  return fresh.length;
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

/**
 * Replaces the user's recommendations with a new set; returns how many of them were not recommended
 * before ("Generated {n} new recommendations").
 */
export async function replaceRecommendations(userId: string, scored: readonly ScoredArticle[]): Promise<number> {
  const { data: existing } = await Recommendation.query.byUserArticle({ userId }).go({ pages: 'all' });
  const keep = new Set(scored.map((item) => item.articleId));
  const stale = existing.filter((item) => !keep.has(item.articleId));
  if (stale.length) await Recommendation.delete(stale.map(({ articleId }) => ({ userId, articleId }))).go();
  await putRecommendations(userId, scored);
  const before = new Set(existing.map((item) => item.articleId));
  return scored.filter((item) => !before.has(item.articleId)).length;
}
