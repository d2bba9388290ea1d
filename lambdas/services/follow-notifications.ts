/**
 * What followers of topics and stories are told when a story is published (docs/topics.md "Notifications"):
 * called by the table stream's personalise consumer, never inside a reader's request.
 */
import { followNotification, followNotificationKey, type PublishedStory } from '#domain/reader/topic-stories.ts';
import { getArticle } from '#store/articles.ts';
import { followersOf } from '#store/follows.ts';
import { createNotificationOnce } from '#store/notifications.ts';

/**
 * Tells each reader who follows a newly published story's topics, or the story it joined, once per story
 * (the key: a retried stream batch or a story published again makes nothing twice). Returns how many were made.
 */
export async function tellFollowersOfStory(story: PublishedStory, publishedAt: Date): Promise<number> {
  const joined = story.clusterId && story.clusterId !== story.id ? story.clusterId : null;
  const readers = new Map<string, { story?: { id: string; title: string }; topics: Array<{ id: string; name: string }> }>();
  const matchOf = (userId: string) => {
    const match = readers.get(userId) ?? { topics: [] };
    readers.set(userId, match);
    return match;
  };
  if (joined) {
    const lead = await getArticle(joined);
    for (const userId of await followersOf('story', joined)) matchOf(userId).story = { id: joined, title: lead?.title ?? story.title };
  } else {
    for (const topic of story.topics) for (const userId of await followersOf('topic', topic.id)) matchOf(userId).topics.push(topic);
  }
  let made = 0;
  for (const [userId, match] of readers) {
    const notification = followNotification(story, match);
    if (notification && (await createNotificationOnce({ userId, ...notification }, followNotificationKey(story.id, userId), publishedAt))) made += 1;
  }
  return made;
}
