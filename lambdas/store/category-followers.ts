import { Entity } from 'electrodb';
import { CATEGORY_SLUGS, type CategorySlug, PUBLIC_CATEGORY_SLUGS } from '#domain/content/categories.ts';
import { keep, service, tableConfig, timestamps } from './table/table.ts';

/** A reader following a category (from their preferences): who hears of new articles in it. */
export const CategoryFollower = new Entity({
  model: { entity: 'categoryFollower', version: '1', service },
  attributes: {
    category: { type: CATEGORY_SLUGS, required: true },
    userId: { type: 'string', required: true },
    createdAt: timestamps.createdAt,
  },
  indexes: {
    byCategory: {
      pk: { field: 'pk', composite: ['category'], casing: keep },
      sk: { field: 'sk', composite: ['userId'], casing: keep },
    },
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'], casing: keep },
      sk: { field: 'gsi1sk', composite: ['category'], casing: keep },
    },
  },
}, tableConfig);

/** The categories a reader follows explicitly ("all" follows none in particular). */
export function followedCategories(preferredCategories: readonly string[]): CategorySlug[] {
  if (preferredCategories.includes('all')) return [];
  return PUBLIC_CATEGORY_SLUGS.filter((slug) => preferredCategories.includes(slug));
}

/** Readers following a category, page by page. */
export async function followersOf(category: CategorySlug): Promise<string[]> {
  const { data } = await CategoryFollower.query.byCategory({ category }).go({ pages: 'all' });
  return data.map((item) => item.userId);
}
