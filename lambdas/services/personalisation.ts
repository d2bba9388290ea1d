import { recommend, type Interaction, type RecommendableArticle } from '#domain/reader/recommend.ts';
import { getArticles } from '#store/article-lists.ts';
import { publicArticleIndex } from './article-search.ts';
import { listRelations } from '#store/reader-relations.ts';
import { recentReading, replaceRecommendations } from '#store/reading.ts';

/** How much of a reader's history teaches the model: their latest acts of each kind. */
const HISTORY_PER_KIND = 50;
/** The newest public articles are the candidates: For You is news, not the archive. */
const CANDIDATES = 3000;

/** What the reader liked, saved and read, as the recommender reads it. */
async function interactionsOf(userId: string): Promise<Interaction[]> {
  const [likes, bookmarks, reading] = await Promise.all([
    listRelations('like', userId, { limit: HISTORY_PER_KIND }),
    listRelations('bookmark', userId, { limit: HISTORY_PER_KIND }),
    recentReading(userId, HISTORY_PER_KIND),
  ]);
  const acts = [
    ...likes.items.map((item) => ({ articleId: item.articleId, kind: 'like' as const })),
    ...bookmarks.items.map((item) => ({ articleId: item.articleId, kind: 'bookmark' as const })),
    ...reading.map((item) => ({ articleId: item.articleId, kind: item.completed ? ('complete' as const) : ('read' as const) })),
  ];
  // The article may have left the public list since; what the reader did with it still says what they like.
  const articles = new Map((await getArticles([...new Set(acts.map((act) => act.articleId))])).map((article) => [article.id, article]));
  return acts.flatMap(({ articleId, kind }) => {
    const article = articles.get(articleId);
    if (!article) return [];
    const recommendable: RecommendableArticle = {
      id: article.id,
      title: article.title,
      summary: article.summary,
      tags: article.tags,
      category: article.category,
      publishedAt: article.originalPublishedAt ?? article.publishedAt ?? article.createdAt,
    };
    return [{ article: recommendable, kind }];
  });
}

/**
 * Recomputes a reader's For You list from their behaviour and stores it; returns how many of the
 * recommendations are new ("Generated {n} new recommendations").
 */
export async function refreshRecommendations(userId: string, now = new Date()): Promise<number> {
  const [interactions, index] = await Promise.all([interactionsOf(userId), publicArticleIndex()]);
  const candidates = index.all().slice(0, CANDIDATES);
  return replaceRecommendations(userId, recommend(interactions, candidates, now));
}
