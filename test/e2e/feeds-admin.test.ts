import { mkdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { local } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { elementsPastRightEdge, useChromium } from '../support/browser.ts';
import { callApi, openConsole, tokenOf } from '../support/console.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * RSS Feed Management in Chromium against the built console: a feed that is not in the catalogue is
 * added (the server fetches it: "Found 4 items"), Process All Feeds runs the ingest and its card
 * shows the check; the OPML export, deleted and imported again, gives back the same feeds.
 */
const chromium = useChromium();
const SCREEN = '/admin/content/rss';
const shots = process.env.CNH_SHOTS_DIR ?? path.join(os.tmpdir(), 'feeds-admin-shots');

type FeedSummary = ApiAnswer<'GET /admin/feeds'>['feeds'][number];

async function feedList(token: string): Promise<FeedSummary[]> {
  const { status, body } = await callApi<ApiAnswer<'GET /admin/feeds'>>(token, 'GET', '/admin/feeds');
  expect(status).toBe(200);
  return body.feeds;
}

const comparable = (feeds: FeedSummary[]) =>
  feeds.map(({ id, name, url, priority, isIndian, active }) => ({ id, name, url, priority, isIndian, active })).sort((a, b) => a.id.localeCompare(b.id));

async function screenshot(page: Page, name: string) {
  mkdirSync(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: false });
}

describe('RSS Feed Management', () => {
  it('adds a feed, processes all feeds, and round-trips the list through OPML', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const newsroomUrl = `${local().urls.feeds}/feeds/creator-newsroom.rss`;
    await openConsole(page, SCREEN);
    await page.getByRole('heading', { name: 'RSS Feed Management' }).waitFor();
    await page.getByText('Creator India Daily').first().waitFor();
    const token = await tokenOf(page);
    expect((await feedList(token)).map((feed) => feed.url)).not.toContain(newsroomUrl);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'feeds-1366x900');

    // Add Feed: the form checks the address on the server and says what it found before closing.
    await page.getByRole('button', { name: 'Add Feed' }).first().click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Add Feed' }).click();
    await form.getByText('Enter a name').waitFor();
    await form.getByLabel('Name').fill('Creator Newsroom');
    await form.getByLabel('Feed URL').fill('javascript:alert(1)');
    await form.getByText('Not an absolute http:// or https:// address').waitFor();
    await form.getByLabel('Feed URL').fill(`${local().urls.feeds}/misbehave/500?from=e2e`);
    await form.getByRole('button', { name: 'Add Feed' }).click();
    await form.getByText('The server answered HTTP 500').waitFor();
    await form.getByLabel('Feed URL').fill(newsroomUrl);
    await form.getByRole('button', { name: 'Add Feed' }).click();
    await form.getByText('Found 4 items').waitFor();
    await screenshot(page, 'feeds-added-1366x900');
    await form.getByRole('button', { name: 'Close' }).click();

    const added = (await feedList(token)).find((feed) => feed.url === newsroomUrl);
    expect(added).toMatchObject({ name: 'Creator Newsroom', lastStatus: null, active: true });
    const id = added!.id;
    await page.getByTestId(`feed-status-${id}`).getByText('Not checked yet').waitFor();

    // Process All Feeds: an ingest execution, followed to its end; the new feed was due, so it is fetched.
    await page.getByRole('button', { name: 'Process All Feeds' }).click();
    await page.getByTestId('run-status').getByText('SUCCEEDED').waitFor({ timeout: 90_000 });
    const progress = (await page.getByText(/^\d+ of \d+ feeds? done/).textContent()) ?? '';
    const [, done, total] = /^(\d+) of (\d+)/.exec(progress) ?? [];
    expect(Number(total)).toBeGreaterThanOrEqual(1);
    expect(done).toBe(total);
    const executionLink = page.getByRole('link', { name: /^Open execution .+ in Pipeline Control$/ });
    expect(await executionLink.getAttribute('href')).toMatch(/^\/admin\/system\/pipeline\/executions\/ingest\/[^/]+$/);
    // The same execution in Pipeline Control, with its history; then back to the feeds.
    await executionLink.click();
    await page.getByTestId('execution-status').getByText(/Succeeded/i).waitFor();
    for (const state of ['ListDueFeeds', 'FetchHosts', 'RecordRun']) await page.locator(`:text-is("${state}"):visible`).first().waitFor();
    await page.goBack();
    await page.getByTestId(`feed-status-${id}`).getByText('Healthy').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId(`feed-items-${id}`).textContent()).toBe('4');
    const checked = (await feedList(token)).find((feed) => feed.id === id);
    expect(checked?.lastStatus).toBe('healthy');
    expect(checked?.health[0]?.itemsFound).toBe(4);
    await screenshot(page, 'feeds-processed-1366x900');

    // Fetch now, for this feed alone: the publisher has nothing new since the ingest's fetch.
    await page.getByRole('button', { name: 'Fetch now: Creator Newsroom' }).click();
    await page.getByText('Not modified since the last check: nothing new.').waitFor();
    expect((await feedList(token)).find((feed) => feed.id === id)?.health.map((check) => check.status)).toEqual(['not-modified', 'healthy']);

    // Export OPML: a download holding every feed.
    const before = await feedList(token);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export OPML' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^creator-news-hub-feeds-\d{4}-\d{2}-\d{2}\.opml$/);
    const opmlPath = path.join(shots, 'export.opml');
    mkdirSync(shots, { recursive: true });
    await download.saveAs(opmlPath);
    const opml = readFileSync(opmlPath, 'utf8');
    for (const feed of before) expect(opml).toContain(`xmlUrl="${feed.url.replace(/&/g, '&amp;')}"`);

    // Delete the feed (with confirmation); its card goes.
    await page.getByRole('button', { name: 'Delete Creator Newsroom' }).click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText('Are you sure you want to delete').waitFor();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Creator Newsroom is no longer fetched. Its articles stay.').waitFor();
    await page.getByTestId(`feed-name-${id}`).waitFor({ state: 'detached' });
    expect((await feedList(token)).map((feed) => feed.id)).not.toContain(id);

    // Import the export: the deleted feed is back, everything else was already there.
    await page.getByRole('button', { name: 'Import OPML' }).click();
    const importer = page.getByRole('dialog');
    await importer.locator('input[type="file"]').setInputFiles(opmlPath);
    await importer.getByRole('button', { name: 'Import', exact: true }).click();
    await importer.getByTestId('opml-import-result').getByText(`Added 1, skipped ${before.length - 1} already in the list`).waitFor();
    await screenshot(page, 'feeds-imported-1366x900');
    await importer.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId(`feed-name-${id}`).waitFor();
    expect(comparable(await feedList(token))).toEqual(comparable(before));
    await page.close();
  });

  it('fits a phone screen', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 390, height: 844 } });
    await openConsole(page, SCREEN);
    await page.getByText('Creator India Daily').first().waitFor();
    expect(await elementsPastRightEdge(page)).toEqual([]);
    await screenshot(page, 'feeds-390x844');
    await page.getByRole('button', { name: /^Latest (check|\d+ checks)$/ }).first().click();
    await page.getByRole('columnheader', { name: 'Items found' }).first().scrollIntoViewIfNeeded();
    await screenshot(page, 'feeds-health-390x844');
    await page.close();
  });
});
