import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_NAMES, type CategorySlug } from '#domain/content/categories.ts';
import { local, useLocalAws } from '../support/aws.ts';
import { seriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { codeIn, waitForMail } from '../support/inbox.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * The signed-in reader's journey in Chromium against the built site and the local runtime, as a new
 * reader takes it: sign up, the code from the local inbox, verify, save and like, bookmarks (also offline),
 * For You, notifications (one arriving live), preferences, data download, sign out, account deletion.
 */
const chromium = useChromium();
const email = `journey-${Date.now()}@example.com`;
const password = 'Journey-Pass-2026';

type Card = ApiAnswer<'GET /articles'>['items'][number];

let likedCategory: string;
let chosen: Card[];

const site = () => local().urls.site;
const page = (): Page => chromium.page;

/** The signed-in reader's ID token, where Amplify keeps it. */
async function idTokenIn(target: Page): Promise<string> {
  return target.evaluate(() => {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.idToken')) return localStorage.getItem(key) ?? '';
    }
    return '';
  });
}

const subOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { sub: string }).sub;

async function signIn(target: Page): Promise<void> {
  await target.goto(`${site()}/auth`);
  await target.getByLabel('Email').fill(email);
  await target.getByLabel('Password').fill(password);
  await target.getByRole('button', { name: 'Sign In', exact: true }).click();
}

beforeAll(async () => {
  useLocalAws();
  // Two articles of one category to like and save: For You should then lead with that category.
  const { items } = (await (await fetch(`${local().urls.api}/articles?limit=100&market=all`)).json()) as ApiAnswer<'GET /articles'>;
  const byCategory = new Map<string, Card[]>();
  for (const card of items) byCategory.set(card.category, [...(byCategory.get(card.category) ?? []), card]);
  const [category, cards] = [...byCategory.entries()].filter(([, list]) => list.length >= 4).sort((a, b) => a[1].length - b[1].length)[0] ?? [];
  if (!category || !cards) throw new Error('The fixture feeds gave no category with four articles');
  likedCategory = category;
  chosen = cards.slice(0, 2);
});

