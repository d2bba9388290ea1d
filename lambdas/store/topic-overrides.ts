import { Entity, type EntityItem } from 'electrodb';
import type { TopicOverride } from '#domain/topics/topic-overrides.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/**
 * Moderators' overrides of the catalogue's topics (domain/topics/topic-overrides.ts): at most one item per topic,
 * all in one partition, so every reader of the rules gets them with one Query (a few hundred small items at most:
 * one per topic a moderator touched).
 */
export const TopicOverrideRecord = new Entity({
  model: { entity: 'topicOverride', version: '1', service },
  attributes: {
    topicId: { type: 'string', required: true },
    /** The display name readers see instead of the catalogue's. */
    name: { type: 'string' },
    hidden: { type: 'boolean' },
    /** The topic this one is merged into. */
    mergedInto: { type: 'string' },
    /** Who made the last change (e-mail, else user id): the console shows it beside the topic. */
    changedBy: { type: 'string', required: true },
    ...timestamps,
  },
  indexes: {
    all: {
      pk: { field: 'pk', composite: [], casing: keep },
      sk: { field: 'sk', composite: ['topicId'], casing: keep },
    },
  },
}, tableConfig);

export type TopicOverrideItem = EntityItem<typeof TopicOverrideRecord>;

/** Every override: one Query of the one partition. */
export async function listTopicOverrides(): Promise<TopicOverrideItem[]> {
  const { data } = await TopicOverrideRecord.query.all({}).go({ pages: 'all' });
  return data;
}

/**
 * Writes a topic's whole override (a put: a field left out is the catalogue's again); an override that changes
 * nothing is deleted, so the partition holds only topics a moderator changed.
 */
export async function saveTopicOverride(override: TopicOverride, changedBy: string): Promise<void> {
  const { topicId, name, hidden, mergedInto } = override;
  if (name === undefined && !hidden && mergedInto === undefined) {
    await TopicOverrideRecord.delete({ topicId }).go({ response: 'none' });
    return;
  }
  await TopicOverrideRecord.put({ topicId, changedBy, ...(name === undefined ? {} : { name }), ...(hidden ? { hidden } : {}), ...(mergedInto === undefined ? {} : { mergedInto }) }).go({ response: 'none' });
}
