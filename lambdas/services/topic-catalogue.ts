import type { SeedEntity } from '#domain/topics/catalogue.ts';
import { topicsById, type StoryTopic } from '#domain/topics/topic-links.ts';
import { compileTopicNames, topicsNamedIn, type TopicNames } from '#domain/topics/topic-search.ts';
import { runtimeJson } from '#adapters/runtime-files.ts';
import { TOPIC_FILES } from '#stack/stack-description.ts';

let entries: readonly SeedEntity[] | undefined;
let topics: ReadonlyMap<string, StoryTopic> | undefined;
let names: TopicNames | undefined;

/** The shipped seed list, read once per instance. */
const catalogueEntries = () => (entries ??= runtimeJson<SeedEntity[]>(TOPIC_FILES.catalogue));

/** The catalogue's topic of this id, or null (an id it does not know). */
export function catalogueTopic(id: string): StoryTopic | null {
  topics ??= topicsById(catalogueEntries());
  return topics.get(id) ?? null;
}

/** The topics a reader's search names (domain/topics/topic-search.ts), offered beside its results. */
export function topicsNamedInSearch(query: string): StoryTopic[] {
  names ??= compileTopicNames(catalogueEntries());
  return topicsNamedIn(query, names);
}
