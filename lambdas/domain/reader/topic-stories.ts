/**
 * A topic's stories (docs/topics.md): which index entries an article's change adds and removes, and what a
 * reader who follows a topic, a story, a publisher or a keyword is told when a story about it is published.
 */
import type { StoryTopic } from '../topics/topic-links.ts';
import { isPublicArticle, publishedAtOf, type ArticleFields } from './public-articles.ts';
import { storyPath } from './site-pages.ts';

/** One story under one topic (store/topic-stories.ts TopicStory). */
export interface TopicIndexEntry {
  topicId: string;
  publishedAt: string;
  articleId: string;
}

/** An article as the table stream shows it: the fields the index reads. */
export type IndexedFields = Pick<ArticleFields, 'id' | 'status' | 'isDuplicate' | 'relevanceScore' | 'category' | 'originalPublishedAt' | 'publishedAt' | 'createdAt'> & {
  topics?: ReadonlyArray<Pick<StoryTopic, 'id'>> | undefined;
};

const entriesOf = (article: IndexedFields | undefined): TopicIndexEntry[] =>
  article && isPublicArticle(article) ? (article.topics ?? []).map((topic) => ({ topicId: topic.id, publishedAt: publishedAtOf(article), articleId: article.id })) : [];

const keyOf = (entry: TopicIndexEntry) => `${entry.topicId}\u0000${entry.publishedAt}\u0000${entry.articleId}`;

/**
 * What a change of an article does to the topic index: a story is listed under its topics while it is public
 * (published, not a later report of another story, relevant enough), so becoming public puts its entries and
 * leaving (unpublished, archived, purged, deleted) removes them. Entries both before and after are left alone.
 */
export function topicIndexChanges(before: IndexedFields | undefined, after: IndexedFields | undefined): { put: TopicIndexEntry[]; remove: TopicIndexEntry[] } {
  const was = entriesOf(before);
  const now = entriesOf(after);
  const wasKeys = new Set(was.map(keyOf));
  const nowKeys = new Set(now.map(keyOf));
  return { put: now.filter((entry) => !wasKeys.has(keyOf(entry))), remove: was.filter((entry) => !nowKeys.has(keyOf(entry))) };
}

/** A newly published story as the follow notifications read it. */
export interface PublishedStory {
  id: string;
  title: string;
  /** Matched, with the title, against keyword alerts. */
  summary: string;
  sourceName: string;
  /** The feed it came from (article.feedId, named as the card names it); null for an editor's own story. */
  publisher: { id: string; name: string } | null;
  /** Set on a later report of an earlier story (domain/content/story-cluster.ts): the first report's id. */
  clusterId?: string | undefined;
  topics: readonly StoryTopic[];
}

/**
 * Whether a newly published article is news for followers: a public story, or a later report of one (kept off
 * the lists as a duplicate of the first, but new coverage of the story all the same).
 */
export function isNewsForFollowers(article: Pick<ArticleFields, 'status' | 'isDuplicate' | 'relevanceScore' | 'category'>): boolean {
  return isPublicArticle({ ...article, isDuplicate: false });
}

/**
 * What a reader follows that a story touches: the story it joined, or its topics (in the story's order), its
 * publisher, and the reader's keyword alerts its headline or summary names (as the reader wrote them).
 */
export interface FollowMatch {
  story?: { id: string; title: string } | undefined;
  topics: ReadonlyArray<Pick<StoryTopic, 'id' | 'name'>>;
  publisher?: { id: string; name: string } | undefined;
  keywords?: readonly string[] | undefined;
}

/** The text keyword alerts are matched in: headline and summary, kept apart so no phrase spans the two. */
export const alertText = (story: Pick<PublishedStory, 'title' | 'summary'>): string => `${story.title} | ${story.summary}`;

const quotedList = (words: readonly string[]): string => {
  const quoted = words.map((word) => `"${word}"`);
  return quoted.length === 1 ? quoted[0]! : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
};

/**
 * The one notification a reader gets for a story (never two for one story), saying why: news of a followed
 * story (new coverage by another publisher) says most; then a keyword alert the reader set ("Matches your alert
 * "SEBI""), then a followed publisher ("New from Social Samosa"), then followed topics ("New on ASCI"). A later
 * report of a story is news only for the story's followers: for its topics, publisher and keywords it is not a
 * new story (they heard of the first report, and the later one is not listed on its own).
 */
export function followNotification(story: PublishedStory, match: FollowMatch) {
  if (story.clusterId && story.clusterId !== story.id) {
    if (!match.story) return null;
    return {
      title: `New coverage: ${match.story.title}`,
      message: `${story.sourceName}: ${story.title}`,
      type: 'info',
      kind: 'stories',
      actionUrl: storyPath(match.story),
    } as const;
  }
  if (match.keywords?.length) {
    return {
      title: `Matches your alert${match.keywords.length === 1 ? '' : 's'} ${quotedList(match.keywords)}`,
      message: story.title,
      type: 'info',
      kind: 'keywords',
      actionUrl: storyPath(story),
    } as const;
  }
  if (match.publisher) return { title: `New from ${match.publisher.name}`, message: story.title, type: 'info', kind: 'publishers', actionUrl: storyPath(story) } as const;
  const [first, ...others] = match.topics;
  if (!first) return null;
  return {
    title: others.length ? `New on ${first.name} and ${others.length === 1 ? others[0]!.name : `${others.length} more topics`}` : `New on ${first.name}`,
    message: story.title,
    type: 'info',
    kind: 'topics',
    actionUrl: storyPath(story),
  } as const;
}

/** The key a follow notification is made once under: one per reader and story, whatever they follow of it. */
export const followNotificationKey = (articleId: string, userId: string): string => `follow:${articleId}:${userId}`;
