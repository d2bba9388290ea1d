import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { api, local, signedInRoles, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { DESKTOP, launchChromium, signInThroughSite } from '../support/browser.ts';

/**
 * Following a topic in Chromium against the built site (docs/topics.md): a reader opens a topic's page, follows
 * it, a new story naming the topic is published, and the notification appears in their notification center; the
 * topic's page lists the story.
 */
let browser: Browser;
let page: Page;
let reader: Reader;
let admin: string;
const site = () => local().urls.site;
const TOPIC = { id: 'sebi', name: 'Securities and Exchange Board of India' };

beforeAll(async () => {
  useLocalAws();
  ({ admin } = await signedInRoles());
  reader = await signedUpReader('Topic Journey');
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInThroughSite(page, site(), reader);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('following a topic', () => {
  it('follows a topic from its page, and is told in the notification center when a story about it is published', async () => {
    await page.goto(`${site()}/topic/${TOPIC.id}`);
    await page.getByRole('heading', { level: 1, name: TOPIC.name }).waitFor();
    expect(await page.title()).toBe(`${TOPIC.name} · Creator News Hub`);
    const follow = page.getByRole('button', { name: 'Follow', exact: true });
    await follow.click();
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
    await expect.poll(async () => ((await api('GET', '/me/follows', reader.idToken)).body as ApiAnswer<'GET /me/follows'>).topics.map((topic) => topic.id)).toEqual([TOPIC.id]);

    const word = `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;
    const title = `SEBI asks finfluencers to register before paid posts ${word}`;
    const created = await api('POST', '/admin/articles', admin, {
      title,
      summary: 'The market regulator sets out what creators who talk about stocks must disclose.',
      sourceUrl: `https://news.example.com/story/${word}`,
      category: 'regulations-ethics',
      status: 'published',
    });
    expect(created.status).toBe(200);

    await page.goto(`${site()}/dashboard?tab=notifications`);
    const list = page.getByTestId('notification-list');
    await list.getByText(`New on ${TOPIC.name}`, { exact: true }).waitFor({ timeout: 30_000 });
    await list.getByText(title).waitFor();

    // The topic's page lists the story, and the button says the reader follows it.
    await page.goto(`${site()}/topic/${TOPIC.id}`);
    await page.getByRole('link', { name: title }).first().waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Following', exact: true }).waitFor();
  });

  it('shows a page of its own for a topic it does not know', async () => {
    await page.goto(`${site()}/topic/no-such-topic`);
    await page.getByRole('heading', { level: 1, name: 'Topic not found' }).waitFor();
    expect(await page.title()).toBe('Topic not found · Creator News Hub');
  });
});
