import type { SeedEntity } from '#domain/topics/catalogue.ts';
import { topicsById, type StoryTopic } from '#domain/topics/topic-links.ts';
import { compileTopicNames, topicsNamedIn, type TopicNames } from '#domain/topics/topic-search.ts';
import { liveStoryTopics, liveTopic } from '#domain/topics/topic-overrides.ts';
import { runtimeJson } from '#adapters/runtime-files.ts';
import { TOPIC_FILES } from '#stack/stack-description.ts';
import { topicOverrides } from './topic-overrides.ts';

let entries: readonly SeedEntity[] | undefined;
/** The shipped seed list, read once per instance. */
const seedEntries = () => (entries ??= runtimeJson<SeedEntity[]>(TOPIC_FILES.catalogue));
let topics: ReadonlyMap<string, StoryTopic> | undefined;
let names: TopicNames | undefined;

/** Every topic of the shipped catalogue, as it ships (no overrides): read from the file once per instance. */
export function seedTopics(): ReadonlyMap<string, StoryTopic> {
  topics ??= topicsById(seedEntries());
  return topics;
}

/** The catalogue's topic of this id as the file has it, or null. */
export const seedTopic = (id: string): StoryTopic | null => seedTopics().get(id) ?? null;

/**
 * The topic readers see for this id, moderators' overrides applied (domain/topics/topic-overrides.ts liveTopic):
 * a merged id answers with the topic it was merged into, and null is an id the catalogue does not know or a
 * hidden topic.
 */
export async function catalogueTopic(id: string): Promise<StoryTopic | null> {
  return liveTopic(id, seedTopic, await topicOverrides());
}

/**
 * Cards with their topics as readers see them (renamed, merged, hidden ones left out). Applied where the API
 * answers with cards, since a story's topics are stored when it is made and an override comes later.
 */
export async function withLiveTopics<Card extends { topics: StoryTopic[] }>(cards: readonly Card[]): Promise<Card[]> {
  if (!cards.length) return [];
  const overrides = await topicOverrides();
  if (!overrides.size) return [...cards];
  return cards.map((card) => ({ ...card, topics: liveStoryTopics(card.topics, seedTopic, overrides) }));
}

/**
 * A story's stored topics as readers see them now: a story tagged before a merge tells the followers of the topic
 * it went into (they were moved there), and a hidden topic's followers hear nothing of it.
 */
export async function liveTopicsOf(topics: readonly StoryTopic[]): Promise<StoryTopic[]> {
  const overrides = await topicOverrides();
  return overrides.size ? liveStoryTopics(topics, seedTopic, overrides) : [...topics];
}

/** The topics a reader's search names (domain/topics/topic-search.ts), as readers see them, offered beside its results. */
export async function topicsNamedInSearch(query: string): Promise<StoryTopic[]> {
  names ??= compileTopicNames(seedEntries());
  return liveTopicsOf(topicsNamedIn(query, names));
}
