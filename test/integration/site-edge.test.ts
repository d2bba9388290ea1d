import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import { storyPath, writtenPageKey } from '#domain/reader/site-pages.ts';
import { WRITTEN_PAGE_CACHE_CONTROL } from '#domain/reader/site-routes.ts';
import { LOCAL_SITE_BUCKET } from '../../lib/local/settings.ts';
import { SECURITY_HEADERS } from '../../lib/site-headers.ts';
import { testArticle } from '../support/articles.ts';
import { local, useLocalAws } from '../support/aws.ts';

/**
 * The site's edge on the local runtime (the dev site, routed by the same function CloudFront runs): the crawlers'
 * files at the root, valid against their published schemas; written pages from the site's bucket, 404 for a
 * missing one and for a path nothing answers.
 */
const site = () => local().urls.site;
const get = async (path: string) => {
  const response = await fetch(`${site()}${path}`, { redirect: 'manual' });
  return { status: response.status, type: response.headers.get('content-type') ?? '', cacheControl: response.headers.get('cache-control') ?? '', text: await response.text() };
};

const xsd = (name: string) => ({ fileName: name, contents: readFileSync(`test/fixtures/xsd/${name}`, 'utf8') });
/** A urlset with News entries: the sitemaps.org schema, whose `xsd:any` takes the News schema's elements strictly. */
const NEWS_SCHEMA = {
  fileName: 'news-sitemap.xsd',
  contents: `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="sitemap.xsd"/>
  <xsd:import namespace="http://www.google.com/schemas/sitemap-news/0.9" schemaLocation="sitemap-news.xsd"/>
</xsd:schema>`,
};
async function schemaErrors(xml: string, schema: 'siteindex' | 'sitemap' | 'news'): Promise<string[]> {
  const options = schema === 'news' ? { schema: [NEWS_SCHEMA], preload: [xsd('sitemap.xsd'), xsd('sitemap-news.xsd')] } : { schema: [xsd(`${schema}.xsd`)] };
  const result = await validateXML({ xml: [{ fileName: 'served.xml', contents: xml }], ...options });
  return result.errors.map((error) => error.message);
}

const recent = testArticle({ title: `Creators get a news sitemap entry ${Date.now()}`, originalPublishedAt: new Date(Date.now() - 30 * 60_000).toISOString() });
const old = testArticle({ title: `An archived creator story from long ago ${Date.now()}`, originalPublishedAt: '2024-02-10T08:00:00.000Z' });

beforeAll(async () => {
  useLocalAws();
  process.env.SITE_BUCKET = LOCAL_SITE_BUCKET;
  const { createArticle } = await import('#store/articles.ts');
  for (const article of [recent, old]) await createArticle(article, { at: new Date().toISOString() });
});

