import { areaHandler } from '#shared/http.ts';
import { listArticles } from './list-articles.ts';

export const handler = areaHandler('articles', {
  'GET /articles': listArticles,
});
