import { randomBytes, randomUUID } from 'node:crypto';
import type { ApiAnswer } from '#http/answers.ts';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { anotherClient, apiFrom, local, signedInUser, useLocalAws } from '../support/aws.ts';
import { dailyCountersWritten } from '../support/daily-counters.ts';
import { expectNoSeriousViolations } from '../support/axe.ts';
import { useChromium } from '../support/browser.ts';
import { callApi, openConsole } from '../support/console.ts';

/**
 * Analytics in Chromium against the local runtime: the reader site's page-view beacon
 * (one per route change, no cookie) and the console's Analytics screen, whose figures must equal what this
 * file computes from the store (the daily counter items, shares, paid donations) after generating events.
 */
const chromium = useChromium();
/** expect.poll gives up after 1 s by default; screens under a loaded machine need longer. */
const SLOW = { timeout: 20_000 };
const DAY = 86_400_000;
const IST = 5.5 * 3_600_000;
const count = (value: number) => value.toLocaleString('en-IN');
const indiaDay = (ms: number) => new Date(ms + IST).toISOString().slice(0, 10);

beforeAll(() => {
  useLocalAws();
});

/** Sums of the day counter items of the last `days` India days, by name (shards added), read here from the table. */
async function counterSums(days: number): Promise<{ perDay: Map<string, Record<string, number>>; total: Record<string, number>; dates: string[] }> {
  const { Counter } = await import('#store/table/counters.ts');
  const now = Date.now();
  const dates = Array.from({ length: days }, (_, index) => indiaDay(now - (days - 1 - index) * DAY));
  const perDay = new Map<string, Record<string, number>>();
  const total: Record<string, number> = {};
  for (const date of dates) {
    const { data } = await Counter.query.byScope({ scope: `analytics#${date}` }).go({ pages: 'all' });
    const sums: Record<string, number> = {};
    for (const item of data) {
      const name = item.name.replace(/~\d+$/, '');
      sums[name] = (sums[name] ?? 0) + (item.value ?? 0);
      total[name] = (total[name] ?? 0) + (item.value ?? 0);
    }
    perDay.set(date, sums);
  }
  return { perDay, total, dates };
}

/** What the screen must show for a period, computed from the store by this test. */
async function expected(days: number) {
  const { sharesSince } = await import('#store/engagement.ts');
  const { listPaidDonationsBetween } = await import('#store/donations.ts');
  const { perDay, total, dates } = await counterSums(days);
  const from = new Date(`${dates[0]}T00:00:00+05:30`).toISOString();
  const to = new Date(Date.parse(`${dates.at(-1)}T00:00:00+05:30`) + DAY).toISOString();
  const shares = (await sharesSince(new Date(from))).filter((share) => share.sharedAt < to);
  const donations = (await listPaidDonationsBetween(from, to)).filter((donation) => donation.paidAt);
  const get = (name: string) => total[name] ?? 0;
  return {
    dates,
    perDay,
    total,
    shares,
    donations,
    pageViews: get('pv'),
    articleViews: get('article.views'),
    likes: get('likes'),
    bookmarks: get('bookmarks'),
    searches: get('searches'),
    engagements: get('likes') + get('bookmarks') + shares.length,
    conversions: get('subscriptions.confirmed') + donations.length,
  };
}

describe('the reader site\'s page views', () => {
  it('sends one beacon per route change, sets no cookie, and the counters move by exactly that', async () => {
    // No service worker: once it controls the page, the page's same-origin requests (the API is under /api
    // now) can pass through it out of Playwright's sight; the beacons, not the worker, are what is tested.
    const context = await chromium.browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const beacons: Array<{ path: string; referrer: string }> = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/page-views') && request.method() === 'POST') beacons.push(JSON.parse(request.postData() ?? '{}') as { path: string; referrer: string });
    });
    await dailyCountersWritten();
    const before = (await counterSums(1)).total;
    const after = async () => (await counterSums(1)).total;
    const viewsSinceStart = async () => ((await after()).pv ?? 0) - (before.pv ?? 0);
    await page.goto(`${local().urls.site}/?utm_source=newsletter`);
    await expect.poll(viewsSinceStart, SLOW).toBe(1);
    // Client-side route changes through the footer's links (no reload). Each is clicked on the page it leads from,
    // as a reader would: a route whose code is still loading has not been shown, and a link clicked meanwhile
    // replaces it unseen (the navigation is a transition), which is then rightly no view.
    for (const [name, path, title] of [['About Us', '/about', /^About · /], ['Our Mission', '/mission', /^Our Mission · /], ['Home', '/', /^Creator News Hub: /]] as const) {
      await page.getByRole('contentinfo').getByRole('link', { name, exact: true }).click();
      await page.waitForURL(`${local().urls.site}${path}`);
      await expect.poll(() => page.title(), SLOW).toMatch(title);
    }
    // The store is the witness: Playwright's request events have been seen to miss a beacon under load.
    await expect.poll(viewsSinceStart, SLOW).toBe(4);
    // A re-render on the same route is no new view.
    await page.waitForTimeout(1000);
    expect(await viewsSinceStart()).toBe(4);
    expect(beacons.length).toBeGreaterThan(0);
    expect(beacons.every((beacon) => !JSON.stringify(beacon).includes('utm_source'))).toBe(true);

    const now = await after();
    const grew = (name: string) => (now[name] ?? 0) - (before[name] ?? 0);
    expect(grew('pv.path#/')).toBe(2);
    expect(grew('pv.path#/about')).toBe(1);
    expect(grew('pv.path#/mission')).toBe(1);
    expect(Object.keys(now).filter((key) => key.includes('utm'))).toEqual([]);
    // Headless Chromium is counted (by decision), as a desktop; its views are direct (no external referrer).
    expect(grew('pv.device#desktop')).toBe(4);
    expect(grew('pv.ref#(direct)')).toBe(4);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });
});