describe('crawlers\' files at the site root (served by the API, as CloudFront\'s root behaviours send them)', () => {
  it('adds the edge\'s security headers to the API\'s answers: JSON, an error, a share page (HTML) and a crawler\'s file', async () => {
    const { items } = (await (await fetch(`${site()}/api/articles?limit=1&market=all`)).json()) as { items: Array<{ id: string }> };
    for (const path of ['/api/articles?limit=1', '/api/articles/no-such-id', `/api/share/${items[0]!.id}`, '/robots.txt']) {
      const answer = await fetch(`${site()}${path}`);
      await answer.arrayBuffer();
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(answer.headers.get(name), `${path}: ${name}`).toBe(value);
    }
  });

  it('robots.txt opens the reader site, closes the console and the API, and names both sitemaps in full', async () => {
    const robots = await get('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.type).toContain('text/plain');
    expect(robots.text.split('\n')).toEqual(expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', `Sitemap: ${site()}/sitemap.xml`, `Sitemap: ${site()}/sitemaps/news.xml`]));
  });

  it('sitemap.xml is a valid sitemap index of the pages file and one file per month with stories; each file is a valid urlset', async () => {
    const index = await get('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.type).toContain('application/xml');
    expect(await schemaErrors(index.text, 'siteindex')).toEqual([]);
    const files = [...index.text.matchAll(/<loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>/g)].map((match) => match[1] as string);
    expect(files).toContain(`${site()}/sitemaps/pages.xml`);
    expect(files).toContain(`${site()}/sitemaps/stories-2024-02.xml`);
    expect(files).toContain(`${site()}/sitemaps/stories-${recent.originalPublishedAt!.slice(0, 7)}.xml`);

    const pages = await get('/sitemaps/pages.xml');
    expect(await schemaErrors(pages.text, 'sitemap')).toEqual([]);
    expect(pages.text).toContain(`<loc>${site()}/</loc>`);
    expect(pages.text).toContain(`<loc>${site()}/categories/platform-updates</loc>`);
    const month = await get('/sitemaps/stories-2024-02.xml');
    expect(await schemaErrors(month.text, 'sitemap')).toEqual([]);
    expect(month.text).toContain(`<loc>${site()}${storyPath(old)}</loc><lastmod>${old.originalPublishedAt}</lastmod>`);
    expect(month.text).not.toContain(recent.id);
  });

  it('news.xml is a valid Google News sitemap of the last 48 hours\' stories at their own pages', async () => {
    const news = await get('/sitemaps/news.xml');
    expect(news.status).toBe(200);
    expect(await schemaErrors(news.text, 'news')).toEqual([]);
    expect(news.text).toContain(`<loc>${site()}${storyPath(recent)}</loc>`);
    expect(news.text).toContain(`<news:publication_date>${recent.originalPublishedAt}</news:publication_date>`);
    expect(news.text).toContain('<news:name>Creator News Hub</news:name><news:language>en</news:language>');
    expect(news.text).not.toContain(old.id);
    // The validator does refuse what the schema does not allow (an entry without its title).
    expect(await schemaErrors(news.text.replace(/<news:title>[^<]*<\/news:title>/, ''), 'news')).not.toEqual([]);
  });

  it('answers 404 for a sitemap that does not exist and 400 for a name too long to be one', async () => {
    for (const name of ['nope.xml', 'stories-2024-13.xml', 'stories-1999-01.xml']) expect((await get(`/sitemaps/${name}`)).status, name).toBe(404);
    expect((await get(`/sitemaps/${'x'.repeat(60)}.xml`)).status).toBe(400);
  });
});

describe('the site\'s routing (the CloudFront function, run by the local site)', () => {
  it('serves a written page from the site bucket with its short Cache-Control, and 404 once it is gone or was never written', async () => {
    const { deleteSitePage, putSitePage } = await import('#adapters/site-bucket.ts');
    const key = writtenPageKey('/categories/platform-updates', null) as string;
    const html = `<!doctype html><html><body><h1>Platform updates</h1><p>${Date.now()}</p></body></html>`;
    await putSitePage(key, html, WRITTEN_PAGE_CACHE_CONTROL);
    const written = await get('/categories/platform-updates');
    expect([written.status, written.type, written.cacheControl, written.text]).toEqual([200, 'text/html; charset=utf-8', WRITTEN_PAGE_CACHE_CONTROL, html]);
    await deleteSitePage(key);
    expect((await get('/categories/platform-updates')).status).toBe(404);
    expect((await get('/categories/platform-updates?page=7')).status).toBe(404);
    expect((await get('/story/a-story-nobody-wrote-7c9e6679-7425-40de-944b-e07fc1f90ae7')).status).toBe(404);
    await expect(putSitePage('index.html', html, WRITTEN_PAGE_CACHE_CONTROL)).rejects.toThrow(/Not a written page/);
  });

  it('puts the app shell into the site bucket at start (what the writer renders into) and serves app routes with it', async () => {
    const { readSiteShell } = await import('#adapters/site-bucket.ts');
    const shell = await readSiteShell();
    expect(shell).toMatch(/<div id="root">/);
    for (const path of ['/bookmarks', '/admin/review', '/?q=creators']) {
      const page = await get(path);
      expect([path, page.status, page.type]).toEqual([path, 200, 'text/html']);
      expect(page.text).toMatch(/<div id="root">/);
    }
  });

  it('answers a path nothing answers 404 with a page that leads home', async () => {
    for (const path of ['/no-such-page', '/wp-login', '/story/not-a-story']) {
      const page = await get(path);
      expect([path, page.status]).toEqual([path, 404]);
      expect(page.type).toContain('text/html');
      expect(page.text).toContain('<a href="/">');
    }
  });

  it('answers a story published but not yet written with the app\'s shell, kept nowhere; a story the public may not see with "Article not found"', async () => {
    const { deleteSitePage, readSiteShell } = await import('#adapters/site-bucket.ts');
    const { createArticle } = await import('#store/articles.ts');
    const address = storyPath(recent);
    // The writer writes it from the table's stream; taken away again, the story is as it is before the writer gets to it.
    await expect.poll(async () => (await get(address)).status, { timeout: 30_000, interval: 250 }).toBe(200);
    await deleteSitePage(writtenPageKey(address, null) as string);
    const pending = await get(address);
    expect([pending.status, pending.cacheControl, pending.text]).toEqual([404, 'no-store', await readSiteShell()]);

    const draft = testArticle({ title: `A draft nobody may read yet ${Date.now()}`, status: 'draft' as const });
    await createArticle(draft, { at: new Date().toISOString() });
    for (const path of [storyPath(draft), '/story/a-story-nobody-wrote-7c9e6679-7425-40de-944b-e07fc1f90ae7']) {
      const missing = await get(path);
      expect([path, missing.status, missing.cacheControl]).toEqual([path, 404, 'public, max-age=60']);
      expect(missing.text).toContain('<h1>Article not found</h1>');
    }
  });
});
