import { areaHandler } from '#platform/router.ts';
import {
  addKeywordAlertRoute,
  followPublisherRoute,
  followStoryRoute,
  followTopicRoute,
  getFollowsDigestRoute,
  getMyFollows,
  mutePublisherRoute,
  putFollowsDigestRoute,
  removeKeywordAlertRoute,
  unfollowPublisherRoute,
  unfollowStoryRoute,
  unfollowTopicRoute,
  unmutePublisherRoute,
} from './follows.ts';
import { myNotifications, myNotificationStats, readAllNotifications, readNotification, removeNotification } from './notifications.ts';
import { getMyPreferences, putMyPreferences } from './preferences.ts';
import { deleteMyPushSubscription, getMyPushChoices, putMyPushChoices, putMyPushSubscription } from './push.ts';
import { deleteMe, exportMe, getMe, updateMe } from './profile.ts';
import { generateRecommendations, getMyReading, myActivity, postMyReading } from './reading.ts';
import { markReads, myReads } from './reads.ts';
import { bookmarks, likes, myBookmarks, myRelations } from './relations.ts';

/** The reader's own routes (route key -> handler): also the table of their answer types. */
export const meRoutes = {
  'GET /me': getMe,
  'PATCH /me': updateMe,
  'DELETE /me': deleteMe,
  'GET /me/export': exportMe,
  'GET /me/preferences': getMyPreferences,
  'PUT /me/preferences': putMyPreferences,
  'GET /me/relations': myRelations,
  'GET /me/bookmarks': myBookmarks,
  'PUT /me/bookmarks/{articleId}': bookmarks.add,
  'DELETE /me/bookmarks/{articleId}': bookmarks.remove,
  'PUT /me/likes/{articleId}': likes.add,
  'DELETE /me/likes/{articleId}': likes.remove,
  'GET /me/reading/{articleId}': getMyReading,
  'POST /me/reading/{articleId}': postMyReading,
  'GET /me/reads': myReads,
  'POST /me/reads': markReads,
  'GET /me/activity': myActivity,
  'POST /me/recommendations': generateRecommendations,
  'GET /me/notifications': myNotifications,
  'GET /me/notifications/stats': myNotificationStats,
  'POST /me/notifications/read-all': readAllNotifications,
  'POST /me/notifications/{id}/read': readNotification,
  'DELETE /me/notifications/{id}': removeNotification,
  'GET /me/push/choices': getMyPushChoices,
  'PUT /me/push/choices': putMyPushChoices,
  'PUT /me/push/subscriptions': putMyPushSubscription,
  'DELETE /me/push/subscriptions/{deviceId}': deleteMyPushSubscription,
  'GET /me/follows': getMyFollows,
  'GET /me/follows/digest': getFollowsDigestRoute,
  'PUT /me/follows/digest': putFollowsDigestRoute,
  'PUT /me/follows/topics/{topicId}': followTopicRoute,
  'DELETE /me/follows/topics/{topicId}': unfollowTopicRoute,
  'PUT /me/follows/stories/{articleId}': followStoryRoute,
  'DELETE /me/follows/stories/{articleId}': unfollowStoryRoute,
  'PUT /me/follows/publishers/{publisherId}': followPublisherRoute,
  'DELETE /me/follows/publishers/{publisherId}': unfollowPublisherRoute,
  'POST /me/follows/keywords': addKeywordAlertRoute,
  'DELETE /me/follows/keywords/{keywordId}': removeKeywordAlertRoute,
  'PUT /me/mutes/publishers/{publisherId}': mutePublisherRoute,
  'DELETE /me/mutes/publishers/{publisherId}': unmutePublisherRoute,
};

export const handler = areaHandler('me', meRoutes);
