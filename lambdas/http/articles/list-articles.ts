import { z } from 'zod';
import { CATEGORY_SLUGS, normaliseCategory } from '#domain/categories.ts';
import { listPublicArticles, type ArticleItem } from '#store/articles.ts';
import { cursorParam, limitParam, route } from '#shared/http.ts';

/** What a reader's card needs; scoring internals and hashes stay on the server. */
export function toPublicArticle(article: ArticleItem) {
  return {
    id: article.id,
    title: article.title,
    summary: article.summary,
    category: article.category,
    tags: article.tags ?? [],
    sourceUrl: article.sourceUrl,
    sourceName: article.sourceName,
    author: article.author ?? null,
    imageUrl: article.imageUrl ?? null,
    contentType: article.contentType,
    publishedAt: article.originalPublishedAt ?? article.publishedAt ?? article.createdAt,
    viewsCount: article.viewsCount ?? 0,
    isFeatured: article.isFeatured ?? false,
    relevanceScore: article.relevanceScore,
    qualityScore: article.qualityScore ?? null,
  };
}

export type PublicArticle = ReturnType<typeof toPublicArticle>;

const query = z.object({
  // Legacy slugs (campaigns, trends...) are still linked from old pages: map them, refuse unknown words.
  category: z
    .string()
    .transform((value) => normaliseCategory(value))
    .pipe(z.enum(CATEGORY_SLUGS))
    .optional(),
  limit: limitParam(100, 20),
  cursor: cursorParam,
});

export const listArticles = route({ query }, async ({ query }) => {
  const page = await listPublicArticles({ category: query.category, limit: query.limit, cursor: query.cursor });
  return { items: page.items.map(toPublicArticle), cursor: page.cursor };
});
