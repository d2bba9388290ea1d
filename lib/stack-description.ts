/**
 * The stack, described once as data. Two runtimes read it: the CDK constructs in lib/ turn it into
 * CloudFormation, and the local runtime (bin/local.ts) serves it on this machine. Nothing here imports
 * aws-cdk-lib, so handlers may import it too (the area routers read each route's auth level from here).
 */

import { deadLetterQueues, mailEvents, streamConsumers, userPoolTriggers } from './stack-description/events.ts';
import { functions } from './stack-description/functions.ts';
import { routes } from './stack-description/routes.ts';
import { ARTICLE_LIST_ROW } from '../lambdas/domain/content/article-admin.ts';
import type { RouteDescription, StackDescription } from './stack-description/types.ts';
import { schedules, stateMachines } from './stack-description/workflows.ts';

export * from './stack-description/constants.ts';
export * from './stack-description/types.ts';
export * from './stack-description/retries.ts';
export { ROOT_PATHS_SERVED_BY_API } from './stack-description/routes.ts';

export const stack: StackDescription = {
  table: {
    partitionKey: 'pk',
    sortKey: 'sk',
    ttlAttribute: 'expiresAt',
    indexes: [
      { name: 'gsi1', pk: 'gsi1pk', sk: 'gsi1sk' },
      { name: 'gsi2', pk: 'gsi2pk', sk: 'gsi2sk' },
      { name: 'gsi3', pk: 'gsi3pk', sk: 'gsi3sk' },
      // The console's article list: sparse (duplicates have no keys here) and slim (only the row's attributes).
      { name: 'gsi4', pk: 'gsi4pk', sk: 'gsi4sk', projection: ARTICLE_LIST_ROW },
    ],
  },
  functions,
  routes,
  stateMachines,
  schedules,
  streamConsumers,
  userPoolTriggers,
  mailEvents,
  deadLetterQueues,
};

/** `GET /articles/{id}`: the key API Gateway v2 puts in `event.routeKey`. */
export function routeKey(route: Pick<RouteDescription, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function routesOf(description: StackDescription, fn: string): RouteDescription[] {
  return description.routes.filter((route) => route.fn === fn);
}
