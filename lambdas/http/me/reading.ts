import * as z from '#domain/common/validation.ts';
import { engagementScore, READING_EVENTS } from '#domain/reader/reading.ts';
import { refreshRecommendations } from '../../services/personalisation.ts';
import { reportReading } from '../../services/reader-activity.ts';
import { getReadingProgress, readingSince, topRecommendations } from '#store/reading.ts';
import { activitySince } from '#store/activity.ts';
import { route } from '#platform/router.ts';
import { reader } from './caller.ts';

const params = z.object({ articleId: z.string().check(z.minLength(1), z.maxLength(100)) });
/** Reader spec section 9: activity windows are 30 days. */
const ACTIVITY_DAYS = 30;
/** One sitting reports at most this much time (a tab left open overnight is not reading). */
const MAX_SITTING_SECONDS = 4 * 3600;

function progressView(articleId: string, progress: Awaited<ReturnType<typeof getReadingProgress>>) {
  return {
    articleId,
    progressPercentage: progress?.progressPercentage ?? 0,
    readingTimeSeconds: progress?.readingTimeSeconds ?? 0,
    lastPosition: progress?.lastPosition ?? 0,
    completed: progress?.completed ?? false,
    startedAt: progress?.startedAt ?? null,
    updatedAt: progress?.updatedAt ?? null,
  };
}

export const getMyReading = route({ params }, async ({ caller, params }) => progressView(params.articleId, await getReadingProgress(reader(caller).userId, params.articleId)));

export const postMyReading = route(
  {
    params,
    body: z.object({
      event: z.enum(READING_EVENTS),
      progressPercentage: z.number().check(z.minimum(0), z.maximum(100)),
      secondsRead: z._default(z.int().check(z.minimum(0), z.maximum(MAX_SITTING_SECONDS)), 0),
      lastPosition: z._default(z.number().check(z.minimum(0), z.maximum(10_000_000)), 0),
    }),
  },
  async ({ caller, params, body }) => {
    const { userId } = reader(caller);
    const progress = await reportReading({ userId, articleId: params.articleId, event: body.event, progressPercentage: Math.round(body.progressPercentage), secondsRead: body.secondsRead, lastPosition: body.lastPosition });
    return progressView(params.articleId, progress);
  },
);

/** The Reading Activity panel and the user activity widget: the last 30 days, counted from the reader's records. */
export const myActivity = route({}, async ({ caller }) => {
  const { userId } = reader(caller);
  const since = new Date(Date.now() - ACTIVITY_DAYS * 86_400_000);
  const [reading, activity, recommendations] = await Promise.all([readingSince(userId, since), activitySince(userId, since, 20), topRecommendations(userId, 20)]);
  const totals = {
    started: reading.length,
    completed: reading.filter((item) => item.completed).length,
    readingSeconds: reading.reduce((sum, item) => sum + (item.readingTimeSeconds ?? 0), 0),
  };
  return {
    windowDays: ACTIVITY_DAYS,
    articlesRead: totals.started,
    articlesCompleted: totals.completed,
    readingMinutes: Math.round(totals.readingSeconds / 60),
    engagementScore: engagementScore(totals),
    recommendations: recommendations.length,
    recent: activity.map(({ actionType, resourceType, resourceId, createdAt }) => ({ actionType, resourceType, resourceId, createdAt })),
  };
});

export const generateRecommendations = route({}, async ({ caller }) => ({ generated: await refreshRecommendations(reader(caller).userId) }));
