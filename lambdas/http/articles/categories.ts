import { CATEGORY_NAMES, CATEGORY_SLUGS, HIDDEN_FROM_PUBLIC } from '#domain/categories.ts';
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
    items: CATEGORY_SLUGS.filter((slug) => !HIDDEN_FROM_PUBLIC.has(slug)).map((slug) => ({
      slug,
      name: CATEGORY_NAMES[slug],
      ...categoryStats(listed.filter((article) => article.category === slug)),
    })),
  };
});
