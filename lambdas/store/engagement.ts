import { Entity, type EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { dayOf, expiresInDays, newId } from './table/ids.ts';
import { keep, now, service, tableConfig, timestamps } from './table/table.ts';

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
}, tableConfig);

const ENGAGEMENT_TYPES = ['view', 'reading_start', 'reading_progress', 'reading_complete', 'share', 'like', 'bookmark'] as const;

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
}, tableConfig);

export type EngagementItem = EntityItem<typeof Engagement>;
export type ShareItem = EntityItem<typeof Share>;

export async function recordEngagement(input: Pick<EngagementItem, 'articleId' | 'engagementType'> & Partial<Pick<EngagementItem, 'userId' | 'sessionId' | 'durationSeconds'>>): Promise<EngagementItem> {
  const createdAt = new Date().toISOString();
  const { data } = await Engagement.create({
    ...input,
    id: newId(),
    createdAt,
    day: dayOf(createdAt),
    expiresAt: expiresInDays(RETENTION_DAYS.engagement),
  }).go();
  return data;
}

export async function recordShare(input: Pick<ShareItem, 'articleId' | 'platform'> & { userId?: string | undefined }): Promise<void> {
  await Share.create({ ...input, id: newId() }).go();
}

/** Shares since a time, all articles (the console's last-hour panel). */
export async function sharesSince(since: Date): Promise<ShareItem[]> {
  const { data } = await Share.query.byTime({}).gte({ sharedAt: since.toISOString() }).go({ pages: 'all' });
  return data;
}
