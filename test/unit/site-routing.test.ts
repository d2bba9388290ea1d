import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LEGACY_SLUGS } from '#domain/content/categories.ts';
import { writtenPageKey } from '#domain/reader/site-pages.ts';
import { CLOUDFRONT_FUNCTION_MAX_BYTES, isSiteRootApiPath, SITE_ROUTING_CODE } from '#domain/reader/site-routes.ts';
import { edgeRouter } from '#stack/local/site-routing.ts';

const route = edgeRouter();
const at = (pathAndQuery: string) => {
  const url = new URL(pathAndQuery, 'https://site.example');
  return route(url.pathname, url.searchParams);
};
const STORY_ID = '0d6f3c1e-8a2b-4c7d-9e10-1a2b3c4d5e6f';

/** A concrete path for a React Router pattern: each `:param` gets a value of its kind, a splat some rest. */
function samplePath(pattern: string): string {
  return pattern
    .replace(':slugId', `creator-wins-big-${STORY_ID}`)
    .replace(/:[A-Za-z]+/g, 'sample-1')
    .replace(/\*$/, 'reviews/queue');
}

describe('the site viewer function (the code CloudFront runs, run here as the local site runs it)', () => {
  it('fits CloudFront Functions: under the 10 KB code limit, and compiles as a plain script with a handler and no bundler helpers', () => {
    expect(Buffer.byteLength(SITE_ROUTING_CODE)).toBeLessThan(CLOUDFRONT_FUNCTION_MAX_BYTES);
    // Bundlers that keep function names (tsx's esbuild) wrap functions in __name(): that helper does not exist at the edge.
    expect(SITE_ROUTING_CODE).not.toMatch(/__name|\bimport\b|\brequire\(|\?\?|\?\.|=>/);
    const context = vm.createContext({});
    vm.runInContext(SITE_ROUTING_CODE, context);
    expect(typeof context.handler).toBe('function');
  });

  it('embeds writtenPageKey itself: every written page path maps to the same key', () => {
    for (const [path, page] of [['/', null], ['/', '3'], ['/categories/platform-updates', null], ['/categories/platform-updates', '10'], [`/story/a-headline-${STORY_ID}`, null]] as const) {
      const query = page === null ? '' : `?page=${page}`;
      expect(at(`${path}${query}`)).toEqual({ kind: 'origin', uri: `/${writtenPageKey(path, page)}` });
    }
  });

  it('serves files as they are, and the shell for app routes and for written-page paths with other queries', () => {
    expect(at('/assets/index-abc123.js')).toEqual({ kind: 'origin', uri: '/assets/index-abc123.js' });
    expect(at('/config.json')).toEqual({ kind: 'origin', uri: '/config.json' });
    for (const shell of ['/bookmarks', '/admin/review', '/admin', '/?q=creators', '/?page=11', '/?page=2&page=3', `/story/x-${STORY_ID}?page=2`, '/categories']) {
      expect(at(shell), shell).toEqual({ kind: 'origin', uri: '/index.html' });
    }
  });

  it('answers 404 with a page that links home for a path nothing answers', () => {
    for (const unknown of ['/nope', '/story/not-an-id', '/categories/a/b', '/wp-admin']) {
      const answer = at(unknown);
      expect(answer.kind, unknown).toBe('generated');
      if (answer.kind !== 'generated') continue;
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(answer.body).toContain('<a href="/">');
    }
  });

  it('matches every route the app declares (frontend/src/app/App.tsx) and the story page', () => {
    const app = readFileSync('frontend/src/app/App.tsx', 'utf8');
    const declared = [...app.matchAll(/\bpath="([^"]+)"/g)].map((match) => match[1] as string).filter((path) => path !== '*');
    expect(declared.length).toBeGreaterThan(15);
    const legacy = new Set(Object.keys(LEGACY_SLUGS).map((slug) => `/${slug}`));
    const paths = [...declared.filter((path) => !legacy.has(path)), '/story/:slugId'];
    const unrouted = paths.filter((pattern) => at(samplePath(pattern)).kind !== 'origin');
    expect(unrouted).toEqual([]);
  });

  it('names the crawlers\' files at the root as API paths, and nothing else', () => {
    expect(['/robots.txt', '/sitemap.xml', '/sitemaps/news.xml', '/sitemaps/stories-2026-01.xml'].every(isSiteRootApiPath)).toBe(true);
    expect(['/sitemap.xml/x', '/robots.txt.bak', '/sitemaps', '/', '/api/sitemap.xml'].some(isSiteRootApiPath)).toBe(false);
  });
});
