import { CATEGORY_NAMES, CATEGORY_SLUGS, HIDDEN_FROM_PUBLIC } from '#domain/categories.ts';
import { COUNTER_SCOPES, readCounters } from '#store/counters.ts';
import { route } from '#shared/http.ts';

/** The public categories with the number of published articles in each, kept by the store's counters. */
export const listCategories = route({}, async () => {
  const counters = await readCounters(COUNTER_SCOPES.articles);
  return {
    items: CATEGORY_SLUGS.filter((slug) => !HIDDEN_FROM_PUBLIC.has(slug)).map((slug) => ({
      slug,
      name: CATEGORY_NAMES[slug],
      articleCount: counters[`published#${slug}`] ?? 0,
    })),
  };
});
