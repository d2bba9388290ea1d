import type { AnswersOf, InputsOf } from '#platform/router.ts';
import type { analyticsRoutes } from './admin/analytics.ts';
import type { articleRoutes } from './admin/articles.ts';
import type { consoleRoutes } from './admin/console.ts';
import type { feedRoutes } from './admin/feeds.ts';
import type { newsletterRoutes } from './admin/newsletter.ts';
import type { operationsRoutes } from './admin/operations.ts';
import type { pipelineRoutes } from './admin/pipeline.ts';
import type { revenueRoutes } from './admin/revenue.ts';
import type { reviewRoutes } from './admin/review.ts';
import type { settingsRoutes } from './admin/settings.ts';
import type { systemRoutes } from './admin/system.ts';
import type { topicRoutes } from './admin/topics.ts';
import type { trendingRoutes } from './admin/trending.ts';
import type { userRoutes } from './admin/users.ts';
import type { articleAreaRoutes } from './articles/articles.handler.ts';
import type { donationRoutes } from './donations/donations.handler.ts';
import type { meRoutes } from './me/me.handler.ts';
import type { newsletterAreaRoutes } from './newsletter/newsletter.handler.ts';

/** Every route of the API (route key -> handler), as types. */
type ApiRoutes =
  typeof articleAreaRoutes &
    typeof meRoutes &
    typeof newsletterAreaRoutes &
    typeof donationRoutes &
    typeof consoleRoutes &
    typeof reviewRoutes &
    typeof revenueRoutes &
    typeof newsletterRoutes &
    typeof userRoutes &
    typeof analyticsRoutes &
    typeof settingsRoutes &
    typeof trendingRoutes &
    typeof topicRoutes &
    typeof articleRoutes &
    typeof feedRoutes &
    typeof pipelineRoutes &
    typeof operationsRoutes &
    typeof systemRoutes;

/**
 * The API's contract: every route key ('GET /admin/articles') with the JSON its handler answers, as
 * tsc infers it from the handler. The console's screens, the reader's API modules and the tests import
 * these types (type-only, so nothing of the server reaches the bundle) instead of writing them again:
 * a handler that changes its answer breaks the readers that no longer fit at compile time.
 */
export type ApiAnswers = AnswersOf<ApiRoutes>;

/** The JSON answer of one route, by its key as the stack description writes it. */
export type ApiAnswer<RouteKey extends keyof ApiAnswers> = ApiAnswers[RouteKey];

/**
 * What a caller sends to each route, by part (query, params, body), as the route's zod schemas accept it
 * (`z.input`: before defaults and coercions). Derived from the same routes, type-only like ApiAnswers; the
 * front end's typed client (frontend/src/shared/api/client.ts) builds its requests from it.
 */
export type ApiInputs = InputsOf<ApiRoutes>;

/** The route keys of the API ('GET /admin/articles'). */
export type ApiRoute = keyof ApiAnswers & keyof ApiInputs;
