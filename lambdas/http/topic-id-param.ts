import * as z from '#domain/common/validation.ts';
import { TOPIC_ID_MAX_CHARS, TOPIC_ID_PATTERN } from '#domain/topics/topic-links.ts';

/**
 * A topic id in a path or body: the catalogue's shape, or a clear 400 (an unknown id of that shape is a 404). Its
 * own file: the console's topic routes take it without bundling the public topic page's search code.
 */
export const topicIdParam = z.string().check(z.maxLength(TOPIC_ID_MAX_CHARS, 'Invalid topic id'), z.regex(TOPIC_ID_PATTERN, 'Invalid topic id'));
