/**
 * The topics a story is about (docs/topics.md "How topics reach stories"): the catalogue's entities its
 * headline and summary name, one each, as the article stores them and the reader sees them.
 */
import type { Catalogue } from './catalogue.ts';
import { SEED_CATALOGUE, tagEntities } from './index.ts';
import type { StoryTopic } from './topic-links.ts';

/**
 * At most this many topics on one story: a roundup naming twenty brands is about none of them in particular,
 * and each topic is one index item written for the story.
 */
export const MAX_STORY_TOPICS = 8;

/** The entities named in the headline, then the summary, in the order first named, each once. */
export function storyTopics(headline: string, summary: string | undefined, catalogue: Catalogue = SEED_CATALOGUE): StoryTopic[] {
  const topics = new Map<string, StoryTopic>();
  for (const mention of tagEntities(`${headline} ${summary ?? ''}`, catalogue)) {
    if (topics.size >= MAX_STORY_TOPICS) break;
    if (!topics.has(mention.id)) topics.set(mention.id, { id: mention.id, kind: mention.kind, name: mention.name });
  }
  return [...topics.values()];
}

/** The tagger's own catalogue entry of an id as a story's topic, or null (for the override rules at ingest). */
export function seedCatalogueTopic(id: string, catalogue: Catalogue = SEED_CATALOGUE): StoryTopic | null {
  const entity = catalogue.entities.get(id);
  return entity ? { id: entity.id, kind: entity.kind, name: entity.name } : null;
}
