import { CustomAttributeType, Entity, type EntityItem } from 'electrodb';
import { newId } from './table/ids.ts';
import { filledPage, type Page, type PageOptions } from './table/paging.ts';
import { type JsonObject, keep, service, tableConfig, timestamps } from './table/table.ts';

const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

/** An automation alert: raised by the pipeline and the handlers, read and resolved in the console. */
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

export type AlertItem = EntityItem<typeof Alert>;

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
