import { areaHandler } from '#shared/http.ts';
import { articleRoutes } from './articles.ts';
import { consoleRoutes } from './console.ts';
import { feedRoutes } from './feeds.ts';
import { pipelineRoutes } from './pipeline.ts';
import { reviewRoutes } from './review.ts';

/** The console API: one module per screen; each route's role comes from the stack description. */
export const handler = areaHandler('admin', {
  ...consoleRoutes,
  ...reviewRoutes,
  ...articleRoutes,
  ...feedRoutes,
  ...pipelineRoutes,
});
