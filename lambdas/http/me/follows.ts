import * as z from '#domain/common/validation.ts';
import { followStory, followTopic, myFollows, unfollowStory, unfollowTopic } from '../../services/follows.ts';
import { route } from '#platform/router.ts';
import { topicIdParam } from '../topic-id-param.ts';
import { reader } from './caller.ts';

const topicParams = z.object({ topicId: topicIdParam });
const storyParams = z.object({ articleId: z.uuid('Invalid story id') });

/** What the reader follows: topics and stories, most recently followed first. */
export const getMyFollows = route({}, async ({ caller }) => myFollows(reader(caller).userId));

export const followTopicRoute = route({ params: topicParams }, async ({ caller, params }) => followTopic(reader(caller).userId, params.topicId));
export const unfollowTopicRoute = route({ params: topicParams }, async ({ caller, params }) => unfollowTopic(reader(caller).userId, params.topicId));
export const followStoryRoute = route({ params: storyParams }, async ({ caller, params }) => followStory(reader(caller).userId, params.articleId));
export const unfollowStoryRoute = route({ params: storyParams }, async ({ caller, params }) => unfollowStory(reader(caller).userId, params.articleId));
