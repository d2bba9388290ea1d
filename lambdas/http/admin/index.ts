import { areaHandler } from '#shared/http.ts';
import { analyticsRoutes } from './analytics.ts';
import { articleRoutes } from './articles.ts';
import { consoleRoutes } from './console.ts';
import { feedRoutes } from './feeds.ts';
import { newsletterRoutes } from './newsletter.ts';
import { operationsRoutes } from './operations.ts';
import { pipelineRoutes } from './pipeline.ts';
import { revenueRoutes } from './revenue.ts';
import { reviewRoutes } from './review.ts';
import { settingsRoutes } from './settings.ts';
import { systemRoutes } from './system.ts';
import { trendingRoutes } from './trending.ts';
import { userRoutes } from './users.ts';

/** The console API: one module per screen; each route's role comes from the stack description. */
export const handler = areaHandler('admin', {
  ...consoleRoutes,
  ...reviewRoutes,
  ...articleRoutes,
  ...feedRoutes,
  ...pipelineRoutes,
  ...revenueRoutes,
  ...newsletterRoutes,
  ...userRoutes,
  ...systemRoutes,
  ...analyticsRoutes,
  ...settingsRoutes,
  ...operationsRoutes,
  ...trendingRoutes,
});
