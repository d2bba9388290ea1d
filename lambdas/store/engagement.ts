import type { EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { Engagement, Share } from './entities.ts';
import { dayOf, daysSince, expiresInDays, newId } from './ids.ts';

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

/** Engagement since a time, across the day partitions it spans (a 24 h window is two Queries). */
export async function engagementSince(since: Date, now = new Date()): Promise<EngagementItem[]> {
  const pages = await Promise.all(daysSince(since, now).map((day) => Engagement.query.byDay({ day }).gte({ createdAt: since.toISOString() }).go({ pages: 'all' })));
  return pages.flatMap((page) => page.data);
}

export async function engagementOfUser(userId: string, since: Date): Promise<EngagementItem[]> {
  const { data } = await Engagement.query.byUser({ userId }).gte({ createdAt: since.toISOString() }).go({ order: 'desc', pages: 'all' });
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
