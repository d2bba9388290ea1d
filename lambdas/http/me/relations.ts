import * as z from '#domain/common/validation.ts';
import { publicArticleCards } from '../../services/article-search.ts';
import { addReaderRelation, removeReaderRelation } from '../../services/reader-activity.ts';
import { withLiveTopics } from '../../services/topic-catalogue.ts';
import { allRelationIds, listRelations } from '#store/reader-relations.ts';
import { route } from '#platform/router.ts';
import { reader } from './caller.ts';

const params = z.object({ articleId: z.string().check(z.minLength(1), z.maxLength(100)) });
/** Reader spec section 9: the bookmarks page fetches 100. */
const BOOKMARKS_PAGE = 100;

/** Which articles the reader saved and liked (cards show Saved and Liked). */
export const myRelations = route({}, async ({ caller }) => {
  const { userId } = reader(caller);
  const [bookmarks, likes] = await Promise.all([allRelationIds('bookmark', userId), allRelationIds('like', userId)]);
  return { bookmarks, likes };
});

/** The bookmarks page: the saved articles' cards, newest bookmark first, with when each was saved. */
export const myBookmarks = route({}, async ({ caller }) => {
  const { userId } = reader(caller);
  const page = await listRelations('bookmark', userId, { limit: BOOKMARKS_PAGE });
  const savedAt = new Map(page.items.map((item) => [item.articleId, item.createdAt]));
  // A bookmark may be of an archived article: the cards come from every tier.
  const cards = await withLiveTopics(await publicArticleCards(page.items.map((item) => item.articleId)));
  return { items: cards.map((card) => ({ ...card, bookmarkedAt: savedAt.get(card.id) })) };
});

function relationRoutes(kind: 'bookmark' | 'like') {
  const field = kind === 'bookmark' ? 'saved' : 'liked';
  return {
    add: route({ params }, async ({ caller, params }) => {
      // Only what a reader can see can be saved or liked.
      await addReaderRelation(kind, reader(caller).userId, params.articleId);
      return { articleId: params.articleId, [field]: true };
    }),
    remove: route({ params }, async ({ caller, params }) => {
      await removeReaderRelation(kind, reader(caller).userId, params.articleId);
      return { articleId: params.articleId, [field]: false };
    }),
  };
}

export const bookmarks = relationRoutes('bookmark');
export const likes = relationRoutes('like');
