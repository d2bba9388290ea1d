import { areaHandler } from '#shared/http.ts';
import { listCategories } from './categories.ts';
import { getPublicArticle } from './get-article.ts';
import { listArticles } from './list-articles.ts';
import { sharePage, sitemap, syndicationFeed } from './syndication.ts';

export const handler = areaHandler('articles', {
  'GET /articles': listArticles,
  'GET /articles/{id}': getPublicArticle,
  'GET /categories': listCategories,
  'GET /feeds/{scope}/{file}': syndicationFeed,
  'GET /sitemap.xml': sitemap,
  'GET /share/{id}': sharePage,
});
