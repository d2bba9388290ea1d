import { CATEGORY_NAMES, PUBLIC_CATEGORY_SLUGS } from '#domain/categories.ts';
import { categoryStats } from '#domain/widgets.ts';
import { publicArticleIndex } from '#store/article-search.ts';
import { route } from '#shared/http.ts';

/**
 * The public categories, each with what its page's hero shows: how many articles the list holds, their
 * views, this week's change and the most used tags, all counted from the public list itself.
 */
export const listCategories = route({}, async () => {
  const index = await publicArticleIndex();
  const listed = index.query({ limit: Number.MAX_SAFE_INTEGER }).items;
  return {
    items: PUBLIC_CATEGORY_SLUGS.map((slug) => ({
      slug,
      name: CATEGORY_NAMES[slug],
      ...categoryStats(listed.filter((article) => article.category === slug)),
    })),
  };
});
