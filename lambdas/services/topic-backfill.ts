/**
 * The one-off topics backfill (docs/topics.md): stories stored before tagging get their topics, as the ingest
 * would tag them now (moderators' merges and hides applied), and the public ones join their topics' lists.
 * Safe to run again: it touches only articles still without a `topics` attribute.
 */
import { topicIndexChanges } from '#domain/reader/topic-stories.ts';
import { seedCatalogueTopic, storyTopics } from '#domain/topics/story-topics.ts';
import { taggedStoryTopics } from '#domain/topics/topic-overrides.ts';
import { setTopicsIfUntagged, untaggedArticles } from '#store/article-edits.ts';
import { applyTopicIndexChanges } from '#store/topic-stories.ts';
import { topicOverrides } from './topic-overrides.ts';

export interface TopicBackfill {
  /** Articles given their topics (an empty list when they name none). */
  tagged: number;
  /** Of those, public stories now in their topics' lists. */
  listed: number;
}

export async function backfillStoryTopics(onProgress: (done: TopicBackfill) => void = () => undefined): Promise<TopicBackfill> {
  const overrides = await topicOverrides();
  const done: TopicBackfill = { tagged: 0, listed: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await untaggedArticles(start);
    start = page.next;
    for (const article of page.articles) {
      const topics = taggedStoryTopics(storyTopics(article.title, article.summary), seedCatalogueTopic, overrides);
      if (!(await setTopicsIfUntagged(article, topics))) continue;
      done.tagged += 1;
      const changes = topicIndexChanges(article, { ...article, topics });
      if (changes.put.length) {
        await applyTopicIndexChanges(changes);
        done.listed += 1;
      }
    }
    onProgress(done);
  } while (start);
  return done;
}
