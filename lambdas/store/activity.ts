import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { expiresInDays, newId } from './table/ids.ts';
import { type JsonObject, keep, service, tableConfig, timestamps } from './table/table.ts';

/** What a reader did, kept for RETENTION_DAYS.activity days. */
export const Activity = new Entity({
  model: { entity: 'activity', version: '1', service },
  attributes: {
    userId: { type: 'string', required: true },
    id: { type: 'string', required: true },
    actionType: { type: 'string', required: true },
    resourceType: { type: 'string', default: 'article' },
    resourceId: { type: 'string' },
    metadata: { type: CustomAttributeType<JsonObject>('any') },
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
}, tableConfig);

export type ActivityItem = EntityItem<typeof Activity>;

export async function recordActivity(input: Pick<ActivityItem, 'userId' | 'actionType'> & Partial<Pick<ActivityItem, 'resourceType' | 'resourceId' | 'metadata'>>): Promise<void> {
  await Activity.create({ ...input, id: newId(), expiresAt: expiresInDays(RETENTION_DAYS.activity) }).go();
}

/** The user's activity since a time, newest first. */
export async function activitySince(userId: string, since: Date, limit = 50): Promise<ActivityItem[]> {
  // Bounded above as well: a bare `>=` would read the partition's other entities (they sort above) first.
  const { data } = await Activity.query.byUser({ userId }).between({ createdAt: since.toISOString() }, { createdAt: '9999' }).go({ order: 'desc', limit });
  return data;
}
