import { areaHandler } from '#shared/http.ts';
import { ping } from './ping.ts';

export const handler = areaHandler('admin', {
  'GET /admin/ping': ping,
});
