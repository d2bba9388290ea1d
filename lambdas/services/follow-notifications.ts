/**
 * What followers of topics, stories, publishers and keywords are told when a story is published (docs/topics.md
 * "Notifications"): called by the table stream's personalise consumer, never inside a reader's request.
 */
import { matchingKeywords } from '#domain/reader/keyword-alerts.ts';
import { alertText, followNotification, followNotificationKey, type FollowMatch, type PublishedStory } from '#domain/reader/topic-stories.ts';
import { getArticle } from '#store/articles.ts';
import { followersOf } from '#store/follows.ts';
import { alertedKeywords, keywordFollowersOf } from '#store/keyword-alerts.ts';
import { createNotificationOnce } from '#store/notifications.ts';

/**
 * Tells each reader who follows a newly published story's topics, publisher or the story it joined, or whose
 * keyword alert its headline or summary names, once per story (the key: a retried stream batch or a story
 * published again makes nothing twice). Keywords are found from the short list of keywords anyone alerts on
 * (store/keyword-alerts.ts KeywordAlert), then the readers of just those: no reader's alerts are scanned. Readers who
 * muted the story's publisher are told nothing of it. Returns how many were made.
 */
export async function tellFollowersOfStory(story: PublishedStory, publishedAt: Date): Promise<number> {
  const joined = story.clusterId && story.clusterId !== story.id ? story.clusterId : null;
  const readers = new Map<string, { story?: { id: string; title: string }; topics: Array<{ id: string; name: string }>; publisher?: { id: string; name: string }; keywords: string[] }>();
  const matchOf = (userId: string) => {
    const match = readers.get(userId) ?? { topics: [], keywords: [] };
    readers.set(userId, match);
    return match;
  };
  if (joined) {
    const lead = await getArticle(joined);
    for (const userId of await followersOf('story', joined)) matchOf(userId).story = { id: joined, title: lead?.title ?? story.title };
  } else {
    for (const topic of story.topics) for (const userId of await followersOf('topic', topic.id)) matchOf(userId).topics.push(topic);
    if (story.publisher) for (const userId of await followersOf('publisher', story.publisher.id)) matchOf(userId).publisher = story.publisher;
    for (const keyword of matchingKeywords(alertText(story), await alertedKeywords())) {
      for (const { userId, label } of await keywordFollowersOf(keyword)) matchOf(userId).keywords.push(label);
    }
  }
  const muted = new Set(story.publisher ? await followersOf('muted-publisher', story.publisher.id) : []);
  let made = 0;
  for (const [userId, match] of readers) {
    if (muted.has(userId)) continue;
    const notification = followNotification(story, match satisfies FollowMatch);
    if (notification && (await createNotificationOnce({ userId, ...notification }, followNotificationKey(story.id, userId), publishedAt))) made += 1;
  }
  return made;
}
