import * as z from '#domain/common/validation.ts';
import { CATEGORY_PAGE_SIZE, MAX_PAGE_SIZE } from '#domain/reader/public-articles.ts';
import { topicPage } from '../../services/topic-pages.ts';
import { cursorScope, openCursor, sealCursor } from '#platform/cursors.ts';
import { cursorParam, limitParam, route } from '#platform/router.ts';
import { topicIdParam } from '../topic-id-param.ts';


/** A topic's page: the topic and its public stories, newest first, a page at a time. */
export const getTopic = route(
  { params: z.object({ topicId: topicIdParam }), query: z.object({ limit: limitParam(MAX_PAGE_SIZE, CATEGORY_PAGE_SIZE), cursor: cursorParam }) },
  async ({ params, query }) => {
    const scope = cursorScope('topic-stories', { topicId: params.topicId });
    const page = await topicPage(params.topicId, { limit: query.limit, cursor: await openCursor(scope, query.cursor) });
    return { topic: page.topic, items: page.items, cursor: await sealCursor(scope, page.cursor) };
  },
);
