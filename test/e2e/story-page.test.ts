import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from '#http/answers.ts';
import { storyPath } from '#domain/reader/site-pages.ts';
import { local } from '../support/aws.ts';
import { useChromium } from '../support/browser.ts';

const chromium = useChromium();
const site = () => local().urls.site;
const pathOf = () => new URL(chromium.page.url()).pathname;

/** The story a card on the home page opens: its id and headline, as the card shows them. */
async function cardStory(index: number): Promise<{ id: string; title: string }> {
  const heading = chromium.page.locator('article.card h2').nth(index);
  const id = (await heading.getAttribute('id'))!.slice('title-'.length);
  return { id, title: (await heading.textContent())! };
}

describe('a story\'s own address', () => {
  it('opens a card at /story/<slug>-<id> over the list, and Back closes it where the list was', async () => {
    const page = chromium.page;
    await page.goto(site());
    await page.locator('article.card').nth(5).waitFor();
    const story = await cardStory(5);
    const card = page.locator('article.card').filter({ hasText: story.title }).first();
    await card.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    const topBefore = (await card.boundingBox())?.y ?? Number.NaN;
    await card.locator('h2 a').click();
    await page.waitForURL((url) => url.pathname === storyPath(story));
    expect(pathOf()).toMatch(/^\/story\/[a-z0-9-]+-[0-9a-f-]{36}$/);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: story.title }).waitFor();
    // The list is still there, under the dialog.
    expect(await page.locator('article.card').count()).toBeGreaterThan(5);
    await page.goBack();
    await dialog.waitFor({ state: 'detached' });
    expect(pathOf()).toBe('/');
    // The reader is where they were: the card they opened is where it was on the screen (a line of layout may
    // settle meanwhile, a picture or a notice above: within 60 px).
    expect(Math.abs(((await card.boundingBox())?.y ?? Number.NaN) - topBefore)).toBeLessThanOrEqual(60);
    // Closing a dialog goes back too: one entry, not a second list entry on top of the first.
    await card.locator('h2 a').click();
    await dialog.getByRole('heading', { name: story.title }).waitFor();
    await page.keyboard.press('Escape');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('shows the story\'s full page when its address is loaded: headline, the publisher\'s link, its title', async () => {
    const page = chromium.page;
    const { items } = (await (await fetch(`${local().urls.api}/articles?limit=5&market=all`)).json()) as ApiAnswer<'GET /articles'>;
    const story = items.find((item) => item.sourceUrl)!;
    await page.goto(`${site()}${storyPath(story)}`);
    await page.getByRole('heading', { level: 1, name: story.title }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const source = page.getByRole('link', { name: `Read at ${story.sourceName}` });
    expect(await source.getAttribute('href')).toBe(story.sourceUrl);
    expect(await source.getAttribute('rel')).toContain('noopener');
    await expect.poll(() => page.title()).toBe(`${story.title} · Creator News Hub`);
    expect(await page.locator(`time[datetime="${story.publishedAt}"]`).count()).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).count()).toBe(1);
    // An address with other words before the id is the same story, and is replaced by its own.
    await page.goto(`${site()}/story/old-words-${story.id}`);
    await page.waitForURL((url) => url.pathname === storyPath(story));
    await page.getByRole('heading', { level: 1, name: story.title }).waitFor();
  });

  it('turns the legacy /?article=<id> link into the story\'s address, and closing returns to the list', async () => {
    const page = chromium.page;
    await page.goto(site());
    await page.locator('article.card').first().waitFor();
    const story = await cardStory(0);
    await page.goto(`${site()}/?article=${encodeURIComponent(story.id)}`);
    await page.waitForURL((url) => url.pathname === storyPath(story));
    await page.getByRole('dialog').getByRole('heading', { name: story.title }).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('article'));
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('says "Article not found" for a story that does not exist', async () => {
    await chromium.page.goto(`${site()}/story/no-such-story-${randomUUID()}`);
    await chromium.page.getByRole('heading', { level: 1, name: 'Article not found' }).waitFor();
    expect(await chromium.page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/');
  });
});