describe('the Analytics screen', () => {
  it('shows the store\'s figures for each period and tab, downloads the CSV, and passes axe at both widths', async () => {
    // Known events: page views, article views, shares, likes, a bookmark, searches, a confirmed subscription, a paid donation.
    const { items } = (await (await fetch(`${local().urls.api}/articles?limit=2`)).json()) as ApiAnswer<'GET /articles'>;
    const [article] = items as [(typeof items)[number]];
    for (const path of ['/', '/about', '/categories/creator-economy']) {
      await fetch(`${local().urls.api}/page-views`, { method: 'POST', headers: { 'content-type': 'text/plain', 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', origin: local().urls.site }, body: JSON.stringify({ path, referrer: 'https://www.instagram.com/' }) });
    }
    // Each view and share from another reader (one client counts once per article per day).
    for (let i = 0; i < 25; i++) expect((await apiFrom(anotherClient(), 'POST', `/articles/${article.id}/views`)).status).toBe(202);
    for (const platform of ['linkedin', 'email']) expect((await apiFrom(anotherClient(), 'POST', `/articles/${article.id}/shares`, { platform })).status).toBe(202);
    const someone = await signedInUser();
    expect((await callApi(someone.idToken, 'PUT', `/me/likes/${article.id}`)).status).toBeLessThan(300);
    expect((await callApi(someone.idToken, 'PUT', `/me/bookmarks/${article.id}`)).status).toBeLessThan(300);
    const term = `screen${randomBytes(2).toString('hex')}`;
    for (let i = 0; i < 2; i++) expect((await apiFrom(anotherClient(), 'POST', '/search-keywords', { term })).status).toBe(202);
    const { recordSubscriptionRequest, activateSubscription } = await import('#store/subscribers.ts');
    const email = `an-${randomUUID().slice(0, 8)}@test.local`;
    await recordSubscriptionRequest(email);
    await activateSubscription(email, { frequency: 'weekly', topics: [] });
    const { createDonation, markDonationPaid } = await import('#store/donations.ts');
    const donation = await createDonation({ amount: 77_700, razorpayOrderId: `order_${randomBytes(8).toString('hex')}` });
    await markDonationPaid(donation, `pay_${randomBytes(8).toString('hex')}`);
    await dailyCountersWritten();

    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await openConsole(page, '/admin/analytics');
    await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();

    const checkCards = async (days: number) => {
      const want = await expected(days);
      await expect.poll(() => page.getByTestId('an-window').textContent(), SLOW).toMatch(new RegExp(`\\(${days} days\\)$`));
      expect(await page.getByTestId('an-card-pageViews').textContent()).toBe(count(want.pageViews));
      expect(await page.getByTestId('an-card-articleViews').textContent()).toBe(count(want.articleViews));
      expect(await page.getByTestId('an-card-engagements').textContent()).toBe(count(want.engagements));
      expect(await page.getByTestId('an-card-conversions').textContent()).toBe(count(want.conversions));
      return want;
    };
    // Default: the spec's 30-day window.
    const want30 = await checkCards(30);
    expect(want30.articleViews).toBeGreaterThanOrEqual(25);
    expect(want30.conversions).toBeGreaterThanOrEqual(2);

    // Traffic: the top pages table holds our paths; the referrer is reduced to its domain.
    await page.getByRole('table', { name: 'Top pages' }).getByText('/categories/creator-economy').waitFor();
    const referrers = page.getByRole('table', { name: 'Referrers' });
    await expect.poll(() => referrers.getByRole('row', { name: /instagram\.com/ }).textContent(), SLOW).toContain(count(want30.total['pv.ref#instagram.com'] ?? -1));
    await page.getByText('Page views per day').waitFor();
    await expectNoSeriousViolations(page, 'analytics traffic at 1366px');

    // Content: the most viewed article is ours, with its likes, shares and bookmarks of the period.
    await page.getByRole('tab', { name: 'Content' }).click();
    const top = page.getByRole('table', { name: 'Top articles' });
    const sums = want30.total;
    const articleShares = want30.shares.filter((share) => share.articleId === article.id).length;
    await expect.poll(() => top.getByRole('row', { name: new RegExp(article.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first().textContent(), SLOW).toContain(
      `${count(sums[`article.view#${article.id}`] ?? 0)}${count(sums[`like#${article.id}`] ?? 0)}${count(articleShares)}${count(sums[`bookmark#${article.id}`] ?? 0)}`,
    );
    await page.getByText('Article views by category').waitFor();

    // Engagement totals.
    await page.getByRole('tab', { name: 'Engagement' }).click();
    await expect.poll(() => page.getByTestId('an-likes').textContent(), SLOW).toBe(count(want30.likes));
    expect(await page.getByTestId('an-shares').textContent()).toBe(count(want30.shares.length));
    expect(await page.getByTestId('an-bookmarks').textContent()).toBe(count(want30.bookmarks));
    expect(await page.getByTestId('an-searches').textContent()).toBe(count(want30.searches));
    await expect.poll(() => page.getByRole('table', { name: 'Top search terms' }).getByRole('row', { name: new RegExp(term) }).textContent(), SLOW).toBe(`${term}2`);
    await expectNoSeriousViolations(page, 'analytics engagement at 1366px');

    // Conversion totals and rate.
    await page.getByRole('tab', { name: 'Conversion' }).click();
    await expect.poll(() => page.getByTestId('an-subs-confirmed').textContent(), SLOW).toBe(count(sums['subscriptions.confirmed'] ?? 0));
    const amount = want30.donations.filter((entry) => (entry.currency ?? 'INR') === 'INR').reduce((sum, entry) => sum + entry.amount, 0);
    const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount / 100);
    expect(await page.getByTestId('an-donations').textContent()).toBe(`${count(want30.donations.length)} · ${inr}`);
    expect(await page.getByTestId('an-rate').textContent()).toBe(`${((Math.round((want30.conversions / want30.pageViews) * 10_000) / 10_000) * 100).toFixed(2)}%`);
    await expectNoSeriousViolations(page, 'analytics conversion at 1366px');

    // Reports: the CSV's rows are the store's days.
    await page.getByRole('tab', { name: 'Reports' }).click();
    const link = page.getByRole('link', { name: 'Download CSV' });
    await link.waitFor(SLOW);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,page views,article views,likes,shares,bookmarks,searches,subscriptions started,subscriptions confirmed,donations,donation amount INR');
    expect(lines).toHaveLength(31);
    const fresh = await expected(30);
    const today = fresh.dates.at(-1)!;
    const todayLine = lines.find((line) => line.startsWith(`${today},`))!.split(',');
    const todays = fresh.perDay.get(today)!;
    expect(todayLine.slice(1, 4).map(Number)).toEqual([todays.pv ?? 0, todays['article.views'] ?? 0, todays.likes ?? 0]);
    expect(Number(todayLine[5])).toBe(todays.bookmarks ?? 0);
    expect(Number(todayLine[6])).toBe(todays.searches ?? 0);
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(fresh.dates);
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[1]), 0)).toBe(fresh.pageViews);
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[4]), 0)).toBe(fresh.shares.length);
    expect(lines.slice(1).reduce((sum, line) => sum + Number(line.split(',')[9]), 0)).toBe(fresh.donations.length);
    await expectNoSeriousViolations(page, 'analytics reports at 1366px');

    // Periods: 7 and 90 days, each equal to the store's.
    await page.getByRole('tab', { name: 'Traffic' }).click();
    await page.getByText('7 days', { exact: true }).click();
    await checkCards(7);
    await page.getByText('90 days', { exact: true }).click();
    await checkCards(90);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('an-card-pageViews').waitFor();
    await expectNoSeriousViolations(page, 'analytics traffic at 390px');
    await page.getByRole('tab', { name: 'Content' }).click();
    await expectNoSeriousViolations(page, 'analytics content at 390px');
    await page.close();
  });

  it('toasts the spec\'s error when the figures cannot be fetched', async () => {
    const page = await chromium.browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.route(/\/admin\/analytics\?/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Temporary system issue - our team has been notified' }) }));
    await openConsole(page, '/admin/analytics');
    await page.getByText('Failed to fetch analytics data').first().waitFor(SLOW);
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await page.close();
  });
});
