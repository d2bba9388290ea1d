import { notBuiltYet } from './placeholder.ts';

export const operationsRoutes = {
  'GET /admin/operations': notBuiltYet('Operations'),
  'GET /admin/recovery': notBuiltYet('Recovery'),
  'POST /admin/recovery/{action}': notBuiltYet('Recovery'),
};
