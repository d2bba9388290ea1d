import * as z from '#domain/common/validation.ts';
import { FEED_KINDS, FEED_MIN_RELEVANCE, FEED_PAGE_SIZE, FOLLOWED_SHARE_OF_PAGE, FOLLOWED_WINDOW_DAYS, marketOfRegions, TRENDING_MIN_RELEVANCE, TRENDING_MIN_VIEWS, withFollowedFirst } from '#domain/reader/feed.ts';
import { withoutMutedPublishers } from '#domain/reader/follows.ts';
import { MAX_PAGE_SIZE, type PublicArticle } from '#domain/reader/public-articles.ts';
import { publicArticleCards, publicArticleIndex } from '../../services/article-search.ts';
import { listRelations } from '#store/reader-relations.ts';
import { topRecommendations } from '#store/reading.ts';
import { followedCategories } from '#store/category-followers.ts';
import { listFollowTargets } from '#store/follows.ts';
import { getPreferences } from '#store/preferences.ts';
import { signedInCaller } from '#platform/auth.ts';
import { route } from '#platform/router.ts';
import { withLiveTopics } from '../../services/topic-catalogue.ts';

const query = z.object({ kind: z._default(z.enum(FEED_KINDS), 'for-you') });

/**
 * The signed-in reader's feed (reader spec sections 2 and 7). For You reads the reader's stored
 * recommendations; without any it falls back to their preferred categories and market, then to the latest.
 * Publishers the reader muted are left out of For You, whichever list it comes from, and the week's stories of the
 * topics and publishers they follow open it (docs/topics.md "Follows").
 * The reader is always the token's subject.
 */
export const personalFeed = route({ query }, async ({ query, caller }) => {
  const feed = await feedOf(query.kind, signedInCaller(caller).userId);
  // Topics as readers see them now (renamed, merged, hidden: services/topic-catalogue.ts).
  return { ...feed, items: await withLiveTopics(feed.items) };
});

async function feedOf(kind: (typeof FEED_KINDS)[number], userId: string) {
  const index = await publicArticleIndex();
  switch (kind) {
    case 'trending':
      return { kind, source: 'trending', items: index.query({ sort: 'trending', minRelevance: TRENDING_MIN_RELEVANCE, minViews: TRENDING_MIN_VIEWS, limit: FEED_PAGE_SIZE }).items };
    case 'latest':
      return { kind, source: 'latest', items: index.query({ sort: 'latest', minRelevance: FEED_MIN_RELEVANCE, limit: FEED_PAGE_SIZE }).items };
    case 'saved': {
      const bookmarks = await listRelations('bookmark', userId, { limit: 100 });
      // A bookmark may be of an archived article: the cards come from every tier.
      return { kind, source: 'bookmarks', items: await publicArticleCards(bookmarks.items.map((item) => item.articleId)) };
    }
    case 'for-you': {
      const [muted, topics, publishers] = await Promise.all([listFollowTargets(userId, 'muted-publisher'), listFollowTargets(userId, 'topic'), listFollowTargets(userId, 'publisher')]);
      // With mutes, more is read so that a page is still full once their stories are left out.
      const wanted = muted.size ? MAX_PAGE_SIZE : FEED_PAGE_SIZE;
      const kept = (items: readonly PublicArticle[]) => withoutMutedPublishers(items, muted).slice(0, FEED_PAGE_SIZE);
      const followed =
        topics.size || publishers.size
          ? kept(index.query({ sort: 'latest', followed: { topics, publishers }, withinDays: FOLLOWED_WINDOW_DAYS, limit: muted.size ? MAX_PAGE_SIZE : FOLLOWED_SHARE_OF_PAGE }).items).slice(0, FOLLOWED_SHARE_OF_PAGE)
          : [];
      const page = (source: 'recommendations' | 'preferences' | 'latest', items: readonly PublicArticle[]) => ({ kind, source, followed: followed.length, items: withFollowedFirst(followed, kept(items)) });
      const recommended = index.cards((await topRecommendations(userId, wanted)).map((item) => item.articleId));
      if (kept(recommended).length) return page('recommendations', recommended);
      const preferences = await getPreferences(userId);
      const categories = followedCategories(preferences.preferredCategories ?? []);
      const market = marketOfRegions(preferences.preferredRegions ?? []);
      if (categories.length) {
        const items = index.query({ sort: 'latest', categories, market, minRelevance: FEED_MIN_RELEVANCE, limit: wanted }).items;
        if (kept(items).length) return page('preferences', items);
      }
      return page('latest', index.query({ sort: 'latest', minRelevance: FEED_MIN_RELEVANCE, limit: wanted }).items);
    }
  }
}
