/**
 * A signed-in reader following topics, stories, publishers and keywords, and muting publishers (docs/topics.md
 * "Follows"). The /me handlers validate, take the reader from the token and answer.
 */
import { MAX_FOLLOWS, MAX_KEYWORD_ALERTS, type FollowKind } from '#domain/reader/follows.ts';
import { keywordId, keywordProblem, normaliseKeyword } from '#domain/reader/keyword-alerts.ts';
import { getArticle } from '#store/articles.ts';
import { getPublicArticleItem } from '#store/article-tallies.ts';
import { getFeedSource } from '#store/feeds.ts';
import { addFollow, isFollowing, listFollows, removeFollow } from '#store/follows.ts';
import { addKeywordFollow, removeKeywordFollow } from '#store/keyword-alerts.ts';
import { visibleText } from '#domain/common/text.ts';
import { badRequest, HttpError, notFound } from '#core/errors.ts';
import { catalogueTopic, seedTopic } from './topic-catalogue.ts';

const TOPIC_NOT_FOUND = 'Topic not found';
const STORY_NOT_FOUND = 'Story not found';
const PUBLISHER_NOT_FOUND = 'Publisher not found';

async function withinLimit(userId: string, kind: FollowKind, targetId: string): Promise<void> {
  if (await isFollowing(userId, kind, targetId)) return;
  const follows = await listFollows(userId);
  if (follows.length >= MAX_FOLLOWS) throw new HttpError(409, `You follow ${MAX_FOLLOWS} topics, stories, publishers and keywords, the most there can be: unfollow some first`);
  if (kind === 'keyword' && follows.filter((follow) => follow.kind === 'keyword').length >= MAX_KEYWORD_ALERTS) {
    throw new HttpError(409, `You have ${MAX_KEYWORD_ALERTS} keyword alerts, the most there can be: remove one first`);
  }
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

/** A publisher readers can follow or mute: a feed source the site has (a deleted feed is one no longer). */
async function publisherOf(publisherId: string): Promise<{ id: string; name: string }> {
  const feed = await getFeedSource(publisherId);
  if (!feed || feed.removedAt) throw notFound(PUBLISHER_NOT_FOUND);
  return { id: feed.id, name: feed.name };
}

/** Following a publisher takes back its mute: the two cannot both hold. */
export async function followPublisher(userId: string, publisherId: string) {
  const publisher = await publisherOf(publisherId);
  await withinLimit(userId, 'publisher', publisher.id);
  await addFollow(userId, 'publisher', publisher.id, publisher.name);
  await removeFollow(userId, 'muted-publisher', publisher.id);
  return { publisher, following: true, muted: false };
}

/** A publisher whose feed has gone since can still be unfollowed (and unmuted) by the id followed. */
export async function unfollowPublisher(userId: string, publisherId: string) {
  await removeFollow(userId, 'publisher', publisherId);
  return { publisher: { id: publisherId }, following: false };
}

/** Muting a publisher unfollows it: its stories leave For You and make no notification (domain/reader/follows.ts withoutMutedPublishers). */
export async function mutePublisher(userId: string, publisherId: string) {
  const publisher = await publisherOf(publisherId);
  await withinLimit(userId, 'muted-publisher', publisher.id);
  await addFollow(userId, 'muted-publisher', publisher.id, publisher.name);
  await removeFollow(userId, 'publisher', publisher.id);
  return { publisher, following: false, muted: true };
}

export async function unmutePublisher(userId: string, publisherId: string) {
  await removeFollow(userId, 'muted-publisher', publisherId);
  return { publisher: { id: publisherId }, muted: false };
}

/** The keyword as stored (normalised) and as the reader wrote it, or a 400 saying what is wrong with it. */
function alertKeyword(text: string): { keyword: string; label: string } {
  const keyword = normaliseKeyword(text);
  const problem = keywordProblem(keyword);
  if (problem) throw badRequest(problem);
  return { keyword, label: visibleText(text).replace(/[’‘`]/gu, "'").replace(/\s+/gu, ' ') };
}

/** Adds a keyword alert ("SEBI" matches "Sebi" and "sebi"); adding it again, in any spelling, changes nothing. */
export async function addKeywordAlert(userId: string, text: string) {
  const { keyword, label } = alertKeyword(text);
  await withinLimit(userId, 'keyword', keyword);
  await addKeywordFollow(userId, keyword, label);
  return { keyword: { id: keywordId(keyword), keyword: label }, following: true };
}

export async function removeKeywordAlert(userId: string, keyword: string) {
  const removed = await removeKeywordFollow(userId, keyword);
  if (!removed) throw notFound('You have no alert on this keyword');
  return { keyword: { id: keywordId(keyword) }, following: false };
}

/** What the reader follows and mutes, most recently followed first. */
export async function myFollows(userId: string) {
  const follows = (await listFollows(userId)).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const named = (kind: FollowKind) => follows.filter((follow) => follow.kind === kind).map((follow) => ({ id: follow.targetId, name: follow.label }));
  const topics = await Promise.all(follows.filter((follow) => follow.kind === 'topic').map(async (follow) => (await catalogueTopic(follow.targetId)) ?? { id: follow.targetId, kind: null, name: follow.label }));
  return {
    topics,
    stories: follows.filter((follow) => follow.kind === 'story').map((follow) => ({ id: follow.targetId, title: follow.label })),
    publishers: named('publisher'),
    keywords: follows.filter((follow) => follow.kind === 'keyword').map((follow) => ({ id: keywordId(follow.targetId), keyword: follow.label })),
    mutedPublishers: named('muted-publisher'),
  };
}

