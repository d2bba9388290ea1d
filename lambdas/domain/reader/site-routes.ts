/**
 * What the reader site answers for a path, decided once at the edge (docs/decisions/first-screen-html.md, "Edge
 * routing and status codes"): a file, a written page, the app's shell, or 404. CloudFront runs SITE_ROUTING_CODE
 * as the site's viewer-request function and the local site runs the same string (lib/local/site.ts), so both
 * runtimes route every path alike.
 */
import { LEGACY_SLUGS } from '../content/categories.ts';
import { writtenPageKey } from './site-pages.ts';
import { notFoundPage } from './not-found-page.ts';

/**
 * The app's own routes (frontend/src/app/App.tsx, whose `path` attributes a unit test holds to this list), as
 * regular expressions over the path. React Router matches without regard to case and with or without a
 * trailing slash, so these do too. A story's own page is matched by its address's shape (words, then the id).
 */
export const APP_ROUTE_PATTERNS: readonly string[] = [
  '^/$',
  '^/categories/?$',
  '^/categories/[a-z0-9-]{1,40}/?$',
  // A topic's page (domain/topics/topic-links.ts topicPath): the app asks the API, which answers 404 for an unknown one.
  '^/topic/[a-z0-9-]{1,80}/?$',
  '^/story/(?:[a-z0-9-]*-)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/?$',
  '^/auth/?$',
  '^/bookmarks/?$',
  '^/dashboard/?$',
  '^/user-dashboard/?$',
  '^/newsletter(?:/confirm)?/?$',
  '^/unsubscribe/?$',
  '^/donate/?$',
  '^/payment-success/?$',
  '^/contact/?$',
  '^/about/?$',
  '^/mission/?$',
  '^/privacy/?$',
  '^/terms/?$',
  '^/admin(?:/.*)?$',
];

/**
 * Paths at the site's root that the API answers (the crawlers' files), with the API's own path: CloudFront has a
 * behaviour per pattern sending them to the API origin without the /api prefix, and the local site forwards the
 * same ones. A trailing `*` matches the rest of the path.
 */
export const SITE_ROOT_API_PATHS: readonly string[] = ['/robots.txt', '/sitemap.xml', '/sitemaps/*'];

export function isSiteRootApiPath(pathname: string): boolean {
  return SITE_ROOT_API_PATHS.some((pattern) => (pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern));
}

/**
 * Cache-Control of a written page. CloudFront's CachingOptimized policy keeps an object as long as this says
 * (within its 1 s - 1 year bounds), so a page rewritten on a change is served everywhere within a minute, with no
 * invalidation (each costs, past 1,000 paths a month, and a busy ingest would make thousands). A browser may show
 * its copy for the same minute; stale-while-revalidate lets the edge answer at once while it fetches the new copy.
 */
export const WRITTEN_PAGE_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

/** What a path nothing answers gets (a generated response is never cached): the reader spec's 404 texts. */
export const NOT_FOUND_PAGE = notFoundPage('Page not found', '404', 'Oops! Page not found.');

/**
 * Written pages whose absence has a page of its own (a story removed, an unknown story or category): the edge
 * asks the API for it when the bucket has none (CloudFront's origin group, the local site the same way).
 */
export const MISSING_PAGE_PATTERNS: readonly string[] = ['/story/*', '/categories/*'];

export function asksApiWhenMissing(pathname: string): boolean {
  return MISSING_PAGE_PATTERNS.some((pattern) => pathname.startsWith(pattern.slice(0, -1)));
}

/**
 * The site's viewer-request function, for CloudFront Functions' JavaScript runtime 2.0: plain ES5 plus const,
 * with `writtenPageKey`'s own source embedded (site-pages.ts keeps that function free of imports and module
 * constants). A path whose last segment has a dot is a file; the older app's category addresses (/brands,
 * /categories/brands) move for good to their successor's (301 with the list's page, so links and search engines
 * follow); a path with a written page (and no query other than `page`) is that page's object; an app route is the
 * shell; anything else is answered 404 here.
 */
export const SITE_ROUTING_CODE = `var APP_ROUTES = [${APP_ROUTE_PATTERNS.map((pattern) => `/${pattern.replace(/\//g, '\\/')}/i`).join(', ')}];
var LEGACY_SLUGS = ${JSON.stringify(LEGACY_SLUGS)};
var NOT_FOUND_PAGE = ${JSON.stringify(NOT_FOUND_PAGE)};
${writtenPageKey.toString()}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var legacy = /^\\/(?:categories\\/)?([a-z]+)\\/?$/i.exec(uri);
  if (legacy && Object.prototype.hasOwnProperty.call(LEGACY_SLUGS, legacy[1].toLowerCase())) {
    // Only the list's page goes along: the other parameters' encoding here is CloudFront's, not ours to re-encode.
    var listPage = request.querystring.page;
    var query = listPage && /^[0-9]{1,3}$/.test(listPage.value) ? '?page=' + listPage.value : '';
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: '/categories/' + LEGACY_SLUGS[legacy[1].toLowerCase()] + query }, 'cache-control': { value: 'public, max-age=86400' } },
    };
  }
  if (uri.split('/').pop().indexOf('.') !== -1) return request;
  var names = Object.keys(request.querystring);
  var page = request.querystring.page;
  if (names.length === 0 || (names.length === 1 && page && !page.multiValue)) {
    var key = writtenPageKey(uri, page ? page.value : null);
    if (key) {
      request.uri = '/' + key;
      return request;
    }
  }
  for (var i = 0; i < APP_ROUTES.length; i++) {
    if (APP_ROUTES[i].test(uri)) {
      request.uri = '/index.html';
      return request;
    }
  }
  return {
    statusCode: 404,
    statusDescription: 'Not Found',
    headers: { 'content-type': { value: 'text/html; charset=utf-8' }, 'cache-control': { value: 'no-cache' } },
    body: { encoding: 'text', data: NOT_FOUND_PAGE },
  };
}`;

/** CloudFront Functions' code size limit (bytes). */
export const CLOUDFRONT_FUNCTION_MAX_BYTES = 10_240;
