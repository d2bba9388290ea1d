import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { dayOf, expiresInDays, newId } from './table/ids.ts';
import { filledPage, type Page, type PageOptions } from './table/paging.ts';
import { type JsonObject, keep, service, tableConfig, timestamps } from './table/table.ts';

export const ContactMessage = new Entity({
  model: { entity: 'contactMessage', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    name: { type: 'string', required: true },
    email: { type: 'string', required: true },
    subject: { type: 'string', required: true },
    message: { type: 'string', required: true },
    status: { type: ['new', 'replied', 'closed'] as const, default: 'new' },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    byReceived: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], casing: keep },
    },
  },
}, tableConfig);

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

const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

export const Alert = new Entity({
  model: { entity: 'alert', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    severity: { type: ALERT_SEVERITIES, required: true },
    alertType: { type: 'string', required: true },
    message: { type: 'string', required: true },
    resolved: { type: 'boolean', default: false },
    context: { type: CustomAttributeType<JsonObject>('any') },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
    /** Latest first. */
    byCreated: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [], casing: keep },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'], casing: keep },
    },
  },
}, tableConfig);

/** Contact messages, analytics events and automation alerts: written by many, read by the console. */
export type ContactMessageItem = EntityItem<typeof ContactMessage>;
export type AnalyticsEventItem = EntityItem<typeof AnalyticsEvent>;
export type AlertItem = EntityItem<typeof Alert>;

export async function saveContactMessage(input: Pick<ContactMessageItem, 'name' | 'email' | 'subject' | 'message'>): Promise<ContactMessageItem> {
  const { data } = await ContactMessage.create({ ...input, id: newId() }).go();
  return data;
}

export async function recordAnalyticsEvent(input: Pick<AnalyticsEventItem, 'eventName'> & Partial<Pick<AnalyticsEventItem, 'eventData' | 'userId'>>): Promise<void> {
  const createdAt = new Date().toISOString();
  await AnalyticsEvent.create({ ...input, id: newId(), createdAt, day: dayOf(createdAt), expiresAt: expiresInDays(RETENTION_DAYS.analyticsEvent) }).go();
}

export async function raiseAlert(input: Pick<AlertItem, 'severity' | 'alertType' | 'message'> & { context?: JsonObject }): Promise<AlertItem> {
  const { data } = await Alert.create({ ...input, id: newId() }).go();
  return data;
}

/** Alerts newest first, optionally only the open (resolved=false) or the resolved ones: a filtered Query, filled to the limit. */
export function listAlerts(options: PageOptions & { resolved?: boolean } = {}): Promise<Page<AlertItem>> {
  const { resolved } = options;
  return filledPage(
    (cursor, limit) => {
      const query = Alert.query.byCreated({});
      const filtered = resolved === undefined ? query : query.where((attributes, { eq }) => eq(attributes.resolved, resolved));
      return filtered.go({ order: 'desc', limit, cursor });
    },
    options.limit ?? 20,
    options.cursor ?? null,
  );
}

export async function getAlert(id: string): Promise<AlertItem | null> {
  const { data } = await Alert.get({ id }).go();
  return data;
}

export async function resolveAlert(alert: AlertItem): Promise<void> {
  await Alert.patch({ id: alert.id }).set({ resolved: true }).composite({ createdAt: alert.createdAt }).go();
}
