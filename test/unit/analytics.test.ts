import { describe, expect, it } from 'vitest';
import { analyticsCsv, csvField } from '#domain/analytics/csv.ts';
import { DAILY } from '#domain/analytics/daily-counters.ts';
import { cleanPath, deviceClass, isBot, referrerDomain } from '#domain/analytics/page-view-input.ts';
import { buildAnalytics, conversionRate, percentChange, type DailyRow } from '#domain/analytics/report.ts';
import { analyticsWindow } from '#domain/analytics/window.ts';

const CHROME_DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const HEADLESS = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ANDROID_PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const ANDROID_TABLET = 'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const IPAD = 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('analytics windows (India days)', () => {
  it('covers the last N India days, today included, and the N before them', () => {
    // 23 Nov 2026 20:00 UTC is 24 Nov 01:30 in India.
    const window = analyticsWindow(7, new Date('2026-11-23T20:00:00Z'));
    expect(window.days).toEqual(['2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24']);
    expect(window.previousDays[0]).toBe('2026-11-11');
    expect(window.previousDays.at(-1)).toBe('2026-11-17');
    expect(window.from).toBe('2026-11-17T18:30:00.000Z');
    expect(window.to).toBe('2026-11-24T18:30:00.000Z');
    expect(window.previousFrom).toBe('2026-11-10T18:30:00.000Z');
    expect(analyticsWindow(30, new Date()).days).toHaveLength(30);
    expect(analyticsWindow(90, new Date()).previousDays).toHaveLength(90);
  });
});

describe('figures', () => {
  it('change in percent with one decimal, null without a previous figure', () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(1, 3)).toBe(-66.7);
    expect(percentChange(5, 0)).toBeNull();
    expect(percentChange(0, 4)).toBe(-100);
  });
  it('conversion rate per page view, null without page views', () => {
    expect(conversionRate(3, 200)).toBe(0.015);
    expect(conversionRate(1, 3)).toBe(0.3333);
    expect(conversionRate(2, 0)).toBeNull();
  });
});

