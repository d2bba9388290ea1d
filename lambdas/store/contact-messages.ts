import { Entity, type EntityItem } from 'electrodb';
import { newId } from './table/ids.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/** A message sent through the contact form, read by the console. */
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

export type ContactMessageItem = EntityItem<typeof ContactMessage>;

export async function saveContactMessage(input: Pick<ContactMessageItem, 'name' | 'email' | 'subject' | 'message'>): Promise<ContactMessageItem> {
  const { data } = await ContactMessage.create({ ...input, id: newId() }).go();
  return data;
}
