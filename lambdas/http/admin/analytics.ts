import { notBuiltYet } from './placeholder.ts';

export const analyticsRoutes = {
  'GET /admin/analytics': notBuiltYet('Analytics'),
  'GET /admin/analytics/report': notBuiltYet('Analytics report'),
};
