import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { local, useFreshTable } from '../support/aws.ts';

/**
 * The ingest's page picture step over the local runtime's publisher (the feed host) and DynamoDB Local, on
 * a table of this file's own: new items without a feed picture take their article page's og:image /
 * twitter:image; a page that fails, hangs, never ends its head or leaves http(s) costs its item nothing.
 */
type Modules = {
  refresh: typeof import('../../lambdas/services/refresh-feed.ts');
  feeds: typeof import('#store/feeds.ts');
  articles: typeof import('#store/articles.ts');
  parse: typeof import('#adapters/feed-parse.ts');
  normalise: typeof import('#domain/content/normalise.ts');
};
let m: Modules;
const feedsUrl = () => local().urls.feeds;

interface Source {
  id: string;
  name: string;
  path: string;
}
const catalogue = (JSON.parse(readFileSync('data/feeds/fixture-sources.json', 'utf8')) as { sources: Source[] }).sources.filter(
  (source) => source.path.startsWith('/feeds/') && source.id !== 'broken-xml',
);

beforeAll(async () => {
  await useFreshTable();
  m = {
    refresh: await import('../../lambdas/services/refresh-feed.ts'),
    feeds: await import('#store/feeds.ts'),
    articles: await import('#store/articles.ts'),
    parse: await import('#adapters/feed-parse.ts'),
    normalise: await import('#domain/content/normalise.ts'),
  };
});

type Request = { path: string; status: number; at: number };
async function requestsSince(since: number): Promise<Request[]> {
  return ((await (await fetch(`${feedsUrl()}/__requests`)).json()) as Request[]).filter((request) => request.at >= since);
}

/** A feed's stored stories, in whatever status the classifier gave them as they were fetched. */
async function storedFrom(feedId: string) {
  const pages = await Promise.all(
    (['draft', 'published', 'rejected'] as const).map((status) => m.articles.Article.query.byStatus({ status }).where(({ feedId: id }, { eq }) => eq(id, feedId)).go({ pages: 'all' })),
  );
  return pages.flatMap((page) => page.data);
}

const isSitePicture = (imageUrl: string | undefined) => !imageUrl || imageUrl.startsWith('/');

async function refresh(feedId: string, name: string, path: string, pageImages?: import('../../lambdas/services/page-images.ts').PageImageOptions) {
  await m.feeds.putFeedSource({ id: feedId, name, url: `${feedsUrl()}${path}` });
  const feed = await m.feeds.getFeedSource(feedId);
  if (!feed) throw new Error(`no feed ${feedId}`);
  return m.refresh.refreshFeed({ ...feed, etag: undefined, lastModified: undefined }, { timeoutMs: 10_000, maxBytes: 5_000_000, now: new Date(), fingerprints: [], ...(pageImages ? { pageImages } : {}) });
}

