import { Entity, type EntityItem } from 'electrodb';
import { RETENTION_DAYS } from '#domain/operations/retention.ts';
import { expiresInDays } from './table/ids.ts';
import { keep, service, tableConfig, type JsonObject } from './table/table.ts';
import { failedOnCondition } from './table/condition-failures.ts';

/**
 * A rewrite of every written page that goes on in another invocation (docs/decisions/first-screen-html.md): the
 * page writer saves where it stopped, and the save, through the table stream, is what calls it again. Running
 * while stories are left; done when the last is written.
 */
export const PageRewrite = new Entity({
  model: { entity: 'pageRewrite', version: '1', service },
  attributes: {
    id: { type: 'string', required: true },
    status: { type: ['running', 'done'] as const, required: true },
    startedAt: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
    /** The last story written, in the index's newest-first order: the next part starts after it. */
    afterPublishedAt: { type: 'string' },
    afterId: { type: 'string' },
    /** Invocations so far; each save changes the item, so the stream calls the writer once per part. */
    parts: { type: 'number', required: true },
    written: { type: 'number', required: true },
    listPages: { type: 'number', required: true },
    /** Stories written per invocation at most (the time budget may stop a part sooner). */
    storiesPerPart: { type: 'number', required: true },
    expiresAt: { type: 'number' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], casing: keep },
      sk: { field: 'sk', composite: [], casing: keep },
    },
  },
}, tableConfig);

export type PageRewriteItem = EntityItem<typeof PageRewrite>;

/**
 * Saves a rewrite's progress after a part (`parts` counts it): its first save only if there is no item yet, a later
 * one only if the item still holds the part before it. A stream record delivered twice would otherwise start a second
 * chain of parts; false when the item had moved on.
 */
export async function savePageRewrite(rewrite: Omit<PageRewriteItem, 'updatedAt' | 'expiresAt'>): Promise<boolean> {
  const item = { ...rewrite, updatedAt: new Date().toISOString(), expiresAt: expiresInDays(RETENTION_DAYS.pageRewrites) };
  try {
    await PageRewrite.put(item)
      .where(({ parts }, { eq, notExists }) => (rewrite.parts === 1 ? notExists(parts) : eq(parts, rewrite.parts - 1)))
      .go();
    return true;
  } catch (error) {
    if (failedOnCondition(error)) return false;
    throw error;
  }
}

export async function getPageRewrite(id: string): Promise<PageRewriteItem | null> {
  return (await PageRewrite.get({ id }).go()).data;
}

/** A rewrite as a stream record carries it (the table's item): its attributes, or null for another entity's item. */
export function pageRewriteOf(item: JsonObject): PageRewriteItem | null {
  return PageRewrite.parse({ Item: item }).data ?? null;
}
