import * as z from '#domain/common/validation.ts';
import { PERFORMANCE_RANGES } from '#domain/reader/feed.ts';
import { publicArticleIndex } from '../../services/article-search.ts';
import { sharesSince } from '#store/engagement.ts';
import { route } from '#platform/router.ts';

const query = z.object({ range: z._default(z.enum(Object.keys(PERFORMANCE_RANGES) as [keyof typeof PERFORMANCE_RANGES]), '7d') });

/** Content performance (reader spec section 7): what was published in the range and how it was read. */
export const contentPerformance = route({ query }, async ({ query }) => {
  const since = new Date(Date.now() - PERFORMANCE_RANGES[query.range] * 86_400_000);
  const [index, shares] = await Promise.all([publicArticleIndex(), sharesSince(since)]);
  const published = index.all().filter((article) => Date.parse(article.publishedAt) >= since.getTime());
  const views = published.reduce((sum, article) => sum + article.viewsCount, 0);
  const top = [...published].sort((a, b) => b.viewsCount - a.viewsCount)[0];
  return {
    range: query.range,
    published: published.length,
    views,
    shares: shares.length,
    averageViews: published.length ? Math.round((views / published.length) * 10) / 10 : 0,
    top: top && top.viewsCount > 0 ? { id: top.id, title: top.title, viewsCount: top.viewsCount } : null,
  };
});
