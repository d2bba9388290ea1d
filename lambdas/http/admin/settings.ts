import { notBuiltYet } from './placeholder.ts';

export const settingsRoutes = {
  'GET /admin/settings': notBuiltYet('Settings'),
  'PUT /admin/settings': notBuiltYet('Settings'),
  'GET /admin/security': notBuiltYet('Security'),
};
