/**
 * What the reader site shows of a topic, without the catalogue (which the browser need not load): its shape,
 * its page's address and its kind's label.
 */
import type { EntityKind, SeedEntity } from './catalogue.ts';

/** A topic as a story carries it and a topic page shows it; `id` is also the page's slug. */
export interface StoryTopic {
  id: string;
  kind: EntityKind;
  name: string;
}

/** A topic id as the catalogue writes them: lowercase words and digits joined by hyphens. */
export const TOPIC_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const TOPIC_ID_MAX_CHARS = 80;

/** The reader site's page of a topic. */
export const topicPath = (topic: Pick<StoryTopic, 'id'>): string => `/topic/${topic.id}`;

/** How a topic's kind reads beside its name. */
export const TOPIC_KIND_LABELS: Record<EntityKind, string> = {
  platform: 'Platform',
  creator: 'Creator',
  brand: 'Brand',
  agency: 'Agency',
  regulator: 'Regulator',
};

/** The catalogue's topics by id, as a topic page names them (its entries as the seed list writes them). */
export function topicsById(entries: readonly Pick<SeedEntity, 'id' | 'kind' | 'name'>[]): ReadonlyMap<string, StoryTopic> {
  return new Map(entries.map(({ id, kind, name }) => [id, { id, kind, name }]));
}
