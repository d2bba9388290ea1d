import * as z from '#domain/common/validation.ts';
import { TOPIC_LIST_STATES, TOPIC_NAME_MAX_CHARS, TOPIC_PAGE_SIZES } from '#domain/topics/topic-overrides.ts';
import { signedInCaller } from '#platform/auth.ts';
import { route } from '#platform/router.ts';
import { topicIdParam } from '../topic-id-param.ts';
import { consoleTopics, mergeTopic, renameTopic, setTopicHidden } from '../../services/topic-moderation.ts';

/**
 * Topics (issue #37): the catalogue's topics with their stories and followers, and a moderator's rename, hide /
 * show and merge (services/topic-moderation.ts, each audited). Readers see a change within a minute.
 */
export type { ConsoleTopic } from '../../services/topic-moderation.ts';

const pageParam = z._default(z.pipe(z.coerce.number(), z.int()).check(z.minimum(1, 'Page must be 1 or more'), z.maximum(10_000)), 1);
const pageSizeParam = z._default(
  z.pipe(z.coerce.number(), z.int()).check(z.refine((size) => (TOPIC_PAGE_SIZES as readonly number[]).includes(size), { message: `Page size must be one of ${TOPIC_PAGE_SIZES.join(', ')}` })),
  TOPIC_PAGE_SIZES[0],
);

export const listTopics = route(
  {
    query: z.object({
      state: z._default(z.enum(TOPIC_LIST_STATES), 'all'),
      filter: z._default(z.string().check(z.maxLength(100, 'At most 100 characters')), ''),
      page: pageParam,
      pageSize: pageSizeParam,
    }),
  },
  async ({ query }) => consoleTopics(query),
);

const params = z.object({ topicId: topicIdParam });

/** A blank name (or the catalogue's own) gives the topic its catalogue name back. */
const nameBody = z.strictObject({ name: z.string().check(z.maxLength(TOPIC_NAME_MAX_CHARS, `At most ${TOPIC_NAME_MAX_CHARS} characters`)) });
export const renameOne = route({ params, body: nameBody }, async ({ params, body, caller }) => renameTopic(signedInCaller(caller), params.topicId, body.name));

const visibilityBody = z.strictObject({ hidden: z.boolean() });
export const setVisibility = route({ params, body: visibilityBody }, async ({ params, body, caller }) => setTopicHidden(signedInCaller(caller), params.topicId, body.hidden));

/** `into` null undoes the merge. */
const mergeBody = z.strictObject({ into: z.nullable(topicIdParam) });
export const mergeOne = route({ params, body: mergeBody }, async ({ params, body, caller }) => mergeTopic(signedInCaller(caller), params.topicId, body.into));

export const topicRoutes = {
  'GET /admin/topics': listTopics,
  'PUT /admin/topics/{topicId}/name': renameOne,
  'PUT /admin/topics/{topicId}/visibility': setVisibility,
  'PUT /admin/topics/{topicId}/merge': mergeOne,
};
