import * as z from '#domain/common/validation.ts';
import { cardDetails, toPublicArticle } from '#domain/reader/public-articles.ts';
import { storedHtmlText } from '#domain/common/html-text.ts';
import { pickRelated, RECENT_CANDIDATES, SAME_CATEGORY_CANDIDATES } from '#domain/content/related.ts';
import { getPublicArticleItem } from '#store/article-tallies.ts';
import { publicArticleIndex } from '../../services/article-search.ts';
import { withLiveTopics } from '../../services/topic-catalogue.ts';
import { notFound } from '#core/errors.ts';
import { route } from '#platform/router.ts';

export const getPublicArticle = route({ params: z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) }) }, async ({ params }) => {
  const article = await getPublicArticleItem(params.id);
  if (!article) throw notFound('Article not found');
  const index = await publicArticleIndex();
  const sameCategory = index.query({ category: article.category, limit: SAME_CATEGORY_CANDIDATES + 1 }).items;
  const recent = index.query({ limit: RECENT_CANDIDATES }).items;
  // Topics as readers see them now (renamed, merged, hidden: services/topic-catalogue.ts).
  const card = (await withLiveTopics([toPublicArticle(article)]))[0]!;
  const content = article.content ?? '';
  // The card's longer summary and key points are plain text: the HTML is for the dialog (sanitised there).
  const text = storedHtmlText(content) || card.summary;
  return {
    ...card,
    content,
    ...cardDetails(text, card.summary, card.isFeatured),
    podcastMetadata: article.podcastMetadata ?? null,
    related: pickRelated(article, sameCategory, recent),
  };
});
