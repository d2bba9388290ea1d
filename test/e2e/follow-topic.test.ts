import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import type { PushMessage } from '#domain/reader/push.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import { api, local, signedInRoles, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { launchChromium, signInThroughSite } from '../support/browser.ts';
import { deliverToWorker, pushBrowser, pushesReceived, turnPushOn, type PushBrowser } from '../support/push-browser.ts';

/**
 * Following in Chromium against the built site (docs/topics.md), the whole way a reader meets it: they follow a
 * topic from its page and turn push on; a publisher's feed brings a story naming the topic, which the ingest
 * tags, publishes and tells them of, in the notification center and as a push their browser shows; they follow
 * that story from its page; a second publisher's report of the same event joins it at ingest, and they are told
 * of the new coverage the same two ways.
 */
let browser: Browser;
let push: PushBrowser;
let page: Page;
let reader: Reader;
let admin: string;
const site = () => local().urls.site;
const TOPIC = { id: 'sebi', name: 'Securities and Exchange Board of India' };

/** Two publishers' feeds, served here; each answers with the items put in it so far. */
const feedItems = new Map<string, string[]>();
let feedServer: http.Server;
let feedBase = '';

beforeAll(async () => {
  useLocalAws();
  ({ admin } = await signedInRoles());
  reader = await signedUpReader('Topic Journey');
  feedServer = http.createServer((request, response) => {
    const items = feedItems.get(request.url ?? '');
    if (!items) return void response.writeHead(404, { 'content-type': 'text/html' }).end('<html><head><title>Not here</title></head></html>');
    response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' });
    response.end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Desk</title><link>${feedBase}</link>${items.join('')}</channel></rss>`);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
  browser = await launchChromium();
  push = await pushBrowser(browser, reader, site());
  page = push.page;
  await signInThroughSite(page, site(), reader);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  feedServer?.close();
});

/** A publisher's feed added in the console's API, as an admin adds one. */
async function addFeed(name: string): Promise<string> {
  const path = `/${randomUUID()}.xml`;
  feedItems.set(path, []);
  const added = await api('POST', '/admin/feeds', admin, { name, url: `${feedBase}${path}`, isIndian: true });
  expect(added.status).toBe(201);
  return (added.body as ApiAnswer<'POST /admin/feeds'>).feed.id;
}

/** Puts one item in the feed and has the ingest fetch it now (the console's "Fetch now": the pipeline's refresh of one feed). */
async function publishThroughFeed(feedId: string, item: { title: string; summary: string }): Promise<void> {
  const feed = ((await api('GET', '/admin/feeds', admin)).body as ApiAnswer<'GET /admin/feeds'>).feeds.find((candidate) => candidate.id === feedId)!;
  const path = new URL(feed.url).pathname;
  const link = `${feedBase}/story/${randomUUID()}`;
  feedItems.get(path)!.push(`<item><title>${item.title}</title><link>${link}</link><guid>${link}</guid><pubDate>${new Date().toUTCString()}</pubDate><description>${item.summary}</description></item>`);
  const fetched = await api('POST', `/admin/feeds/${feedId}/fetch`, admin);
  expect(fetched).toMatchObject({ status: 200, body: { created: 1 } });
}

/** The published story of this title, as readers get it (the topic's list). */
async function publishedStory(title: string): Promise<{ id: string; title: string }> {
  let found: { id: string; title: string } | undefined;
  await expect
    .poll(async () => (found = ((await api('GET', `/topics/${TOPIC.id}`)).body as ApiAnswer<'GET /topics/{topicId}'>).items.find((story) => story.title === title)), { timeout: 20_000 })
    .toBeDefined();
  return found!;
}

/** Waits for the stand-in to have received `count` pushes for the reader's browser; answers the last, decrypted. */
async function lastPush(count: number): Promise<{ payload: string; message: PushMessage }> {
  let received: Awaited<ReturnType<typeof pushesReceived>> = [];
  await expect.poll(async () => (received = await pushesReceived(push.subscription)).length, { timeout: 30_000 }).toBe(count);
  const payload = received.at(-1)!.payload;
  return { payload, message: JSON.parse(payload) as PushMessage };
}

describe('following a topic and a story', () => {
  it('is told of a new story about the topic and of the story\'s new coverage, in the notification center and by push', async () => {
    // Follow the topic from its page.
    await page.goto(`${site()}/topic/${TOPIC.id}`);
    await page.getByRole('heading', { level: 1, name: TOPIC.name }).waitFor();
    expect(await page.title()).toBe(`${TOPIC.name} · Creator News Hub`);
    await page.getByRole('button', { name: 'Follow', exact: true }).click();
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await expect.poll(async () => ((await api('GET', '/me/follows', reader.idToken)).body as ApiAnswer<'GET /me/follows'>).topics.map((topic) => topic.id)).toEqual([TOPIC.id]);
    await turnPushOn(page, site(), reader);

    // A publisher's feed brings a story naming the topic: ingested, tagged, published, and its followers told.
    const word = `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;
    const first = await addFeed(`Market Desk ${word}`);
    const leadTitle = `SEBI bars unregistered finfluencers from paid stock tips on Instagram ${word}`;
    await publishThroughFeed(first, {
      title: leadTitle,
      summary: 'The market regulator\'s new circular stops registered brokers from paying creators who give stock advice without registration.',
    });
    const lead = await publishedStory(leadTitle);

    await page.goto(`${site()}/dashboard?tab=notifications`);
    const list = page.getByTestId('notification-list');
    await list.getByText(`New on ${TOPIC.name}`, { exact: true }).waitFor({ timeout: 30_000 });
    await list.getByText(leadTitle).waitFor();
    const topicPush = await lastPush(1);
    expect(topicPush.message).toMatchObject({ title: `New on ${TOPIC.name}`, body: expect.stringContaining(leadTitle), url: expect.stringContaining(lead.id) });
    expect(await deliverToWorker(push, site(), topicPush.payload)).toContainEqual({ title: `New on ${TOPIC.name}`, body: topicPush.message.body, url: topicPush.message.url });

    // Open the story from its notification, as the reader would (inside the app: its written page may come a little
    // later, and a page not written yet answers 404 for a minute), and follow it from its page.
    await page.goto(`${site()}/dashboard?tab=notifications`);
    await list.getByText(leadTitle).click();
    await page.waitForURL((url) => url.pathname === storyPath(lead));
    await page.getByRole('heading', { level: 1, name: leadTitle }).waitFor();
    await page.getByRole('button', { name: 'Follow story', exact: true }).click();
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await expect.poll(async () => ((await api('GET', '/me/follows', reader.idToken)).body as ApiAnswer<'GET /me/follows'>).stories.map((story) => story.id)).toEqual([lead.id]);

    // Another publisher reports the same event: the ingest joins it to the story, and the story's followers are told.
    const second = await addFeed(`Creator Ledger ${word}`);
    await publishThroughFeed(second, {
      title: `SEBI bans paid stock tips by unregistered finfluencers; Instagram creators hit ${word}`,
      summary: 'Brokers may no longer pay creators who are not registered advisers for stock tips, the market regulator said in a circular.',
    });
    await page.goto(`${site()}/dashboard?tab=notifications`);
    await list.getByText(`New coverage: ${leadTitle}`, { exact: true }).waitFor({ timeout: 30_000 });
    const storyPush = await lastPush(2);
    expect(storyPush.message).toMatchObject({ title: `New coverage: ${leadTitle}`, url: expect.stringContaining(lead.id) });
    expect(await deliverToWorker(push, site(), storyPush.payload)).toContainEqual({ title: storyPush.message.title, body: storyPush.message.body, url: storyPush.message.url });

    // The topic's page lists the story, and its button says the reader follows the topic.
    await page.goto(`${site()}/topic/${TOPIC.id}`);
    await page.getByRole('link', { name: leadTitle }).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
  });

  it('shows a page of its own for a topic it does not know', async () => {
    await page.goto(`${site()}/topic/no-such-topic`);
    await page.getByRole('heading', { level: 1, name: 'Topic not found' }).waitFor();
    expect(await page.title()).toBe('Topic not found · Creator News Hub');
  });
});