describe('the signed-in reader in Chromium', () => {
  it('signs up, reads the code from the local inbox, verifies and is signed in', async () => {
    // The console's note is for those the console sent here, not for every reader (Sign In, Sign Up, Verify).
    const adminNote = page().getByText('Admin access required for content management');
    await page().goto(`${site()}/auth`);
    await page().getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(await adminNote.count()).toBe(0);
    await page().getByRole('tab', { name: 'Sign Up' }).click();
    expect(await adminNote.count()).toBe(0);
    await page().getByLabel('Full Name').fill('Journey Reader');
    await page().getByLabel('Email').fill(email);
    await page().getByLabel('Password').fill('short');
    await page().getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page().getByText('Password must be at least 8 characters').waitFor();
    await page().getByLabel('Password').fill(password);
    await page().getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page().getByText('Account Created!').waitFor();
    await page().getByRole('heading', { name: 'Verify your e-mail' }).waitFor();
    expect(await adminNote.count()).toBe(0);
    const mail = await waitForMail(local().urls.mail, email, /verification code/i);
    await page().getByLabel('Verification code').fill(codeIn(mail));
    await page().getByRole('button', { name: 'Verify' }).click();
    await page().getByText('Welcome Back!').waitFor();
    await page().locator('.account-menu').waitFor();
    expect(new URL(page().url()).pathname).toBe('/');
    // A signed-in reader on /auth goes home.
    await page().goto(`${site()}/auth`);
    await page().waitForURL(`${site()}/`);
  });

  it('saves and likes two articles with the spec\'s toasts, and /bookmarks lists them after a reload', async () => {
    for (const card of chosen) {
      await page().goto(`${site()}/?article=${encodeURIComponent(card.id)}`);
      const dialog = page().getByRole('dialog');
      await dialog.getByRole('heading', { name: card.title }).waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await page().getByText('Article saved to your bookmarks').first().waitFor();
      await dialog.getByRole('button', { name: 'Like' }).click();
      await page().getByText('Added to your liked articles.').first().waitFor();
      await expect.poll(() => dialog.getByRole('button', { name: 'Saved' }).count()).toBe(1);
    }
    await page().goto(`${site()}/bookmarks`);
    await page().getByTestId('bookmark-count').waitFor();
    expect((await page().locator('article h2').allTextContents()).sort()).toEqual(chosen.map((card) => card.title).sort());
    await page().reload();
    await page().getByTestId('bookmark-count').waitFor();
    expect(await page().locator('article h2').count()).toBe(2);
  });

  it('keeps the saved articles readable offline', async () => {
    await page().evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Once the worker controls the page, its fetches fill the caches.
    await page().reload();
    await expect.poll(() => page().evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page().reload();
    await page().getByTestId('bookmark-count').waitFor();
    await page().context().setOffline(true);
    try {
      await page().reload();
      await page().getByTestId('bookmark-count').waitFor();
      expect((await page().locator('article h2').allTextContents()).sort()).toEqual(chosen.map((card) => card.title).sort());
      await page().locator('article h2 a').first().click();
      await page().getByRole('dialog').getByRole('heading', { name: 'Related Articles' }).waitFor();
    } finally {
      await page().context().setOffline(false);
    }
  });

  it('ranks an article of the liked category first in For You', async () => {
    await page().goto(site());
    await page().getByRole('tab', { name: 'Personalized Feed' }).click();
    await page().getByRole('heading', { name: 'Reading Activity' }).waitFor();
    await page().getByRole('heading', { name: /Recommended for You/ }).waitFor();
    const firstCategory = async () => {
      await page().getByRole('button', { name: 'Refresh recommendations' }).click();
      await page().getByText(/Generated \d+ new recommendations/).first().waitFor();
      await page().locator('#feed-panel article').first().waitFor();
      return page().locator('#feed-panel article .card-meta .badge').first().textContent();
    };
    await expect.poll(firstCategory, { timeout: 20_000, interval: 1000 }).toBe(CATEGORY_NAMES[likedCategory as CategorySlug]);
    // The signed-in side widgets: the reader's own activity, content performance and the month's donations.
    const activity = page().locator('.widget', { has: page().getByRole('heading', { name: 'Your Activity' }) });
    await activity.getByText('Liked an article').first().waitFor();
    await page().getByRole('heading', { name: 'Content Performance' }).waitFor();
    const support = page().locator('.widget', { has: page().getByRole('heading', { name: 'Community Support' }) });
    const donations = (await (await fetch(`${local().urls.api}/donations/summary`)).json()) as ApiAnswer<'GET /donations/summary'>;
    await support.getByRole('progressbar').waitFor();
    expect(await support.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(Math.min(100, donations.goalPercent)));
    const shown = await page().locator('#feed-panel article h2').allTextContents();
    for (const card of chosen) expect(shown).not.toContain(card.title);
    expect(await seriousViolations(page())).toEqual([]);
    for (const tab of ['Trending', 'Latest', 'Saved']) {
      await page().getByRole('tab', { name: tab, exact: true }).click();
      await page().getByTestId('feed-count').waitFor();
    }
    expect(await page().getByTestId('feed-count').textContent()).toBe('2');
    expect(await seriousViolations(page())).toEqual([]);
  });

  it('shows the welcome notification, lowers the count on mark read, and receives a new one without a reload', async () => {
    await page().goto(`${site()}/dashboard?tab=notifications`);
    const list = page().getByTestId('notification-list');
    await list.getByText('Welcome to Creator News Hub!', { exact: true }).waitFor();
    expect(await page().getByTestId('unread-count').textContent()).toBe('1');
    await list.getByRole('button', { name: /^Mark read/ }).click();
    await expect.poll(() => page().getByTestId('unread-count').textContent()).toBe('0');
    expect(await seriousViolations(page())).toEqual([]);

    const { createNotification } = await import('#store/notifications.ts');
    await createNotification({ userId: subOf(await idTokenIn(page())), title: 'Editor\'s pick', message: 'A story we think you will like', type: 'info', actionUrl: '/categories' });
    await list.getByText('Editor\'s pick', { exact: true }).waitFor({ timeout: 20_000 });
    expect(await page().getByTestId('unread-count').textContent()).toBe('1');
    await page().locator('.toast').getByText('A story we think you will like').waitFor();
    expect((await list.locator('li strong').allTextContents())[0]).toBe('Editor\'s pick');
  });

  it('saves preferences and downloads the reader\'s data', async () => {
    await page().goto(`${site()}/dashboard`);
    await page().getByRole('heading', { name: 'Preferences' }).waitFor();
    await page().getByLabel('Creator Economy').check();
    await page().getByRole('button', { name: 'Save preferences' }).click();
    await page().getByText('Preferences updated successfully').first().waitFor();
    await page().reload();
    await page().getByRole('heading', { name: 'Preferences' }).waitFor();
    await expect.poll(() => page().getByLabel('Creator Economy').isChecked()).toBe(true);
    expect(await page().getByLabel('All categories').isChecked()).toBe(false);
    // Push is a checkbox of its own (test/e2e/push.test.ts turns it on); it no longer answers "Coming Soon!".
    expect(await page().getByLabel('Push notifications on this browser').isVisible()).toBe(true);
    expect(await seriousViolations(page())).toEqual([]);

    const download = page().waitForEvent('download');
    await page().getByRole('button', { name: 'Download my data' }).click();
    const file = await (await download).path();
    const data = JSON.parse(readFileSync(file, 'utf8')) as { profile: { email: string; fullName: string }; bookmarks: unknown[]; likes: unknown[]; preferences: { preferredCategories: string[] } };
    expect(data.profile).toMatchObject({ email, fullName: 'Journey Reader' });
    expect(data.bookmarks).toHaveLength(2);
    expect(data.likes).toHaveLength(2);
    expect(data.preferences.preferredCategories).toEqual(['creator-economy']);
  });

  it('subscribes from the dashboard\'s Newsletter tab at once (the account\'s e-mail is verified), state from the server', async () => {
    await page().goto(`${site()}/dashboard?tab=newsletter`);
    const form = page().locator('.newsletter-form');
    await expect.poll(() => form.getByLabel('Email').inputValue()).toBe(email);
    await form.getByLabel('Frequency').selectOption('monthly');
    await form.getByRole('button', { name: 'Subscribe to Newsletter' }).click();
    await page().getByText('Successfully subscribed to newsletter!').first().waitFor();
    await page().reload();
    await form.getByRole('button', { name: 'Update Preferences' }).waitFor();
    await expect.poll(() => form.getByLabel('Frequency').inputValue()).toBe('monthly');
    await form.getByRole('button', { name: 'Unsubscribe from Newsletter' }).click();
    await form.getByRole('button', { name: 'Subscribe to Newsletter' }).waitFor();
  });

  it('signs out, and the account menu becomes a Sign In button', async () => {
    await page().goto(site());
    await page().locator('.account-menu summary').click();
    await page().getByRole('button', { name: 'Sign Out' }).click();
    await page().getByText('You have been successfully logged out.').waitFor();
    await page().getByRole('link', { name: 'Sign In' }).waitFor();
    await page().goto(`${site()}/bookmarks`);
    await page().getByRole('heading', { name: 'Sign In Required' }).waitFor();
    expect(await seriousViolations(page())).toEqual([]);
    await page().goto(`${site()}/dashboard`);
    await page().waitForURL(`${site()}/auth?redirect=%2Fdashboard`);
    expect(await seriousViolations(page())).toEqual([]);
  });

  it('deletes the account: the sign-in no longer works and the reader\'s items are gone', async () => {
    await signIn(page());
    await page().locator('.account-menu').waitFor();
    const userId = subOf(await idTokenIn(page()));
    await page().goto(`${site()}/dashboard`);
    // The dashboard's widgets load as their own chunks and move the page; click once it has settled.
    await page().waitForLoadState('networkidle');
    await page().getByRole('button', { name: 'Delete my account' }).click();
    await page().getByRole('button', { name: 'Yes, delete everything' }).click();
    await page().getByText('Your account and all your data have been removed.').waitFor();
    await page().getByRole('link', { name: 'Sign In' }).waitFor();

    const { exportUserData } = await import('#store/accounts.ts');
    const left = await exportUserData(userId);
    expect(left).toMatchObject({ profile: null, preferences: null, bookmarks: [], likes: [], notifications: [] });

    await signIn(page());
    await page().getByText('Login Failed').waitFor();
  });
});
