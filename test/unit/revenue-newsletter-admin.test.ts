import { describe, expect, it } from 'vitest';
import { renderComposedIssue, renderDigest } from '#domain/newsletter/digest-mail.ts';
import { supporterTier } from '#domain/donations/donations.ts';
import { composeProblem, composeSchema, subscriberStatus } from '#domain/newsletter/newsletter-admin.ts';
import { revenueAnalytics, revenueWindows } from '#domain/donations/revenue.ts';

describe('revenue analytics rules', () => {
  it('puts a gift in its tier by the thresholds, boundaries included', () => {
    expect([250_000, 249_900, 100_000, 99_900, 50_000, 49_900, 100].map(supporterTier)).toEqual(['premium', 'gold', 'gold', 'silver', 'silver', 'other', 'other']);
  });

  it('reads windows of the period, the previous one and 14 India days; buckets by India day', () => {
    // 23 Nov 2026 20:00 UTC is already 24 Nov in India.
    const now = new Date('2026-11-23T20:00:00Z');
    const windows = revenueWindows(7, now);
    expect(windows).toMatchObject({ from: '2026-11-16T20:00:00.000Z', to: now.toISOString(), previousFrom: '2026-11-09T20:00:00.000Z', trendFrom: '2026-11-10T18:30:00.000Z' });
    expect(windows.readFrom).toBe(windows.previousFrom);
    const result = revenueAnalytics(
      [
        { amount: 300_000, paidAt: '2026-11-23T19:00:00Z' }, // 24 Nov India, in the period
        { amount: 10_000, currency: 'INR', paidAt: '2026-11-23T18:00:00Z' }, // 23 Nov India
        { amount: 50_000, paidAt: '2026-11-12T00:00:00Z' }, // previous period
      ],
      7,
      windows,
    );
    expect(result).toMatchObject({ totalRevenuePaise: 310_000, donationCount: 2, avgDonationPaise: 155_000, previousRevenuePaise: 50_000, growthRate: 520 });
    expect(result.currencyBreakdown).toEqual({ INR: { count: 2, totalPaise: 310_000 } });
    expect(result.tierBreakdown.premium).toEqual({ count: 1, totalPaise: 300_000, share: 97 });
    expect(result.tierBreakdown.other).toEqual({ count: 1, totalPaise: 10_000, share: 3 });
    expect(result.dailyRevenue).toHaveLength(14);
    expect(result.dailyRevenue.at(-1)).toEqual({ date: '2026-11-24', revenuePaise: 300_000, count: 1 });
    expect(result.dailyRevenue.at(-2)).toEqual({ date: '2026-11-23', revenuePaise: 10_000, count: 1 });
    expect(result.dailyRevenue[0]?.date).toBe('2026-11-11');
    expect(result.dailyRevenue.find((day) => day.date === '2026-11-12')?.revenuePaise).toBe(50_000);
  });

  it('has no growth rate without revenue before, and shares of 0 without revenue', () => {
    const windows = revenueWindows(30, new Date('2026-11-23T00:00:00Z'));
    expect(revenueAnalytics([], 30, windows)).toMatchObject({ totalRevenuePaise: 0, avgDonationPaise: 0, growthRate: null, tierBreakdown: { premium: { share: 0 } } });
    expect(revenueAnalytics([{ amount: 100, paidAt: '2026-11-20T00:00:00Z' }], 30, windows).growthRate).toBeNull();
  });
});

describe('composed newsletter rules', () => {
  it('asks for both subject and content, strips invisible characters and checks lengths', () => {
    const check = (body: unknown) => {
      const parsed = composeSchema.parse(body);
      return composeProblem(parsed);
    };
    expect(check({})).toBe('Please fill in both subject and content');
    expect(check({ subject: ' \u200B ', content: 'x' })).toBe('Please fill in both subject and content');
    expect(check({ subject: 'Hi', content: 42 })).toBe('Please fill in both subject and content');
    expect(check({ subject: 'x'.repeat(201), content: 'x' })).toMatch(/Subject must be at most 200/);
    expect(composeSchema.parse({ subject: ' A\n b ', content: 'one\r\n\r\n\r\n\r\ntwo', frequency: '' })).toEqual({ subject: 'A b', content: 'one\n\ntwo', frequency: undefined });
    expect(composeSchema.safeParse({ subject: 'a', content: 'b', frequency: 'hourly' }).success).toBe(false);
  });

  it('renders the content escaped, as paragraphs, with the unsubscribe link', async () => {
    const mail = renderComposedIssue({ subject: 'News', content: 'Hello <img src=x onerror=alert(1)>\n\nBye', siteUrl: 'https://example.test', unsubscribeUrl: 'https://example.test/u' });
    expect(mail.subject).toBe('News');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hello &lt;img');
    expect(mail.html).toContain('https://example.test/u');
    expect(mail.text).toContain('Bye');
  });

  it('renders a digest into HTML and plain text that say the same: every story with its link, escaped, and the footer links', () => {
    const story = (id: string, title: string, sourceName: string, summary: string) => ({ id, title, sourceName, summary, category: 'platform-updates', sourceUrl: 'https://pub.example/x', publishedAt: '2026-11-23T00:00:00.000Z', viewsCount: 0, relevanceScore: 90 });
    const mail = renderDigest({
      frequency: 'weekly',
      stories: [story('a/1', 'Reels & <b>creators</b>', 'Pub "A"', 'First summary.'), story('a2', 'Second story', 'Pub B', 'Line one\nline two')],
      topics: ['Platform Updates'],
      siteUrl: 'https://news.example',
      unsubscribeUrl: '__UNSUBSCRIBE_URL__',
    });
    expect(mail.subject).toBe('Weekly Roundup: Reels & <b>creators</b>');
    expect(mail.html).toContain('<a href="https://news.example/?article=a%2F1" style="color:#1d4ed8;text-decoration:none" target="_blank">Reels &amp; &lt;b&gt;creators&lt;/b&gt;</a>');
    expect(mail.html).toContain('Pub &quot;A&quot;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('href="https://news.example/newsletter"');
    expect(mail.html.match(/__UNSUBSCRIBE_URL__/g)).toHaveLength(1);
    for (const part of ['Reels & <b>creators</b>\nhttps://news.example/?article=a%2F1\nPub "A"\nFirst summary.', 'Second story', 'Your topics: Platform Updates', 'Manage preferences: https://news.example/newsletter', 'Unsubscribe: __UNSUBSCRIBE_URL__']) {
      expect(mail.text).toContain(part);
    }
    expect(renderDigest({ frequency: 'daily', stories: [], topics: [], siteUrl: 'https://news.example', unsubscribeUrl: 'u' }).text).toContain('Your topics: all topics');
  });

  it('names a subscriber status: suppressed first, then confirmed, unsubscribed, pending', () => {
    expect(subscriberStatus({ isVerified: true, isActive: false, suppressedAt: 'x' })).toBe('suppressed');
    expect(subscriberStatus({ isVerified: true, isActive: true })).toBe('confirmed');
    expect(subscriberStatus({ isVerified: true, isActive: false })).toBe('unsubscribed');
    expect(subscriberStatus({ isVerified: false, isActive: false })).toBe('pending');
  });
});