describe('page-view input', () => {
  it('keeps the pathname only and hides e-mails and tokens, not article ids', () => {
    expect(cleanPath('/categories/brands?utm_source=x#top')).toBe('/categories/brands');
    expect(cleanPath('/unsubscribe/aB3dE5fG7hJ9kL1mN3pQ5rS7')).toBe('/unsubscribe/:token');
    expect(cleanPath('/u/someone%40example.com/x')).toBe('/u/:email/x');
    expect(cleanPath('/article/0193a5e2-7c4d-7abc-9def-0123456789ab')).toBe('/article/0193a5e2-7c4d-7abc-9def-0123456789ab');
    expect(cleanPath('//about')).toBe('/about');
    expect(cleanPath('/categories/creator-economy-news')).toBe('/categories/creator-economy-news');
  });
  it('reduces a referrer to its external domain', () => {
    const own = ['example.in', 'localhost'];
    expect(referrerDomain('https://www.google.com/search?q=creators', own)).toBe('google.com');
    expect(referrerDomain('https://t.co/abc', own)).toBe('t.co');
    expect(referrerDomain('https://www.example.in/about', own)).toBeNull();
    expect(referrerDomain('http://localhost:5200/', own)).toBeNull();
    expect(referrerDomain('', own)).toBeNull();
    expect(referrerDomain('not a url', own)).toBeNull();
    expect(referrerDomain('android-app://com.google.android.gm/', own)).toBeNull();
  });
  it('classifies devices in three classes', () => {
    expect(deviceClass(CHROME_DESKTOP)).toBe('desktop');
    expect(deviceClass(HEADLESS)).toBe('desktop');
    expect(deviceClass(IPHONE)).toBe('mobile');
    expect(deviceClass(ANDROID_PHONE)).toBe('mobile');
    expect(deviceClass(ANDROID_TABLET)).toBe('tablet');
    expect(deviceClass(IPAD)).toBe('tablet');
    expect(deviceClass(undefined)).toBe('desktop');
  });
  it('does not count bots, counts headless browsers', () => {
    expect(isBot('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBe(true);
    expect(isBot('Mozilla/5.0 (compatible; bingbot/2.0)')).toBe(true);
    expect(isBot('AhrefsBot/7.0')).toBe(true);
    expect(isBot('Some Crawler 1.0')).toBe(true);
    expect(isBot('Baiduspider')).toBe(true);
    expect(isBot('facebookexternalhit/1.1')).toBe(true);
    expect(isBot('curl/8.4.0')).toBe(true);
    expect(isBot('')).toBe(true);
    expect(isBot(undefined)).toBe(true);
    expect(isBot(HEADLESS)).toBe(false);
    expect(isBot(CHROME_DESKTOP)).toBe(false);
    expect(isBot(IPHONE)).toBe(false);
  });
});

describe('buildAnalytics', () => {
  const now = new Date('2026-11-23T06:00:00Z');
  const window = analyticsWindow(7, now);
  const today = window.days.at(-1)!;
  const firstDay = window.days[0]!;
  const before = window.previousDays.at(-1)!;
  const data = buildAnalytics({
    window,
    counters: {
      [today]: { [DAILY.pageViews]: 6, [DAILY.path('/')]: 4, [DAILY.path('/about')]: 2, [DAILY.referrer(null)]: 5, [DAILY.referrer('google.com')]: 1, [DAILY.device('mobile')]: 2, [DAILY.device('desktop')]: 4, [DAILY.articleViews]: 3, [DAILY.articleView('a1')]: 2, [DAILY.articleView('a2')]: 1, [DAILY.categoryViews('brands')]: 3, [DAILY.likes]: 2, [DAILY.like('a1')]: 2, [DAILY.searches]: 3, [DAILY.search('reels')]: 2, [DAILY.search('ugc')]: 1, [DAILY.subscriptionsConfirmed]: 1 },
      [firstDay]: { [DAILY.pageViews]: 4, [DAILY.bookmarks]: 1, [DAILY.bookmark('a2')]: 1 },
      [before]: { [DAILY.pageViews]: 5, [DAILY.likes]: 1 },
    },
    shares: [
      { articleId: 'a1', platform: 'twitter', sharedAt: now.toISOString() },
      { articleId: 'a1', platform: 'whatsapp', sharedAt: now.toISOString() },
      { articleId: 'a2', platform: 'twitter', sharedAt: new Date(Date.parse(window.from) - 1000).toISOString() },
    ],
    donations: [
      { amount: 50_000, currency: 'INR', paidAt: now.toISOString() },
      { amount: 1_000, currency: 'USD', paidAt: now.toISOString() },
      { amount: 20_000, currency: 'INR', paidAt: new Date(Date.parse(window.from) - 1000).toISOString() },
    ],
    subscriptionsStarted: [now.toISOString(), now.toISOString()],
    articles: [{ id: 'a1', title: 'First', category: 'brands' }],
  });

  it('computes the cards with the change against the previous period', () => {
    expect(data.cards.pageViews).toEqual({ value: 10, previous: 5, change: 100 });
    expect(data.cards.articleViews).toEqual({ value: 3, previous: 0, change: null });
    // likes 2 + shares 2 + bookmarks 1; previous: like 1 + share 1
    expect(data.cards.engagements).toEqual({ value: 5, previous: 2, change: 150 });
    // 1 confirmed subscription + 2 paid donations; previous: 1 donation
    expect(data.cards.conversions).toEqual({ value: 3, previous: 1, change: 200 });
    expect(data.conversion.conversionRate).toBe(0.3);
  });

  it('fills every day and puts the events in their India day', () => {
    expect(data.daily.map((row) => row.date)).toEqual(window.days);
    const last = data.daily.at(-1)!;
    expect(last).toEqual<DailyRow>({ date: today, pageViews: 6, articleViews: 3, likes: 2, shares: 2, bookmarks: 0, searches: 3, subscriptionsStarted: 2, subscriptionsConfirmed: 1, donations: 2, donationAmountPaise: 50_000 });
    expect(data.daily[0]).toMatchObject({ pageViews: 4, bookmarks: 1, shares: 0 });
    expect(data.daily.slice(1, -1).every((row) => row.pageViews === 0 && row.likes === 0)).toBe(true);
  });

  it('ranks top lists and splits', () => {
    expect(data.traffic.topPaths).toEqual([{ path: '/', views: 4 }, { path: '/about', views: 2 }]);
    expect(data.traffic.referrers).toEqual([{ domain: '(direct)', views: 5 }, { domain: 'google.com', views: 1 }]);
    expect(data.traffic.devices).toEqual({ mobile: 2, tablet: 0, desktop: 4 });
    expect(data.content.topArticles).toEqual([
      { id: 'a1', title: 'First', category: 'brands', views: 2, likes: 2, shares: 2, bookmarks: 0 },
      { id: 'a2', title: '(article no longer available)', category: null, views: 1, likes: 0, shares: 0, bookmarks: 1 },
    ]);
    expect(data.content.byCategory).toEqual([{ category: 'brands', views: 3 }]);
    expect(data.engagement.sharesByPlatform).toEqual([{ platform: 'twitter', shares: 1 }, { platform: 'whatsapp', shares: 1 }]);
    expect(data.engagement.topSearchTerms).toEqual([{ term: 'reels', searches: 2 }, { term: 'ugc', searches: 1 }]);
    expect(data.conversion.totals).toEqual({ subscriptionsStarted: 2, subscriptionsConfirmed: 1, donations: 2, donationAmountPaise: 50_000, conversions: 3 });
  });
});

describe('the CSV report', () => {
  it('quotes fields per RFC 4180', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(12)).toBe('12');
  });
  it('has a header and one CRLF row per day, amounts in rupees', () => {
    const csv = analyticsCsv([{ date: '2026-11-23', pageViews: 1, articleViews: 2, likes: 3, shares: 4, bookmarks: 5, searches: 6, subscriptionsStarted: 7, subscriptionsConfirmed: 8, donations: 9, donationAmountPaise: 123_450 }]);
    expect(csv).toBe('date,page views,article views,likes,shares,bookmarks,searches,subscriptions started,subscriptions confirmed,donations,donation amount INR\r\n2026-11-23,1,2,3,4,5,6,7,8,9,1234.50\r\n');
  });
});
