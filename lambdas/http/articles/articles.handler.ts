import { missingCategoryPage, missingStoryPage } from './missing-page.ts';
import { areaHandler } from '#platform/router.ts';
import { listCategories } from './categories.ts';
import { sendContactMessage } from './contact.ts';
import { personalFeed } from './feed.ts';
import { trackPageView } from './page-views.ts';
import { getPublicArticle } from './get-article.ts';
import { resizedImage } from './resized-image.ts';
import { listArticles } from './list-articles.ts';
import { getTopic } from './topics.ts';
import { contentPerformance } from './performance.ts';
import { robots, sharePage, sitemap, sitemapFile, syndicationFeed } from './syndication.ts';
import { trackClientError, trackSearch, trackShare, trackView, trendingKeywords } from './tracking.ts';
import { widgetData } from './widgets.ts';

/** The public API's routes (route key -> handler): also the table of their answer types. */
export const articleAreaRoutes = {
  'GET /articles': listArticles,
  'GET /articles/{id}': getPublicArticle,
  'GET /categories': listCategories,
  'GET /topics/{topicId}': getTopic,
  'POST /articles/{id}/views': trackView,
  'POST /articles/{id}/shares': trackShare,
  'POST /search-keywords': trackSearch,
  'GET /trending-keywords': trendingKeywords,
  'GET /widgets': widgetData,
  'POST /client-errors': trackClientError,
  'POST /contact': sendContactMessage,
  'GET /feeds/{scope}/{file}': syndicationFeed,
  'GET /sitemap.xml': sitemap,
  'GET /sitemaps/{file}': sitemapFile,
  'GET /robots.txt': robots,
  'GET /share/{id}': sharePage,
  'GET /pages/story/{file}': missingStoryPage,
  'GET /pages/categories/{slug}/{file}': missingCategoryPage,
  'GET /content-performance': contentPerformance,
  'GET /me/feed': personalFeed,
  'POST /page-views': trackPageView,
  'GET /img/{id}/{variant}': resizedImage,
};

export const handler = areaHandler('articles', articleAreaRoutes);
