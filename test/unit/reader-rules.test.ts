import { describe, expect, it } from 'vitest';
import { breaking, freshness, indiaBadge, isTrending, viewsPerHour } from '#domain/content/badges.ts';
import { cardDetails, hasExcludedTitle, isPublicArticle, keyPoints, marketOf, qualityBand } from '#domain/reader/public-articles.ts';
import { categoryStats, computeWidgets, impactAt, percentChange, type WidgetArticle } from '#domain/reader/widgets.ts';
import { ArticleSearchIndex } from '../../lambdas/search/article-index.ts';

const now = new Date('2026-11-22T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();

describe('card badges (reader spec section 4)', () => {
  it('freshness: just now under 1 h, hourly under 24 h, daily under 7 days, then none', () => {
    expect(freshness(hoursAgo(0.5), now)).toBe('just-now');
    expect(freshness(hoursAgo(5), now)).toBe('hourly');
    expect(freshness(hoursAgo(23.9), now)).toBe('hourly');
    expect(freshness(hoursAgo(24 * 6), now)).toBe('daily');
    expect(freshness(hoursAgo(24 * 7), now)).toBeNull();
  });

  it('trending: more than 20 views within 2 h, 50 within 12 h, 100 within 24 h', () => {
    expect(isTrending(hoursAgo(1), 21, now)).toBe(true);
    expect(isTrending(hoursAgo(1), 20, now)).toBe(false);
    expect(isTrending(hoursAgo(10), 51, now)).toBe(true);
    expect(isTrending(hoursAgo(10), 50, now)).toBe(false);
    expect(isTrending(hoursAgo(20), 101, now)).toBe(true);
    expect(isTrending(hoursAgo(25), 5000, now)).toBe(false);
    expect(viewsPerHour(hoursAgo(4), 40, now)).toBe(10);
  });

  it('breaking: under 2 h with a breaking word, or 100+ views under 1 h; urgent and live kinds', () => {
    expect(breaking('Breaking: YouTube changes Shorts payouts', hoursAgo(1), 0, now)).toBe('breaking');
    expect(breaking('Critical outage hits Instagram creators', hoursAgo(1), 0, now)).toBe('urgent');
    expect(breaking('Developing: Meta tests creator subscriptions', hoursAgo(1), 0, now)).toBe('live');
    expect(breaking('Quiet update to creator studio', hoursAgo(0.5), 101, now)).toBe('breaking');
    expect(breaking('Quiet update to creator studio', hoursAgo(1.5), 101, now)).toBeNull();
    expect(breaking('Breaking: old news', hoursAgo(3), 500, now)).toBeNull();
    expect(breaking('Deliverables of a campaign', hoursAgo(1), 0, now)).toBeNull();
  });

  it('India badge: a city, India Focus at 4+, India Related at 2-3, none below 2', () => {
    expect(indiaBadge(5, ['mumbai'])).toBe('Mumbai');
    expect(indiaBadge(4, [])).toBe('India Focus');
    expect(indiaBadge(3, [], true)).toBe('India Focus');
    expect(indiaBadge(2, [])).toBe('India Related');
    expect(indiaBadge(1, ['delhi'])).toBeNull();
  });
});

describe('public list rules (reader spec section 5)', () => {
  const base = { status: 'published', isDuplicate: false, relevanceScore: 30, category: 'creator-economy' };
  it('published, not duplicate, relevance 30+, in a known category (Tools & Technology is one)', () => {
    expect(isPublicArticle(base)).toBe(true);
    expect(isPublicArticle({ ...base, relevanceScore: 29 })).toBe(false);
    expect(isPublicArticle({ ...base, isDuplicate: true })).toBe(false);
    expect(isPublicArticle({ ...base, status: 'draft' })).toBe(false);
    expect(isPublicArticle({ ...base, category: 'tools-technology' })).toBe(true);
    expect(isPublicArticle({ ...base, category: 'campaigns' })).toBe(false);
  });

  it('title exclusions match whole words only', () => {
    expect(hasExcludedTitle('Election Commission warns influencers')).toBe(true);
    expect(hasExcludedTitle('Cricket stars sign creator deals')).toBe(true);
    expect(hasExcludedTitle('Governmental? No: a sportswear brand deal')).toBe(false);
  });

  it('quality bands split the list; market follows India relevance', () => {
    expect(qualityBand(70, 0.8)).toBe('high');
    expect(qualityBand(69, 0.9)).toBe('medium');
    expect(qualityBand(40, 0.5)).toBe('medium');
    expect(qualityBand(39, 0.9)).toBe('low');
    expect(qualityBand(90, 0.49)).toBe('low');
    expect(marketOf(2)).toBe('indian');
    expect(marketOf(1)).toBe('global');
  });

  it('key points: sentences of 6-40 words after the one the summary opens with', () => {
    const text = 'YouTube raises the Shorts revenue share for creators in India. It starts next month for every channel in the programme. Short. Agencies expect brand budgets to follow the audience to Shorts this year. A third point that also qualifies as a full sentence here.';
    expect(keyPoints(text, 'YouTube raises the Shorts revenue share for creators in India.', 2)).toEqual([
      'It starts next month for every channel in the programme.',
      'Agencies expect brand budgets to follow the audience to Shorts this year.',
    ]);
    expect(keyPoints(text, '', 3)).toHaveLength(3);
  });
});

function widgetArticle(overrides: Partial<WidgetArticle>): WidgetArticle {
  return {
    id: Math.random().toString(36).slice(2), title: 'A story', summary: 'About creators.', category: 'creator-economy', tags: [], topics: [], sourceUrl: 'https://example.com',
    sourceName: 'Example', publisher: null, author: null, imageUrl: null, contentType: 'article', publishedAt: hoursAgo(1), viewsCount: 0, isFeatured: false,
    relevanceScore: 60, qualityScore: 70, readTimeMinutes: 2, indiaBadge: null, market: 'global', alsoCoveredBy: [], ...overrides,
  };
}

describe('widgets from real figures', () => {
  it('counts this week against last week and leaves a change out when there is nothing to compare', () => {
    expect(percentChange(15, 10)).toBe(50);
    expect(percentChange(3, 0)).toBeNull();
    expect([0, 1, 2, 3, 4].map(impactAt)).toEqual(['High', 'High', 'Medium', 'Medium', 'Low']);
    const articles = [
      widgetArticle({ category: 'platform-updates', market: 'indian', qualityScore: 90, relevanceScore: 80, sourceName: 'A' }),
      widgetArticle({ category: 'platform-updates', publishedAt: hoursAgo(30), qualityScore: 60, sourceName: 'B' }),
      widgetArticle({ category: 'industry-insights', title: 'Critical flaw in ad platform', publishedAt: hoursAgo(1), sourceName: 'A' }),
      widgetArticle({ publishedAt: hoursAgo(24 * 8), qualityScore: 50, market: 'indian', sourceName: 'C' }),
    ];
    const widgets = computeWidgets(articles, [{ keyword: 'shorts', searchCount: 4, source: 'search-based' }], (keyword) => (keyword === 'shorts' ? 7 : 0), now);
    expect(widgets.creatorEconomyPulse.find((tile) => tile.id === 'stories')).toMatchObject({ value: 3, change: 200 });
    expect(widgets.creatorEconomyPulse.find((tile) => tile.id === 'india-share')).toMatchObject({ value: 33.3, change: -66.7 });
    expect(widgets.creatorEconomyPulse.find((tile) => tile.id === 'publishers')).toMatchObject({ value: 2, change: 100 });
    expect(widgets.platformUpdates.map((item) => item.impact)).toEqual(['High', 'High']);
    expect(widgets.industryNews[0]).toMatchObject({ urgent: true });
    expect(widgets.marketInsights.find((row) => row.category === 'platform-updates')).toMatchObject({ value: 2, change: null, trend: 'flat' });
    expect(widgets.newsDigest[0]).toMatchObject({ breaking: true, relevanceScore: 80 });
    expect(widgets.trendingTopics).toEqual([expect.objectContaining({ topic: 'shorts', hashtag: '#shorts', searchCount: 4, articles: 7 })]);
    expect(categoryStats(articles.slice(0, 2), now)).toMatchObject({ articleCount: 2, thisWeek: 2, weeklyChange: null });
  });
});

describe('the search index', () => {
  const article = (id: string, title: string, extra: Record<string, unknown> = {}) => ({
    id, title, summary: '', content: '', category: 'creator-economy', tags: [] as string[], sourceUrl: `https://example.com/${id}`, sourceName: 'Example',
    status: 'published', relevanceScore: 60, mlConfidenceScore: 0.7, originalPublishedAt: hoursAgo(Number(id)), ...extra,
  });

  it('ranks title matches above content matches and drops articles that stop being public', () => {
    const index = new ArticleSearchIndex();
    index.put(article('1', 'Weekly notes', { content: 'One line about influencer payouts.' }));
    index.put(article('2', 'Influencer payouts rise', {}));
    index.put(article('3', 'Influencer payouts fall', { status: 'draft' }));
    expect(index.size).toBe(2);
    expect(index.query({ q: 'influencer payouts' }).items.map((item) => item.id)).toEqual(['2', '1']);
    expect(index.query({ q: 'influencr' }).total).toBe(2);
    index.put(article('2', 'Influencer payouts rise', { isDuplicate: true }));
    expect(index.query({ q: 'influencer payouts' }).items.map((item) => item.id)).toEqual(['1']);
    index.remove('1');
    expect(index.query({}).total).toBe(0);
  });
});

describe('the expanded card', () => {
  const sentence = (n: number) => `Creators in city number ${n} report steady brand deal income this quarter.`;

  it('prints a short text once, as the longer summary, with no key points repeating it', () => {
    const text = [1, 2, 3].map(sentence).join(' ');
    expect(cardDetails(text, sentence(1), false)).toEqual({ expandedSummary: text, keyPoints: [] });
  });

  it('cuts the longer summary at 400 words and takes key points from beyond it', () => {
    const text = Array.from({ length: 60 }, (_, index) => sentence(index + 1)).join(' ');
    const { expandedSummary, keyPoints: points } = cardDetails(text, sentence(1), true);
    expect(expandedSummary.split(' ')).toHaveLength(400);
    expect(expandedSummary.endsWith('…')).toBe(true);
    expect(points).toHaveLength(3);
    for (const point of points) expect(expandedSummary).not.toContain(point);
  });
});
