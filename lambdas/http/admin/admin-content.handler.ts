import { areaHandler } from '#platform/router.ts';
import { articleRoutes } from './articles.ts';
import { feedRoutes } from './feeds.ts';

/**
 * The console's article and feed management: edits are sanitised (sanitize-html), feeds are fetched,
 * parsed and classified when saved or refreshed (the pipeline's own code), so these routes carry the
 * libraries the rest of the console (./index.ts) does not need.
 */
export const handler = areaHandler('admin-content', {
  ...articleRoutes,
  ...feedRoutes,
});
