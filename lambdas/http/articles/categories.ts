import { CATEGORY_NAMES, PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { categoryStats } from '#domain/reader/widgets.ts';
import { publicArticleIndex } from '../../services/article-search.ts';
import { MARKET_FOCUSES } from '#domain/reader/public-articles.ts';
import { route } from '#platform/router.ts';
import * as z from '#domain/common/validation.ts';

/**
 * The public categories, each with what its page's hero shows: how many articles the list holds, their
 * views, this week's change and the most used tags, all counted from the public list itself.
 */
export const listCategories = route({ query: z.object({ market: z._default(z.enum(MARKET_FOCUSES), 'all') }) }, async ({ query }) => {
  const index = await publicArticleIndex();
  // Counted with the same market focus as the page's grid, so the Articles tile and the list agree.
  const listed = index.query({ limit: Number.MAX_SAFE_INTEGER, market: query.market }).items;
  return {
    items: PUBLIC_CATEGORY_SLUGS.map((slug) => ({
      slug,
      name: CATEGORY_NAMES[slug],
      ...categoryStats(listed.filter((article) => article.category === slug)),
    })),
  };
});
