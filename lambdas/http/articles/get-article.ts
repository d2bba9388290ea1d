import { z } from 'zod';
import { PUBLIC_MIN_RELEVANCE } from '#domain/article-status.ts';
import { HIDDEN_FROM_PUBLIC, isCategorySlug } from '#domain/categories.ts';
import { pickRelated, RECENT_CANDIDATES, SAME_CATEGORY_CANDIDATES } from '#domain/related.ts';
import { getArticle, listPublicArticles, type ArticleItem } from '#store/articles.ts';
import { notFound } from '#shared/errors.ts';
import { route } from '#shared/http.ts';
import { toPublicArticle } from './list-articles.ts';

/** The public rules hold for a single article too: an id of a draft, a rejected or a hidden article is not found. */
function isPublic(article: ArticleItem | null): article is ArticleItem {
  return Boolean(
    article &&
      article.status === 'published' &&
      !article.isDuplicate &&
      (article.relevanceScore ?? 0) >= PUBLIC_MIN_RELEVANCE &&
      isCategorySlug(article.category) &&
      !HIDDEN_FROM_PUBLIC.has(article.category),
  );
}

/** The article if the public may see it, else null. */
export async function getPublicArticleItem(id: string): Promise<ArticleItem | null> {
  const article = await getArticle(id);
  return isPublic(article) ? article : null;
}

export const getPublicArticle = route({ params: z.object({ id: z.string().min(1).max(100) }) }, async ({ params }) => {
  const article = await getPublicArticleItem(params.id);
  if (!article) throw notFound('Article not found');
  const [sameCategory, recent] = await Promise.all([
    listPublicArticles({ category: article.category, limit: SAME_CATEGORY_CANDIDATES + 1 }),
    listPublicArticles({ limit: RECENT_CANDIDATES }),
  ]);
  return {
    ...toPublicArticle(article),
    content: article.content ?? '',
    readTimeMinutes: article.readTimeMinutes ?? null,
    podcastMetadata: article.podcastMetadata ?? null,
    related: pickRelated(article, sameCategory.items, recent.items).map(toPublicArticle),
  };
});
