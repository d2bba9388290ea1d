/**
 * Which topics a reader's search names (docs/topics.md "Topics in search"): the search offers their pages beside
 * the results. A query is not a headline: readers type lowercase, and a few words carry no context, so the
 * tagger's case and context rules (tagger.ts) do not fit; a name or alias matches as whole words in any case,
 * and an alias the seed list marks ambiguous ("Meta", "Snap", "IG") only when it is the whole query.
 */
import { fold, tokenize, type SeedEntity } from './catalogue.ts';
import type { StoryTopic } from './topic-links.ts';

/** At most this many topics offered for one search: the row stays one line on a phone. */
export const MAX_SEARCH_TOPICS = 3;

interface NamedForm {
  topic: StoryTopic;
  keys: string[];
  ambiguous: boolean;
}

/** Every name and alias as folded word keys, indexed by the first word. */
export interface TopicNames {
  byFirstKey: ReadonlyMap<string, readonly NamedForm[]>;
}

const keysOf = (text: string) => tokenize(text).map((token) => token.key);

export function compileTopicNames(entries: readonly SeedEntity[]): TopicNames {
  const byFirstKey = new Map<string, NamedForm[]>();
  for (const entry of entries) {
    const topic = { id: entry.id, kind: entry.kind, name: entry.name };
    const ambiguous = new Set((entry.ambiguousAliases ?? []).map(fold));
    const forms = new Map<string, NamedForm>();
    for (const surface of [entry.name, ...entry.aliases]) {
      const keys = keysOf(surface);
      const joined = keys.join(' ');
      if (keys.length && !forms.has(joined)) forms.set(joined, { topic, keys, ambiguous: ambiguous.has(fold(surface)) });
    }
    for (const form of forms.values()) {
      const first = form.keys[0] as string;
      byFirstKey.set(first, [...(byFirstKey.get(first) ?? []), form]);
    }
  }
  return { byFirstKey };
}

/**
 * The topics the query names, in the order named, each once; at a word, the longest name wins ("YouTube Shorts"
 * before "YouTube").
 */
export function topicsNamedIn(query: string, names: TopicNames): StoryTopic[] {
  const keys = keysOf(query);
  const found = new Map<string, StoryTopic>();
  for (let at = 0; at < keys.length && found.size < MAX_SEARCH_TOPICS; ) {
    const candidates = (names.byFirstKey.get(keys[at] as string) ?? [])
      .filter((form) => form.keys.every((key, offset) => keys[at + offset] === key))
      .filter((form) => !form.ambiguous || form.keys.length === keys.length)
      .sort((a, b) => b.keys.length - a.keys.length);
    const longest = candidates[0];
    if (!longest) {
      at += 1;
      continue;
    }
    if (!found.has(longest.topic.id)) found.set(longest.topic.id, longest.topic);
    at += longest.keys.length;
  }
  return [...found.values()];
}
