import { areaHandler } from '#shared/http.ts';
import { ping } from './ping.ts';
import { approveArticle, rejectArticle, reviewQueue } from './review.ts';

export const handler = areaHandler('admin', {
  'GET /admin/ping': ping,
  'GET /admin/review': reviewQueue,
  'POST /admin/review/{id}/approve': approveArticle,
  'POST /admin/review/{id}/reject': rejectArticle,
});
