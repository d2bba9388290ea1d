import { Entity } from 'electrodb';
import type { TopicIndexEntry } from '#domain/reader/topic-stories.ts';
import { type Page, type PageOptions, queryPage } from './table/paging.ts';
import { keep, service, tableConfig } from './table/table.ts';

/**
 * A public story under one of its topics: a topic's page lists these newest first. Kept off the table stream
 * (streams/personalise.handler.ts): written when a story becomes public, removed when it stops being public
 * (unpublished, archived, purged, deleted).
 */
export const TopicStory = new Entity({
  model: { entity: 'topicStory', version: '1', service },
  attributes: {
    topicId: { type: 'string', required: true },
    /** When the story counts as published (domain/reader/public-articles.ts publishedAtOf): the list's order. */
    publishedAt: { type: 'string', required: true },
    articleId: { type: 'string', required: true },
  },
  indexes: {
    byTopic: {
      pk: { field: 'pk', composite: ['topicId'], casing: keep },
      sk: { field: 'sk', composite: ['publishedAt', 'articleId'], casing: keep },
    },
  },
}, tableConfig);

/** Writes and removes a story's entries (domain/reader/topic-stories.ts topicIndexChanges says which). */
export async function applyTopicIndexChanges(changes: { put: readonly TopicIndexEntry[]; remove: readonly TopicIndexEntry[] }): Promise<void> {
  // Removals first: an entry moved to another time is a removal and a put of different keys.
  const removed = changes.remove.length ? await TopicStory.delete([...changes.remove]).go({ concurrency: 4 }) : { unprocessed: [] };
  const written = changes.put.length ? await TopicStory.put([...changes.put]).go({ concurrency: 4 }) : { unprocessed: [] };
  // Thrown, so the stream batch is retried: both writes are idempotent.
  if (removed.unprocessed.length || written.unprocessed.length) throw new Error('Some topic index entries were not written (unprocessed batch items)');
}

/** A topic's stories, newest first, a page at a time (ids; the cards come from the search service). */
export function listTopicStories(topicId: string, options: PageOptions = {}): Promise<Page<{ articleId: string; publishedAt: string }>> {
  return queryPage(() => TopicStory.query.byTopic({ topicId }).go({ order: 'desc', limit: options.limit ?? 20, cursor: options.cursor ?? null }));
}

/** How many stories a topic lists (the console's figure): its partition read, keys only. */
export async function countTopicStories(topicId: string): Promise<number> {
  const { data } = await TopicStory.query.byTopic({ topicId }).go({ pages: 'all', attributes: ['articleId'] });
  return data.length;
}

/**
 * Lists one topic's stories under another too (a merge: the topic merged into shows the stories already told
 * under the merged one). Puts repeat harmlessly; an entry whose story stops being public later stays behind,
 * and the page leaves it out as it leaves out any story that is no longer public (services/topic-pages.ts).
 */
export async function copyTopicStories(fromTopicId: string, toTopicId: string): Promise<number> {
  const { data } = await TopicStory.query.byTopic({ topicId: fromTopicId }).go({ pages: 'all' });
  if (!data.length) return 0;
  const { unprocessed } = await TopicStory.put(data.map((entry) => ({ ...entry, topicId: toTopicId }))).go({ concurrency: 4 });
  if (unprocessed.length) throw new Error('Some topic index entries were not copied (unprocessed batch items)');
  return data.length;
}
