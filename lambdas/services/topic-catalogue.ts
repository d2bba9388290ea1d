import type { SeedEntity } from '#domain/topics/catalogue.ts';
import { topicsById, type StoryTopic } from '#domain/topics/topic-links.ts';
import { runtimeJson } from '#adapters/runtime-files.ts';
import { TOPIC_FILES } from '#stack/stack-description.ts';

let topics: ReadonlyMap<string, StoryTopic> | undefined;

/** The catalogue's topic of this id, or null (an id it does not know): read from the shipped file once per instance. */
export function catalogueTopic(id: string): StoryTopic | null {
  topics ??= topicsById(runtimeJson<SeedEntity[]>(TOPIC_FILES.catalogue));
  return topics.get(id) ?? null;
}
