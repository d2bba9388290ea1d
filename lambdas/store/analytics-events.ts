import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { dayOf, expiresInDays, newId } from './table/ids.ts';
import { type JsonObject, keep, service, tableConfig, timestamps } from './table/table.ts';

/** A named analytics event, kept for RETENTION_DAYS.analyticsEvent days. */
export const AnalyticsEvent = new Entity({
  model: { entity: 'analyticsEvent', version: '1', service },
  attributes: {
    day: { type: 'string', required: true },
    id: { type: 'string', required: true },
    eventName: { type: 'string', required: true },
    eventData: { type: CustomAttributeType<JsonObject>('any') },
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
}, tableConfig);

export type AnalyticsEventItem = EntityItem<typeof AnalyticsEvent>;

export async function recordAnalyticsEvent(input: Pick<AnalyticsEventItem, 'eventName'> & Partial<Pick<AnalyticsEventItem, 'eventData' | 'userId'>>): Promise<void> {
  const createdAt = new Date().toISOString();
  await AnalyticsEvent.create({ ...input, id: newId(), createdAt, day: dayOf(createdAt), expiresAt: expiresInDays(RETENTION_DAYS.analyticsEvent) }).go();
}
