import { listTopicStories } from '#store/topic-stories.ts';
import type { PageOptions } from '#store/table/paging.ts';
import { notFound } from '#core/errors.ts';
import { publicArticleCards } from './article-search.ts';
import { catalogueTopic, withLiveTopics } from './topic-catalogue.ts';

/**
 * A topic's page: the topic and its public stories newest first, a page at a time. The index lists a story
 * while it is public; its card is read as the public lists read it, so a story that stopped being public a
 * moment ago (the index is kept off the stream) is left out rather than shown. A hidden topic's page is not
 * found; a merged topic's page answers with the topic it was merged into (the site then shows that one's address).
 */
export async function topicPage(topicId: string, options: PageOptions) {
  const topic = await catalogueTopic(topicId);
  if (!topic) throw notFound('Topic not found');
  const page = await listTopicStories(topic.id, options);
  const items = await withLiveTopics(await publicArticleCards(page.items.map((item) => item.articleId)));
  return { topic, items, cursor: page.cursor };
}