describe('page pictures for items whose feed has none', () => {
  it('on the fixture feeds: more items have a real picture after the step, one page request per new item', async () => {
    const started = Date.now();
    let items = 0;
    let before = 0;
    for (const source of catalogue) {
      const response = await fetch(`${feedsUrl()}${source.path}`);
      const parsed = await m.parse.parseFeed(Buffer.from(await response.arrayBuffer()), response.headers.get('content-type') ?? '');
      const normalised = m.normalise.normaliseItems(parsed.items, { sourceName: source.name, sourceDomain: '127.0.0.1', feedUrl: `${feedsUrl()}${source.path}` }).items;
      items += normalised.length;
      before += normalised.filter((item) => !isSitePicture(item.imageUrl)).length;
    }
    let gained = 0;
    for (const source of catalogue) gained += (await refresh(`pages-${source.id}`, source.name, source.path)).pageImages ?? 0;
    const stored = (await Promise.all(catalogue.map((source) => storedFrom(`pages-${source.id}`)))).flat();
    const after = stored.filter((article) => !isSitePicture(article.imageUrl)).length;
    console.log(`page pictures on the fixture feeds: ${before} of ${items} items have a real picture from their feed; ${after} of ${stored.length} stored after the og:image step (${gained} from their pages)`);
    expect(after).toBe(before + gained);
    expect(gained).toBeGreaterThanOrEqual(10);

    const picture = (title: string) => stored.find((article) => article.title.startsWith(title))?.imageUrl;
    // og:image given relative to the page, twitter:image as ../.., an &amp; in the query, og:image:secure_url.
    expect(picture('YouTube Shorts monetisation update')).toBe(`${feedsUrl()}/images/shorts-monetisation.jpg`);
    expect(picture('Creator funds in India')).toBe(`${feedsUrl()}/images/creator-funds.jpg`);
    expect(picture('Influencer agencies in Delhi')).toBe(`${feedsUrl()}/images/delhi-agencies.jpg?w=640&h=360`);
    expect(picture('LinkedIn adds creator analytics')).toBe(`${feedsUrl()}/images/linkedin-analytics.jpg`);
    // A placeholder og:image is passed over for the page's twitter:image.
    expect(picture('Beauty brands sign creators as co-founders')).toBe(`${feedsUrl()}/images/beauty-cofounders.jpg`);
    // javascript: and data: pictures fail the URL rule; a page without a share picture has none to give.
    expect(picture('Consumer ministry guidelines')).toMatch(/^\/images\/fallback\//);
    expect(picture('Threads opens its API')).toMatch(/^\/images\/fallback\//);
    // A feed picture stays: the page is not asked.
    expect(picture('Instagram creators in India get new brand collab dashboard')).toBe(`${feedsUrl()}/images/collab-dashboard.jpg`);

    const pages = (await requestsSince(started)).filter((request) => request.path.startsWith('/articles/'));
    const perPage = new Map<string, number>();
    for (const request of pages) perPage.set(request.path, (perPage.get(request.path) ?? 0) + 1);
    expect(perPage.size).toBe(13);
    expect([...perPage.values()].every((count) => count === 1)).toBe(true);

    // The same items again (the feed fetched anew): all stored already, so no page is asked a second time.
    const again = Date.now();
    const repeat = await refresh('pages-creator-india', 'Creator India Daily', '/feeds/creator-india.rss');
    expect(repeat.created).toBe(0);
    expect((await requestsSince(again)).filter((request) => request.path.startsWith('/articles/'))).toEqual([]);
  });

  it('a page that fails, hangs, never ends its head, is not a page or leaves http(s) costs its item nothing', async () => {
    const options = { timeoutMs: 1_500, maxBytes: 64 * 1024, gapMs: 300, budgetMs: 20_000, maxRedirects: 3 };
    const started = Date.now();
    const stats = await m.refresh.refreshFeed(
      await (async () => {
        await m.feeds.putFeedSource({ id: 'pages-misbehaving', name: 'Page pictures', url: `${feedsUrl()}/feeds/page-images.rss` });
        return (await m.feeds.getFeedSource('pages-misbehaving'))!;
      })(),
      { timeoutMs: 10_000, maxBytes: 5_000_000, now: new Date(), fingerprints: [], pageImages: options },
    );
    const elapsed = Date.now() - started;
    expect(stats).toMatchObject({ outcome: 'new-items', itemsFound: 8, created: 8, pageImages: 1 });
    const stored = await storedFrom('pages-misbehaving');
    expect(stored).toHaveLength(8);
    const byTitle = Object.fromEntries(stored.map((article) => [article.title, article.imageUrl]));
    expect(byTitle['Creator studios in Pune share their camera kits']).toBe(`${feedsUrl()}/images/ai-captions.jpg?size=large&v=2`);
    expect(byTitle['Finance creators add disclaimers after audience questions']).toBe(`${feedsUrl()}/images/sebi-finfluencers.jpg`);
    for (const title of [
      'Newsletter creators test paid referral programmes',
      'Gaming streamers negotiate season-long sponsorships',
      'Fitness influencers publish their rate cards openly',
      'Food bloggers in Kochi form a collective for brand work',
      'Travel vloggers report a rise in tourism board campaigns',
      'Comedy creators move their sketches to podcasts',
    ]) {
      expect(byTitle[title], title).toMatch(/^\/images\/fallback\//);
    }
    // The slow page cost its timeout and no more (the host logs it only if it ever answers); the 10 MB head
    // was cut off at the cap.
    expect(elapsed).toBeGreaterThanOrEqual(options.timeoutMs);
    expect(elapsed).toBeLessThan(10_000);

    const pages = (await requestsSince(started)).filter((request) => !request.path.startsWith('/feeds/'));
    // One request per item without a feed picture (the feed's own picture needs none), never file:.
    expect(pages.map((request) => request.path).sort()).toEqual(
      ['/articles/page-images/creator-studios-pune', '/articles/page-images/no-such-page', '/misbehave/500', '/misbehave/page-huge', '/misbehave/page-not-html', '/misbehave/page-to-file'].sort(),
    );
    // Paced: one host, asked no more often than once per gap. Counted from the first arrival, since on a
    // busy machine one request can reach the host late and the next on time (a gap of 268 ms for 300 seen).
    const times = pages.map((request) => request.at).sort((a, b) => a - b);
    for (let index = 1; index < times.length; index += 1) expect((times[index] as number) - (times[0] as number)).toBeGreaterThanOrEqual(index * options.gapMs - 100);
  });
});
