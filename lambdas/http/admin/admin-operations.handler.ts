import { areaHandler } from '#platform/router.ts';
import { operationsRoutes } from './operations.ts';
import { pipelineRoutes } from './pipeline.ts';
import { systemRoutes } from './system.ts';

/**
 * The console's operations: pipeline executions, schedules and alerts, recovery, diagnostics and
 * backups. Its own function, with the grants only these screens use (state machines, schedules, the
 * table's backups, SES and user pool diagnostics).
 */
export const handler = areaHandler('admin-operations', {
  ...pipelineRoutes,
  ...operationsRoutes,
  ...systemRoutes,
});
