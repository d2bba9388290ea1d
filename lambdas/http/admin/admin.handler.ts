import { areaHandler } from '#platform/router.ts';
import { analyticsRoutes } from './analytics.ts';
import { consoleRoutes } from './console.ts';
import { newsletterRoutes } from './newsletter.ts';
import { revenueRoutes } from './revenue.ts';
import { reviewRoutes } from './review.ts';
import { settingsRoutes } from './settings.ts';
import { topicRoutes } from './topics.ts';
import { trendingRoutes } from './trending.ts';
import { userRoutes } from './users.ts';

/**
 * The console API: one module per screen; each route's role comes from the stack description. Article
 * and feed management (./content.ts) and pipeline operations (./operations-area.ts) answer from their own
 * functions: this one carries no HTML sanitiser, feed parsers, classifier model or schedule arithmetic
 * (bundle size is cold-start time), and holds only the grants its screens use.
 */
export const handler = areaHandler('admin', {
  ...consoleRoutes,
  ...reviewRoutes,
  ...revenueRoutes,
  ...newsletterRoutes,
  ...userRoutes,
  ...analyticsRoutes,
  ...settingsRoutes,
  ...trendingRoutes,
  ...topicRoutes,
});
