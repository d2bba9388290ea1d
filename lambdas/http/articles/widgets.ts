import { computeWidgets, TRENDING_TOPICS_ITEMS } from '#domain/reader/widgets.ts';
import { publicArticleCount, publicArticleIndex } from '../../services/article-search.ts';
import { route } from '#platform/router.ts';
import { mergedTrendingKeywords } from './tracking.ts';

/** Every side widget's figures, counted from the public articles and trending keywords at request time. */
export const widgetData = route({}, async () => {
  const [index, keywords, totalArticles] = await Promise.all([publicArticleIndex(), mergedTrendingKeywords(TRENDING_TOPICS_ITEMS), publicArticleCount()]);
  // The widgets read what is new (the recent tier); the site's article count is every tier's.
  return { ...computeWidgets(index.all(), keywords, (keyword) => index.query({ q: keyword, limit: 0 }).total), totalArticles };
});
