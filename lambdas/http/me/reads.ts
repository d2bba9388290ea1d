import * as z from '#domain/common/validation.ts';
import { READ_MARK_LIMIT } from '#domain/reader/reading.ts';
import { readArticleIds } from '#store/reading.ts';
import { markRead } from '../../services/reader-activity.ts';
import { route } from '#platform/router.ts';
import { reader } from './caller.ts';

const articleId = z.string().check(z.minLength(1, 'An article id is required'), z.maxLength(100, 'An article id is at most 100 characters'));
const tooMany = `At most ${READ_MARK_LIMIT} articles at a time`;

/** `?ids=a,b,c`: the cards on the page. */
const idsParam = z.pipe(
  z.string({ error: 'Give the article ids (ids=a,b,c)' }).check(z.maxLength(READ_MARK_LIMIT * 101, tooMany)),
  z.pipe(
    z.transform((value: string) => value.split(',').map((id) => id.trim()).filter(Boolean)),
    z.array(articleId).check(z.minLength(1, 'Give at least one article id'), z.maxLength(READ_MARK_LIMIT, tooMany)),
  ),
);

/** Which of the cards shown the reader has read: one BatchGet of their own reading items, never a scan. */
export const myReads = route({ query: z.object({ ids: idsParam }) }, async ({ caller, query }) => ({
  read: await readArticleIds(reader(caller).userId, query.ids),
}));

/**
 * Marks articles read: the one the reader opened, or every card of the list ("Mark all as read"). Ids that
 * are not public articles are left out; marking again changes nothing. Answers how many were newly marked
 * and which of the ids are now read.
 */
export const markReads = route(
  { body: z.object({ articleIds: z.array(articleId).check(z.minLength(1, 'Give at least one article id'), z.maxLength(READ_MARK_LIMIT, tooMany)) }) },
  async ({ caller, body }) => markRead(reader(caller).userId, body.articleIds),
);
