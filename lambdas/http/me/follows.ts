import * as z from '#domain/common/validation.ts';
import { PUBLISHER_ID_PATTERN } from '#domain/reader/follows.ts';
import { KEYWORD_MAX_CHARS, keywordOfId } from '#domain/reader/keyword-alerts.ts';
import {
  addKeywordAlert,
  followPublisher,
  followStory,
  followTopic,
  mutePublisher,
  myFollows,
  removeKeywordAlert,
  unfollowPublisher,
  unfollowStory,
  unfollowTopic,
  unmutePublisher,
} from '../../services/follows.ts';
import { FOLLOWS_DIGEST_CHOICES } from '#domain/reader/follows-digest.ts';
import { chooseFollowsDigest, myFollowsDigest } from '../../services/follows-digest.ts';
import { route } from '#platform/router.ts';
import { topicIdParam } from '../topic-id-param.ts';
import { reader } from './caller.ts';

const topicParams = z.object({ topicId: topicIdParam });
const storyParams = z.object({ articleId: z.uuid('Invalid story id') });
const publisherParams = z.object({ publisherId: z.string().check(z.regex(PUBLISHER_ID_PATTERN, 'Invalid publisher id')) });
/** The typed keyword in a body (its characters are checked after normalising: services/follows.ts). */
const keywordBody = z.object({ keyword: z.string('Keyword is required').check(z.maxLength(KEYWORD_MAX_CHARS * 4, `A keyword can have at most ${KEYWORD_MAX_CHARS} characters`)) });
/** A keyword in a path is its id (domain/reader/keyword-alerts.ts keywordId), never its text. */
const keywordParams = z.object({ keywordId: z.string().check(z.refine((id) => keywordOfId(id) !== null, 'Invalid keyword id')) });

/** What the reader follows and mutes: topics, stories, publishers, keyword alerts and muted publishers, most recent first. */
export const getMyFollows = route({}, async ({ caller }) => myFollows(reader(caller).userId));

export const followTopicRoute = route({ params: topicParams }, async ({ caller, params }) => followTopic(reader(caller).userId, params.topicId));
export const unfollowTopicRoute = route({ params: topicParams }, async ({ caller, params }) => unfollowTopic(reader(caller).userId, params.topicId));
export const followStoryRoute = route({ params: storyParams }, async ({ caller, params }) => followStory(reader(caller).userId, params.articleId));
export const unfollowStoryRoute = route({ params: storyParams }, async ({ caller, params }) => unfollowStory(reader(caller).userId, params.articleId));
export const followPublisherRoute = route({ params: publisherParams }, async ({ caller, params }) => followPublisher(reader(caller).userId, params.publisherId));
export const unfollowPublisherRoute = route({ params: publisherParams }, async ({ caller, params }) => unfollowPublisher(reader(caller).userId, params.publisherId));
export const mutePublisherRoute = route({ params: publisherParams }, async ({ caller, params }) => mutePublisher(reader(caller).userId, params.publisherId));
export const unmutePublisherRoute = route({ params: publisherParams }, async ({ caller, params }) => unmutePublisher(reader(caller).userId, params.publisherId));
export const addKeywordAlertRoute = route({ body: keywordBody }, async ({ caller, body }) => addKeywordAlert(reader(caller).userId, body.keyword));
export const removeKeywordAlertRoute = route({ params: keywordParams }, async ({ caller, params }) => removeKeywordAlert(reader(caller).userId, keywordOfId(params.keywordId) ?? ''));

/** The mail of what the reader follows (docs/topics.md "Mail of what you follow"): off, daily or weekly. */
const followsDigestBody = z.strictObject({ choice: z.enum(FOLLOWS_DIGEST_CHOICES, 'Choose off, daily or weekly') });
export const getFollowsDigestRoute = route({}, async ({ caller }) => myFollowsDigest(reader(caller).userId));
export const putFollowsDigestRoute = route({ body: followsDigestBody }, async ({ caller, body }) => chooseFollowsDigest(reader(caller).userId, body.choice));
