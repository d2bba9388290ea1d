import { beforeAll, describe, expect, it } from 'vitest';
import { storyPath } from '#domain/reader/site-pages.ts';
import { COPIES_MADE_AHEAD, resizedImageUrl } from '#domain/content/resized-images.ts';
import { testArticle } from '../support/articles.ts';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { DeleteObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_SITE_BUCKET } from '../../lib/local/settings.ts';
import { api, local, signedInRoles, useLocalAws } from '../support/aws.ts';

/**
 * The page writer over the local runtime (docs/decisions/first-screen-html.md): a story published in the table
 * reaches the site's written pages through the table stream (the `site-pages` consumer), and a moderator's edit,
 * archive or delete in the console takes it back out, the same way. Pages are read as a reader reads them,
 * through the site's edge.
 */
const page = async (path: string) => {
  const response = await fetch(`${local().urls.site}${path}`);
  return { status: response.status, html: await response.text() };
};

/** The stream consumer runs a few seconds after the write: ask until the page says so. */
async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Not written within 20 s: ${what}`);
}

const word = `pagewriter${Date.now().toString(36)}`;
// Newest of all (originalPublishedAt now), so it is the home page's first card and its category's.
const story = testArticle({ title: `Creators in Pune get a ${word} payout dashboard`, category: 'platform-updates', indiaRelevance: 4, originalPublishedAt: new Date().toISOString() });
let admin: string;
/** No fixture feed names this picture (test/fixtures/feeds/images/README.md): the feed host's requests for it are this file's. */
const PICTURE_PATH = '/images/chelsea.jpg';
let publishedAt: number;

type Request = { path: string; at: number };
const pictureFetches = async () =>
  ((await (await fetch(`${local().urls.feeds}/__requests`)).json()) as Request[]).filter((request) => request.path === PICTURE_PATH && request.at >= publishedAt).length;

beforeAll(async () => {
  useLocalAws();
  admin = (await signedInRoles()).admin;
  const { createArticle } = await import('#store/articles.ts');
  Object.assign(story, { imageUrl: `${local().urls.feeds}${PICTURE_PATH}` });
  publishedAt = Date.now();
  await createArticle(story, { at: new Date().toISOString() });
});

describe('a story published', () => {
  it('gets its own page, with its headline, canonical address and NewsArticle data, and the answers the app hydrates from', async () => {
    const path = storyPath(story);
    await until(async () => (await page(path)).status === 200, 'the story page');
    const { html } = await page(path);
    expect(html).toContain(`<h1`);
    expect(html).toContain(story.title);
    expect(html).toContain(`<link rel="canonical" href="${local().urls.site}${path}"`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as { '@type'?: string; headline?: string };
    expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: story.title });
    expect(html).toMatch(/<script type="application\/json" id="first-screen-state">/);
  });

  it('has its picture\'s copies made as it is published: its first readers are served from the edge', async () => {
    // The page writer asks the site for each copy once, so the publisher is asked once per copy, before any reader.
    await until(async () => (await pictureFetches()) >= COPIES_MADE_AHEAD.length, 'the picture fetched for each copy made ahead');
    // Each copy is kept when its resize ends, a moment after its fetch (a 451x300 picture: tens of milliseconds).
    await new Promise((resolve) => setTimeout(resolve, 3000));
    for (const [width, shape] of COPIES_MADE_AHEAD) {
      const response = await fetch(`${local().urls.site}${resizedImageUrl(story, width, shape)}`);
      expect([response.status, response.headers.get('x-cache')], `${width} ${shape}`).toEqual([200, 'Hit from local edge']);
      await response.arrayBuffer();
    }
    expect(await pictureFetches()).toBe(COPIES_MADE_AHEAD.length);
  });

  it('is a card of the home page and of its category\'s page (among the newest), linking its own page', async () => {
    // Other test files publish stories in the same runtime at the same time: the newest cards, not the first one.
    const card = `<a class="title-button" href="${storyPath(story)}">${story.title}</a>`;
    for (const list of ['/', '/categories/platform-updates']) {
      await until(async () => (await page(list)).html.includes(card), `${list} with the story's card`);
      expect((await page(list)).status).toBe(200);
    }
  });
});

describe('a moderator\'s change in the console', () => {
  it('an edit rewrites the story\'s page and the lists', async () => {
    const edited = `Creators in Pune get a ${word} payout dashboard, now in Marathi`;
    expect((await api('PUT', `/admin/articles/${story.id}`, admin, { title: edited })).status).toBe(200);
    // The address follows the headline; the story page at the new address has the new headline.
    const path = storyPath({ id: story.id, title: edited });
    await until(async () => (await page(path)).html.includes('now in Marathi'), 'the edited story page');
    await until(async () => (await page('/')).html.includes('now in Marathi'), 'the edited home page');
  });

  it('archiving takes it off the lists and its page away (404)', async () => {
    expect((await api('PUT', `/admin/articles/${story.id}`, admin, { status: 'archived' })).status).toBe(200);
    await until(async () => (await page(storyPath(story))).status === 404, 'the story page removed');
    await until(async () => !(await page('/')).html.includes(word), 'the home page without it');
    // The category's list is written after the home page's.
    await until(async () => !(await page('/categories/platform-updates')).html.includes(word), 'its category without it');
  });

  it('publishing again and deleting: back on, then off for good', async () => {
    expect((await api('PUT', `/admin/articles/${story.id}`, admin, { status: 'published' })).status).toBe(200);
    await until(async () => (await page(storyPath(story))).status === 200, 'the story page again');
    expect((await api('DELETE', `/admin/articles/${story.id}`, admin)).status).toBeLessThan(300);
    await until(async () => (await page(storyPath(story))).status === 404, 'the deleted story page removed');
    await until(async () => !(await page('/')).html.includes(word), 'the home page without the deleted story');
  });
});

describe('the rewrite of every page after a deploy', () => {
  it('goes on in parts through the table stream until the oldest story\'s page is written again', async () => {
    const { getPageRewrite } = await import('#store/page-rewrites.ts');
    const oldest = ((await api('GET', '/articles?sort=oldest&limit=1')).body as { items: Array<{ id: string; title: string }> }).items[0]!;
    const settings = { endpoint: local().urls.functions, region: 'ap-south-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
    // Its page taken away, so only the rewrite's last part can bring it back.
    await new S3Client({ ...settings, endpoint: local().urls.objects, forcePathStyle: true }).send(new DeleteObjectCommand({ Bucket: LOCAL_SITE_BUCKET, Key: `pages/story/${oldest.id}.html` }));
    expect((await page(storyPath(oldest))).status).toBe(404);
    // As the deploy calls it, with parts of 5 stories (the fixtures' 30-odd stories make several parts).
    const answer = await new LambdaClient(settings).send(new InvokeCommand({ FunctionName: 'site-pages', Payload: new TextEncoder().encode(JSON.stringify({ rewriteAll: true, storiesPerPart: 5 })) }));
    expect(answer.FunctionError).toBeUndefined();
    const { rewrite } = JSON.parse(new TextDecoder().decode(answer.Payload)) as { rewrite: string };
    await until(async () => (await getPageRewrite(rewrite))?.status === 'done', 'the rewrite\'s last part');
    const done = (await getPageRewrite(rewrite))!;
    expect(done.parts).toBeGreaterThan(2);
    expect(done.written).toBeGreaterThan(5 * (done.parts - 1) - 1);
    expect(done.listPages).toBeGreaterThan(7);
    expect((await page(storyPath(oldest))).status).toBe(200);
  });
});
