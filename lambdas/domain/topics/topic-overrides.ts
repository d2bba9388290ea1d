/**
 * Moderators' changes to the catalogue's topics (docs/topics.md "Moderating topics"): a new display name, hidden
 * (shown nowhere, not followable, its page a 404) or merged into another topic (its stories show the other, its
 * page and its follows go to the other, the ingest tags the other). Pure: the store keeps the overrides, the
 * services read them through these rules.
 */
import { fold } from './catalogue.ts';
import type { StoryTopic } from './topic-links.ts';

/** One topic's override; a field left out is the catalogue's own. */
export interface TopicOverride {
  topicId: string;
  name?: string | undefined;
  hidden?: boolean | undefined;
  mergedInto?: string | undefined;
}

export type TopicOverrides = ReadonlyMap<string, TopicOverride>;

/** A display name the console takes: shorter than this, not blank. */
export const TOPIC_NAME_MAX_CHARS = 80;

/**
 * The topic an id stands for after merges: the end of its merge chain (A into B, B into C: C). A chain that
 * loops (the console refuses one, see `mergeRefusal`) stops before repeating itself.
 */
export function mergedTopicId(topicId: string, overrides: TopicOverrides): string {
  const seen = new Set([topicId]);
  let current = topicId;
  for (;;) {
    const next = overrides.get(current)?.mergedInto;
    if (!next || seen.has(next)) return current;
    seen.add(next);
    current = next;
  }
}

/**
 * The topic readers see for an id: merges followed, the moderator's name over the catalogue's, null for an id
 * the catalogue does not know or a topic that is hidden (the merge target's visibility is what counts).
 */
export function liveTopic(topicId: string, catalogue: (id: string) => StoryTopic | null, overrides: TopicOverrides): StoryTopic | null {
  const id = mergedTopicId(topicId, overrides);
  const topic = catalogue(id);
  const override = overrides.get(id);
  if (!topic || override?.hidden) return null;
  return { id: topic.id, kind: topic.kind, name: override?.name ?? topic.name };
}

/**
 * A story's topics as readers see them: each through `liveTopic`, hidden ones dropped, two that merged into one
 * shown once (in the order first named). The kind and name stored on the story are used when the catalogue no
 * longer knows its id, so a story never loses a topic to a catalogue change alone.
 */
export function liveStoryTopics(topics: readonly StoryTopic[], catalogue: (id: string) => StoryTopic | null, overrides: TopicOverrides): StoryTopic[] {
  const shown = new Map<string, StoryTopic>();
  for (const topic of topics) {
    const live = liveTopic(topic.id, (id) => catalogue(id) ?? (id === topic.id ? topic : null), overrides);
    if (live && !shown.has(live.id)) shown.set(live.id, live);
  }
  return [...shown.values()];
}

/**
 * The topics an ingest stores on a new story: merges followed (future stories are tagged with the topic merged
 * into), names as readers see them; a hidden topic is kept, so the stories are there if it is shown again
 * (readers do not see it while hidden: `liveStoryTopics`).
 */
export function taggedStoryTopics(topics: readonly StoryTopic[], catalogue: (id: string) => StoryTopic | null, overrides: TopicOverrides): StoryTopic[] {
  const tagged = new Map<string, StoryTopic>();
  for (const topic of topics) {
    const id = mergedTopicId(topic.id, overrides);
    const target = id === topic.id ? topic : catalogue(id);
    if (!target || tagged.has(id)) continue;
    tagged.set(id, { id, kind: target.kind, name: overrides.get(id)?.name ?? target.name });
  }
  return [...tagged.values()];
}

/**
 * Why merging `from` into `into` is refused, or null when it may go ahead: a topic into itself, into a hidden
 * topic (its readers would lose it), or into a topic that is merged (directly or down its chain) into `from`,
 * which would make a loop. Merging into a topic that is itself merged is allowed: readers end at the chain's end.
 */
export function mergeRefusal(from: string, into: string, overrides: TopicOverrides): string | null {
  if (from === into) return 'A topic cannot be merged into itself';
  const end = mergedTopicId(into, overrides);
  if (end === from) return `${into} is merged into ${from}: merging back would make a loop`;
  if (overrides.get(end)?.hidden) return `${end} is hidden: show it before merging into it`;
  return null;
}

/** The display name a console edit leaves: trimmed, null when it is the catalogue's own (the override is dropped). */
export function nameOverride(typed: string, catalogueName: string): string | null {
  const name = typed.trim().replace(/\s+/g, ' ');
  return !name || name === catalogueName ? null : name;
}

/** The console's list filters: every topic, or those a moderator changed one way. */
export const TOPIC_LIST_STATES = ['all', 'renamed', 'hidden', 'merged'] as const;
export type TopicListState = (typeof TOPIC_LIST_STATES)[number];

/**
 * Rows per console page: each row's story and follower counts are two Queries, so a page stays small (the whole
 * catalogue is several hundred topics).
 */
export const TOPIC_PAGE_SIZES = [25, 50] as const;

/** Whether a topic belongs in the console's list for this state and typed filter (id, catalogue name or shown name, any case). */
export function topicListed(topic: StoryTopic, override: TopicOverride | undefined, state: TopicListState, filter: string): boolean {
  if (state === 'renamed' && override?.name === undefined) return false;
  if (state === 'hidden' && !override?.hidden) return false;
  if (state === 'merged' && !override?.mergedInto) return false;
  const wanted = fold(filter.trim());
  return !wanted || [topic.id, topic.name, override?.name ?? ''].some((text) => fold(text).includes(wanted));
}
