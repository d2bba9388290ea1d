import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anotherClient, apiFrom, local, signedInRoles, signedInUser } from '../support/aws.ts';
import { dailyCountersWritten } from '../support/daily-counters.ts';
import { callApi } from '../support/console.ts';
import { TOP_OTHERS } from '#domain/analytics/report.ts';
import type { ApiAnswer } from '#http/answers.ts';

/**
 * Analytics through the local gateway: the page-view beacon's route (public, validated,
 * privacy-reduced, bots not counted) and the console's figures, which must move by exactly the events this
 * file generates (views, page views, shares, likes, bookmarks, searches, subscriptions, donations).
 */

type DailyRow = Analytics['daily'][number];
type Analytics = ApiAnswer<'GET /admin/analytics'>;

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let admin: string;
let moderator: string;
let reader: string;

beforeAll(async () => ({ admin, moderator, reader } = await signedInRoles()));

/** A beacon as a browser sends it: a text/plain JSON string, the site as Origin. */
async function beacon(body: unknown, userAgent = DESKTOP, raw?: string) {
  const response = await fetch(`${local().urls.api}/page-views`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent, origin: local().urls.site },
    body: raw ?? JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

async function today(): Promise<Record<string, number>> {
  const { readDailyCounters } = await import('#store/daily-counters.ts');
  const { indiaDayOf } = await import('#domain/common/india-time.ts');
  const day = indiaDayOf(new Date());
  return (await readDailyCounters([day]))[day]!;
}

async function analytics(days = 30): Promise<Analytics> {
  const answer = await callApi<Analytics>(admin, 'GET', `/admin/analytics?days=${days}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

describe('console analytics routes: who may call them', () => {
  it.each(['/admin/analytics', '/admin/analytics/report'])('%s: guest 401, reader 403, moderator 403, admin 200', async (path) => {
    expect((await callApi(undefined, 'GET', path)).status).toBe(401);
    expect((await callApi(reader, 'GET', path)).status).toBe(403);
    expect((await callApi(moderator, 'GET', path)).status).toBe(403);
    const response = await fetch(`${local().urls.api}${path}?days=7`, { headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
  });

  it('refuses periods other than 7, 30 and 90 with 400', async () => {
    for (const days of ['1', '365', 'abc', '']) {
      const answer = await callApi(admin, 'GET', `/admin/analytics?days=${days}`);
      expect(answer.status, days).toBe(400);
    }
    expect((await analytics(90)).daily).toHaveLength(90);
    const fallback = await callApi<Analytics>(admin, 'GET', '/admin/analytics');
    expect(fallback.body.daily).toHaveLength(30);
  });
});

describe('POST /page-views (public beacon)', () => {
  it('answers bad bodies with 400, never 500', async () => {
    const bad: Array<[unknown, string?]> = [[{}], [{ path: 'no-slash' }], [{ path: `/${'a'.repeat(300)}` }], [{ path: 42 }], [{ path: '/', referrer: 5 }], [null, 'not json'], [null, '[1,2]']];
    for (const [body, raw] of bad) {
      const answer = await beacon(body, DESKTOP, raw);
      expect(answer.status, `${raw ?? JSON.stringify(body)} -> ${answer.text}`).toBe(400);
    }
  });

  it('stores only the path, the referrer domain and the device class; no cookie', async () => {
    await dailyCountersWritten();
    const before = await today();
    const marker = `/categories/beacon-${randomBytes(3).toString('hex')}`;
    const response = await fetch(`${local().urls.api}/page-views`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': IPHONE, origin: local().urls.site },
      body: JSON.stringify({ path: `${marker}/reader%40example.com?token=abc&email=x@y.z#frag`, referrer: 'https://www.google.com/search?q=creator+news' }),
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(await beacon({ path: marker, referrer: `${local().urls.site}/about` }, IPAD)).toEqual({ status: 204, text: '' });
    expect((await beacon({ path: marker, referrer: null })).status).toBe(204);

    await dailyCountersWritten();
    const after = await today();
    const delta = (name: string) => (after[name] ?? 0) - (before[name] ?? 0);
    expect(delta('pv')).toBe(3);
    expect(delta(`pv.path#${marker}/:email`)).toBe(1);
    expect(delta(`pv.path#${marker}`)).toBe(2);
    expect(delta('pv.ref#google.com')).toBe(1);
    expect(delta('pv.ref#(direct)')).toBe(2);
    expect(delta('pv.device#mobile')).toBe(1);
    expect(delta('pv.device#tablet')).toBe(1);
    expect(delta('pv.device#desktop')).toBe(1);
    const names = Object.keys(after).join('\n');
    expect(names).not.toMatch(/[?@#]frag|token=|example\.com|x@y|search\?q/);
  });

  it('answers a bot 204 without counting it', async () => {
    await dailyCountersWritten();
    const before = await today();
    expect((await beacon({ path: '/' }, GOOGLEBOT)).status).toBe(204);
    expect((await beacon({ path: '/' }, '')).status).toBe(204);
    await dailyCountersWritten();
    expect((await today()).pv ?? 0).toBe(before.pv ?? 0);
  });
});

describe('every figure of the console', () => {
  it('moves by exactly the events generated, in the JSON and in the CSV', async () => {
    const { items } = (await (await fetch(`${local().urls.api}/articles?limit=3`)).json()) as ApiAnswer<'GET /articles'>;
    expect(items.length).toBeGreaterThanOrEqual(2);
    const [a, b] = items as [(typeof items)[0], (typeof items)[0]];
    await dailyCountersWritten();
    const before = await analytics(7);
    const before30 = await analytics(30);

    // Page views 4 (1 mobile), article views a x6 b x2, shares a: twitter x2, b: whatsapp, likes a (2 readers), bookmark b,
    // searches 3 (two terms), 2 subscription requests (1 confirmed), 2 paid donations (₹500 and ₹1,234.50).
    const term = `analytics${randomBytes(2).toString('hex')}`;
    for (const ua of [DESKTOP, DESKTOP, DESKTOP, IPHONE]) expect((await beacon({ path: '/figures-test', referrer: 'https://news.ycombinator.com/item?id=1' }, ua)).status).toBe(204);
    // Views and shares count once per client per article per day: each comes from another reader.
    for (let i = 0; i < 6; i++) expect((await apiFrom(anotherClient(), 'POST', `/articles/${a.id}/views`)).status).toBe(202);
    for (let i = 0; i < 2; i++) expect((await apiFrom(anotherClient(), 'POST', `/articles/${b.id}/views`)).status).toBe(202);
    for (const [id, platform] of [[a.id, 'twitter'], [a.id, 'twitter'], [b.id, 'whatsapp']] as const) expect((await apiFrom(anotherClient(), 'POST', `/articles/${id}/shares`, { platform })).status).toBe(202);
    const readers = await Promise.all([signedInUser(), signedInUser()]);
    for (const someone of readers) expect((await callApi(someone.idToken, 'PUT', `/me/likes/${a.id}`)).status).toBeLessThan(300);
    expect((await callApi(readers[0]!.idToken, 'PUT', `/me/bookmarks/${b.id}`)).status).toBeLessThan(300);
    // Unliking does not lower the count of likes given in the period.
    expect((await callApi(readers[1]!.idToken, 'DELETE', `/me/likes/${a.id}`)).status).toBeLessThan(300);
    for (const search of [term, term, `${term}x`]) expect((await apiFrom(anotherClient(), 'POST', '/search-keywords', { term: search })).status).toBe(202);
    const { recordSubscriptionRequest, activateSubscription } = await import('#store/subscribers.ts');
    const emails = [`a-${randomUUID().slice(0, 8)}@test.local`, `b-${randomUUID().slice(0, 8)}@test.local`];
    for (const email of emails) await recordSubscriptionRequest(email);
    await activateSubscription(emails[0]!, { frequency: 'weekly', topics: [] });
    await activateSubscription(emails[0]!, { frequency: 'daily', topics: [] }); // a change of preferences is no new conversion
    const { createDonation, markDonationPaid } = await import('#store/donations.ts');
    for (const paise of [50_000, 123_450]) {
      const donation = await createDonation({ amount: paise, razorpayOrderId: `order_${randomBytes(8).toString('hex')}`, donorEmail: 'donor@test.local' });
      expect(await markDonationPaid(donation, `pay_${randomBytes(8).toString('hex')}`)).not.toBeNull();
    }

    await dailyCountersWritten();
    const after = await analytics(7);
    const grew = (pick: (data: Analytics) => number) => pick(after) - pick(before);
    expect(grew((d) => d.cards.pageViews.value)).toBe(4);
    expect(grew((d) => d.cards.articleViews.value)).toBe(8);
    expect(grew((d) => d.cards.engagements.value)).toBe(2 + 3 + 1);
    expect(grew((d) => d.cards.conversions.value)).toBe(1 + 2);
    expect(after.cards.pageViews.previous).toBe(before.cards.pageViews.previous);
    const { percentChange, conversionRate } = await import('#domain/analytics/report.ts');
    for (const name of ['pageViews', 'articleViews', 'engagements', 'conversions'] as const) {
      expect(after.cards[name].change).toBe(percentChange(after.cards[name].value, after.cards[name].previous));
    }
    expect(after.conversion.conversionRate).toBe(conversionRate(after.cards.conversions.value, after.cards.pageViews.value));

    // Today's row and the totals.
    const row = (data: Analytics) => data.daily.at(-1)!;
    const rowGrew = (name: keyof Omit<DailyRow, 'date'>) => row(after)[name] - row(before)[name];
    expect(Object.fromEntries((['pageViews', 'articleViews', 'likes', 'shares', 'bookmarks', 'searches', 'subscriptionsStarted', 'subscriptionsConfirmed', 'donations', 'donationAmountPaise'] as const).map((name) => [name, rowGrew(name)]))).toEqual({
      pageViews: 4, articleViews: 8, likes: 2, shares: 3, bookmarks: 1, searches: 3, subscriptionsStarted: 2, subscriptionsConfirmed: 1, donations: 2, donationAmountPaise: 173_450,
    });
    expect(after.daily).toHaveLength(7);
    expect(after.daily.slice(0, -1)).toEqual(before.daily.slice(0, -1));
    expect(grew((d) => d.engagement.totals.searches)).toBe(3);
    expect(grew((d) => d.conversion.totals.donationAmountPaise)).toBe(173_450);

    // Traffic.
    expect(after.traffic.topPaths.find((p) => p.path === '/figures-test')?.views).toBe(4);
    const ref = (data: Analytics) => data.traffic.referrers.find((r) => r.domain === 'news.ycombinator.com')?.views ?? 0;
    expect(ref(after) - ref(before)).toBe(4);
    expect(grew((d) => d.traffic.devices.desktop)).toBe(3);
    expect(grew((d) => d.traffic.devices.mobile)).toBe(1);

    // Content: the articles' figures in the window.
    const articleRow = (data: Analytics, id: string) => data.content.topArticles.find((article) => article.id === id);
    const top = after.content.topArticles;
    expect(top.length).toBeLessThanOrEqual(5);
    expect(top.map((article) => article.views)).toEqual([...top.map((article) => article.views)].sort((x, y) => y - x));
    const rowA = articleRow(after, a.id)!;
    expect(rowA).toMatchObject({ title: a.title, category: a.category });
    expect(rowA.views - (articleRow(before, a.id)?.views ?? 0)).toBe(6);
    expect(rowA.likes - (articleRow(before, a.id)?.likes ?? 0)).toBe(2);
    expect(rowA.shares - (articleRow(before, a.id)?.shares ?? 0)).toBe(2);
    const catViews = (data: Analytics, category: string) => data.content.byCategory.find((entry) => entry.category === category)?.views ?? 0;
    const byCategoryGrowth = a.category === b.category ? { [a.category]: 8 } : { [a.category]: 6, [b.category]: 2 };
    for (const [category, views] of Object.entries(byCategoryGrowth)) expect(catViews(after, category) - catViews(before, category)).toBe(views);

    // Engagement: shares by platform and search terms.
    const platform = (data: Analytics, name: string) => data.engagement.sharesByPlatform.find((entry) => entry.platform === name)?.shares ?? 0;
    expect(platform(after, 'twitter') - platform(before, 'twitter')).toBe(2);
    expect(platform(after, 'whatsapp') - platform(before, 'whatsapp')).toBe(1);
    // A top list: each term is listed with its count, or left out only because the list is full of terms
    // searched at least as often (other test files' searches share the table).
    const topTerms = after.engagement.topSearchTerms;
    for (const expected of [{ term, searches: 2 }, { term: `${term}x`, searches: 1 }]) {
      const listed = topTerms.find((entry) => entry.term === expected.term);
      if (listed) expect(listed).toEqual(expected);
      else expect(topTerms.length === TOP_OTHERS && topTerms.every((entry) => entry.searches >= expected.searches), `${expected.term} left out of ${JSON.stringify(topTerms)}`).toBe(true);
    }
    expect(topTerms.map((entry) => entry.searches)).toEqual([...topTerms.map((entry) => entry.searches)].sort((x, y) => y - x));

    // The 30-day view moved the same way.
    const after30 = await analytics(30);
    expect(after30.cards.pageViews.value - before30.cards.pageViews.value).toBe(4);
    expect(after30.cards.conversions.value - before30.cards.conversions.value).toBe(3);

    // The CSV: a header and one row per day equal to the JSON's daily rows.
    const response = await fetch(`${local().urls.api}/admin/analytics/report?days=7`, { headers: { authorization: `Bearer ${admin}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="analytics-7d-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('date,page views,article views,likes,shares,bookmarks,searches,subscriptions started,subscriptions confirmed,donations,donation amount INR');
    const fresh = await analytics(7);
    expect(lines.slice(1)).toEqual(fresh.daily.map((d) => [d.date, d.pageViews, d.articleViews, d.likes, d.shares, d.bookmarks, d.searches, d.subscriptionsStarted, d.subscriptionsConfirmed, d.donations, (d.donationAmountPaise / 100).toFixed(2)].join(',')));
  });
});
