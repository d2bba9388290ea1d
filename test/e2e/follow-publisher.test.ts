import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import { api, local, signedUpReader, useLocalAws, type Reader } from '../support/aws.ts';
import { DESKTOP, elementsPastRightEdge, launchChromium, PHONE, signInThroughSite } from '../support/browser.ts';

/**
 * Following a publisher and setting keyword alerts in Chromium against the built site (docs/topics.md "Follows"):
 * a reader follows a story's publisher from its page, adds a keyword alert on the account page (a refused one
 * shows the server's message), and sees both listed in the Following section; screenshots of the section at
 * desktop and phone sizes go to CNH_SHOTS_DIR.
 */
const SHOTS = process.env.CNH_SHOTS_DIR ?? '/tmp/cnh-shots-following';
let browser: Browser;
let page: Page;
let reader: Reader;
const site = () => local().urls.site;
const marker = () => `zq${randomUUID().replace(/[^a-f]/g, '').slice(0, 10)}`;

/** A publisher (a paused feed source) and one published story from it, as the ingest stores one. */
async function storyFromPublisher(): Promise<{ publisher: { id: string; name: string }; story: { id: string; title: string } }> {
  const { FeedSource } = await import('#store/feeds.ts');
  const { createArticle } = await import('#store/articles.ts');
  const word = marker();
  const publisher = { id: `pub-${word}`, name: 'Samosa Wire' };
  await FeedSource.create({ ...publisher, url: `https://${publisher.id}.example.com/feed`, active: false, nextCheckAt: new Date(0).toISOString() }).go();
  const story = { id: randomUUID(), title: `Creators weigh the new disclosure rules ${word}` };
  const created = await createArticle({
    ...story,
    summary: 'What the regulator asks of paid posts, and what agencies tell their creators.',
    category: 'regulations-ethics',
    sourceUrl: `https://${publisher.id}.example.com/${word}`,
    sourceName: publisher.name,
    feedId: publisher.id,
    status: 'published',
    adminStatus: 'approved',
    relevanceScore: 80,
    urlHash: `url-${word}`,
    titleHash: `title-${word}`,
  });
  expect(created.created).toBe(true);
  return { publisher, story };
}

beforeAll(async () => {
  useLocalAws();
  reader = await signedUpReader('Publisher Journey');
  browser = await launchChromium();
  page = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  await signInThroughSite(page, site(), reader);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('following a publisher and keyword alerts', () => {
  it('follows a story’s publisher, adds a keyword alert, and sees both in the Following section', async () => {
    const { publisher, story } = await storyFromPublisher();
    // The story's page is written off the table stream a moment after it is published.
    await expect.poll(async () => (await fetch(`${site()}${storyPath(story)}`)).status === 200 && (await (await fetch(`${site()}${storyPath(story)}`)).text()).includes(story.title), { timeout: 30_000 }).toBe(true);
    await page.goto(`${site()}${storyPath(story)}`);
    await page.getByRole('heading', { level: 1, name: story.title }).waitFor();
    await page.getByRole('button', { name: `Follow ${publisher.name}`, exact: true }).click();
    await page.getByRole('button', { name: `Following ${publisher.name}`, exact: true }).waitFor();
    await page.locator('.story-actions').screenshot({ path: `${SHOTS}/story-actions-desktop.png` });
    await expect.poll(async () => ((await api('GET', '/me/follows', reader.idToken)).body as ApiAnswer<'GET /me/follows'>).publishers).toEqual([publisher]);

    await page.goto(`${site()}/dashboard`);
    const section = page.locator('section#following');
    await section.getByRole('heading', { name: 'Following', level: 2 }).waitFor();
    await section.getByText('No keyword alerts yet.').waitFor();
    const input = section.getByLabel('Add a keyword alert');
    // A refused alert shows the server's message, and the typed text stays to be corrected.
    await input.fill('#ad');
    await section.getByRole('button', { name: 'Add alert' }).click();
    await section.getByRole('alert').getByText("A keyword can have only letters, digits, spaces and & . - '").waitFor();
    expect(await input.inputValue()).toBe('#ad');

    await input.fill('SEBI');
    await section.getByRole('button', { name: 'Add alert' }).click();
    await section.getByRole('button', { name: 'Remove alert SEBI' }).waitFor();
    expect(await input.inputValue()).toBe('');
    await section.getByRole('group', { name: 'Publishers' }).getByText(publisher.name).waitFor();
    await section.getByRole('button', { name: `Unfollow ${publisher.name}` }).waitFor();
    expect(((await api('GET', '/me/follows', reader.idToken)).body as ApiAnswer<'GET /me/follows'>).keywords).toEqual([{ id: 'c2ViaQ', keyword: 'SEBI' }]);

    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SHOTS}/following-desktop.png` });
    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    expect(await elementsPastRightEdge(page)).toEqual([]);
    await section.screenshot({ path: `${SHOTS}/following-phone.png` });
    await page.setViewportSize(DESKTOP);

    // Muting from the story page moves the publisher to Muted publishers; Unmute takes it back.
    await page.goto(`${site()}${storyPath(story)}`);
    await page.getByRole('heading', { level: 1, name: story.title }).waitFor();
    await page.setViewportSize(PHONE);
    await page.getByLabel(`More about ${publisher.name}`).click();
    expect(await elementsPastRightEdge(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/story-mute-menu-phone.png` });
    await page.getByRole('button', { name: `Mute ${publisher.name}` }).click();
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: `Follow ${publisher.name}`, exact: true }).waitFor();
    await page.goto(`${site()}/dashboard`);
    await section.getByRole('button', { name: `Unmute ${publisher.name}` }).click();
    await section.getByRole('group', { name: 'Muted publishers' }).getByText('No muted publishers.', { exact: false }).waitFor();
  });
});
