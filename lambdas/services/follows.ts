/**
 * A signed-in reader following topics and stories (docs/topics.md "Follows"). The /me handlers validate, take
 * the reader from the token and answer.
 */
import { MAX_FOLLOWS, type FollowKind } from '#domain/reader/follows.ts';
import { getArticle } from '#store/articles.ts';
import { getPublicArticleItem } from '#store/article-tallies.ts';
import { addFollow, isFollowing, listFollows, removeFollow } from '#store/follows.ts';
import { HttpError, notFound } from '#core/errors.ts';
import { catalogueTopic, seedTopic } from './topic-catalogue.ts';

const TOPIC_NOT_FOUND = 'Topic not found';
const STORY_NOT_FOUND = 'Story not found';

async function withinLimit(userId: string, kind: FollowKind, targetId: string): Promise<void> {
  if (await isFollowing(userId, kind, targetId)) return;
  if ((await listFollows(userId)).length >= MAX_FOLLOWS) throw new HttpError(409, `You follow ${MAX_FOLLOWS} topics and stories, the most there can be: unfollow some first`);
}

/** Following a merged topic follows the topic it was merged into; a hidden topic cannot be followed (404). */
export async function followTopic(userId: string, topicId: string) {
  const topic = await catalogueTopic(topicId);
  if (!topic) throw notFound(TOPIC_NOT_FOUND);
  await withinLimit(userId, 'topic', topic.id);
  await addFollow(userId, 'topic', topic.id, topic.name);
  return { topic, following: true };
}

/**
 * Unfollows the topic readers see for this id and the id itself: a merged topic followed before its merge, or a
 * hidden one, can still be unfollowed by the id followed.
 */
export async function unfollowTopic(userId: string, topicId: string) {
  const topic = await catalogueTopic(topicId);
  const removed = await removeFollow(userId, 'topic', topicId);
  if (topic && topic.id !== topicId) await removeFollow(userId, 'topic', topic.id);
  if (!topic && !removed) throw notFound(TOPIC_NOT_FOUND);
  return { topic: topic ?? seedTopic(topicId) ?? { id: topicId, kind: null, name: topicId }, following: false };
}

/**
 * The story an article belongs to: the article itself, or the first report it joined (domain/content/story-cluster.ts),
 * if the public may see it.
 */
async function storyOf(articleId: string) {
  const article = await getArticle(articleId);
  if (!article || article.status !== 'published') return null;
  return getPublicArticleItem(article.clusterId ?? article.id);
}

export async function followStory(userId: string, articleId: string) {
  const story = await storyOf(articleId);
  if (!story) throw notFound(STORY_NOT_FOUND);
  await withinLimit(userId, 'story', story.id);
  await addFollow(userId, 'story', story.id, story.title);
  return { story: { id: story.id, title: story.title }, following: true };
}

/** Unfollows the article's story; a story that has gone since can still be unfollowed by the id followed. */
export async function unfollowStory(userId: string, articleId: string) {
  const article = await getArticle(articleId);
  const storyId = article?.clusterId ?? articleId;
  const removed = await removeFollow(userId, 'story', storyId);
  if (!article && !removed) throw notFound(STORY_NOT_FOUND);
  return { story: { id: storyId }, following: false };
}

/** What the reader follows, most recently followed first. */
export async function myFollows(userId: string) {
  const follows = (await listFollows(userId)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const topics = await Promise.all(follows.filter((follow) => follow.kind === 'topic').map(async (follow) => (await catalogueTopic(follow.targetId)) ?? { id: follow.targetId, kind: null, name: follow.label }));
  return {
    topics,
    stories: follows.filter((follow) => follow.kind === 'story').map((follow) => ({ id: follow.targetId, title: follow.label })),
  };
}
