import Parser from 'rss-parser';
import type { ApiAnswer } from '#http/answers.ts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { testArticle } from '../support/articles.ts';
import { local, useLocalAws } from '../support/aws.ts';
import { expectServedFeedLinks } from '../support/feed-discovery.ts';

/** Feeds, sitemap and share pages over the local gateway, on what the ingest at start published. */
const get = async (path: string) => {
  const response = await fetch(`${local().urls.api}${path}`);
  return { status: response.status, type: response.headers.get('content-type') ?? '', text: await response.text() };
};
const parser = new Parser();

/** The parts of JSON Feed 1.1 (jsonfeed.org/version/1.1) a reader relies on. */
const jsonFeed11 = z
  .object({
    version: z.literal('https://jsonfeed.org/version/1.1'),
    title: z.string().min(1),
    home_page_url: z.string().url(),
    feed_url: z.string().url(),
    language: z.string(),
    items: z
      .array(
        z
          .looseObject({
            id: z.string().min(1),
            url: z.string().url(),
            title: z.string().min(1),
            summary: z.string().optional(),
            content_html: z.string().optional(),
            date_published: z.string().datetime(),
            authors: z.array(z.object({ name: z.string().min(1) })).min(1),
          })
          .refine((item) => !('author' in item), 'author is JSON Feed 1.0'),
      )
      .min(1),
  })
  .passthrough()
  .refine((feed) => !('author' in feed), 'author is JSON Feed 1.0');

describe('syndication feeds', () => {
  it('are announced in the HTML the dev server serves at / (no JavaScript run), and each announced feed parses', async () => {
    const links = await expectServedFeedLinks(local().urls.site);
    // On the site's own origin, under /api, as CloudFront serves the API.
    for (const href of Object.values(links)) expect(href.startsWith(`${local().urls.site}/api/feeds/all/`)).toBe(true);
  });

  it('serve RSS 2.0 of the newest public articles, linking to the publishers', async () => {
    const rss = await get('/feeds/all/rss.xml');
    expect(rss.status).toBe(200);
    expect(rss.type).toContain('application/rss+xml');
    expect(rss.text).toMatch(/<rss version="2.0"/);
    const feed = await parser.parseString(rss.text);
    expect(feed.title).toBe('Creator News Hub');
    expect(feed.items.length).toBeGreaterThan(10);
    for (const item of feed.items) {
      expect(item.title).toBeTruthy();
      expect(item.link).toMatch(/^https:\/\//);
      expect(item.guid).toBeTruthy();
      expect(Number.isNaN(Date.parse(item.pubDate ?? ''))).toBe(false);
    }
  });

  it('serve Atom 1.0 with ids, updated times and self links', async () => {
    const atom = await get('/feeds/all/atom.xml');
    expect(atom.type).toContain('application/atom+xml');
    expect(atom.text).toMatch(/<feed xmlns="http:\/\/www.w3.org\/2005\/Atom"/);
    expect(atom.text).toMatch(/<link rel="self" href="http:\/\/[^"]+\/feeds\/all\/atom.xml"/);
    const feed = await parser.parseString(atom.text);
    expect(feed.items.length).toBeGreaterThan(10);
    expect(feed.items.every((item) => item.id && item.title && item.isoDate)).toBe(true);
  });

  it('serve JSON Feed 1.1', async () => {
    const json = await get('/feeds/all/feed.json');
    expect(json.type).toContain('application/feed+json');
    const parsed = jsonFeed11.safeParse(JSON.parse(json.text));
    expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
  });

  it('serve one category, Tools & Technology included, and refuse unknown ones with 400', async () => {
    const feed = JSON.parse((await get('/feeds/platform-updates/feed.json')).text) as { title: string; items: unknown[] };
    expect(feed.title).toBe('Creator News Hub: Platform Updates');
    const list = (await (await fetch(`${local().urls.api}/articles?category=platform-updates&limit=50`)).json()) as ApiAnswer<'GET /articles'>;
    expect(feed.items).toHaveLength(list.items.length);
    const tools = await get('/feeds/tools-technology/rss.xml');
    expect(tools.status).toBe(200);
    expect((await parser.parseString(tools.text)).title).toBe('Creator News Hub: Tools & Technology');
    expect((await get('/feeds/cooking/rss.xml')).status).toBe(400);
    expect((await get('/feeds/all/feed.yaml')).status).toBe(400);
  });
});

describe('share pages', () => {
  it('carry Open Graph and Twitter card tags and send people on to the article', async () => {
    const { items } = (await (await fetch(`${local().urls.api}/articles?limit=1`)).json()) as ApiAnswer<'GET /articles'>;
    const article = items[0]!;
    const page = await get(`/share/${article.id}`);
    expect(page.status).toBe(200);
    expect(page.type).toContain('text/html');
    const tag = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]+)">`).exec(page.text)?.[1];
    expect(tag('og:title')).toBeTruthy();
    expect(tag('og:description')).toBeTruthy();
    expect(tag('og:image')).toMatch(/^https?:\/\//);
    expect(tag('og:url')).toMatch(new RegExp(`/share/${article.id}$`));
    expect(tag('twitter:card')).toBe('summary_large_image');
    // On to the story's own page (site-pages.ts storyPath): its address ends with the id.
    expect(page.text).toMatch(new RegExp(`url=${local().urls.site}/story/[a-z0-9-]*${article.id}"`));
    expect((await get('/share/no-such-article')).status).toBe(404);
  });
});

describe('outputs re-check every URL (the one URL rule)', () => {
  it('never send a stored javascript: or data: address out in a feed, a card or a share page', async () => {
    useLocalAws();
    const { createArticle } = await import('#store/articles.ts');
    const article = testArticle({ title: `Creator economy story with a hostile link ${Date.now()}`, sourceUrl: 'javascript:alert(document.domain)', imageUrl: 'data:image/svg+xml,<svg onload=alert(1)>' });
    await createArticle(article, { at: new Date().toISOString() });
    for (const file of ['rss.xml', 'atom.xml', 'feed.json']) {
      const { text } = await get(`/feeds/all/${file}`);
      expect(text, file).toContain(article.id);
      expect(text, file).not.toMatch(/javascript:|data:image/);
    }
    const card = (await (await fetch(`${local().urls.api}/articles/${article.id}`)).json()) as ApiAnswer<'GET /articles/{id}'>;
    expect(card.sourceUrl).toBe('');
    expect(card.imageUrl).toBeNull();
    expect((await get(`/share/${article.id}`)).text).not.toMatch(/javascript:|data:image/);
  });

  it('name their own address from the stack, never from the request\'s Host header (cached publicly, it would poison caches)', async () => {
    const http = await import('node:http');
    const hostile = (path: string) =>
      new Promise<{ status: number; text: string }>((resolve, reject) => {
        const url = new URL(`${local().urls.api}${path}`);
        const request = http.request({ host: url.hostname, port: url.port, path: `${url.pathname}${url.search}`, headers: { host: 'evil.example', 'x-forwarded-proto': 'javascript' } }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        });
        request.on('error', reject);
        request.end();
      });
    const atom = await hostile('/feeds/all/atom.xml');
    expect(atom.status).toBe(200);
    expect(atom.text).not.toContain('evil.example');
    expect(atom.text).toContain(`${local().urls.api}/feeds/all/atom.xml`);
    const { items } = (await (await fetch(`${local().urls.api}/articles?limit=1&market=all`)).json()) as ApiAnswer<'GET /articles'>;
    const share = await hostile(`/share/${items[0]?.id}`);
    expect(share.status).toBe(200);
    expect(share.text).not.toContain('evil.example');
  });
});
