import { describe, expect, it } from 'vitest';
import { modelUncertainty, reviewSortKey, statusSortTime } from '#domain/content/article-status.ts';
import { normaliseCategory } from '#domain/content/categories.ts';
import { canonicalUrl, normaliseTitle, titleHash, urlHash } from '#domain/content/dedup.ts';
import { lifecycleCutoffs, storageSavedMb } from '#domain/content/lifecycle.ts';
import { qualityLevel, qualityScore } from '#domain/content/quality.ts';
import { pickRelated } from '#domain/content/related.ts';
import { isTrendableTerm, mergeTrending, normaliseSearchTerm, searchesByTopic, singularWord, topicKey } from '#domain/content/trending.ts';
import { countOf, nounFor } from '#domain/common/plural.ts';
import { articleCounterChanges } from '#store/table/counters.ts';

describe('categories', () => {
  it('maps legacy slugs and defaults to general', () => {
    expect(normaliseCategory('campaigns')).toBe('brand-partnerships');
    expect(normaliseCategory('brands')).toBe('brand-partnerships');
    expect(normaliseCategory('platforms')).toBe('platform-updates');
    expect(normaliseCategory('trends')).toBe('industry-insights');
    expect(normaliseCategory('regulations')).toBe('regulations-ethics');
    expect(normaliseCategory(' Creator-Economy ')).toBe('creator-economy');
    expect(normaliseCategory(undefined)).toBe('general');
    expect(normaliseCategory(42)).toBe('general');
    expect(normaliseCategory('cooking')).toBe('general');
  });
});

describe('quality score', () => {
  it('weighs confidence 0.6 and relevance 0.4, capped at 100', () => {
    expect(qualityScore(0.9, 80)).toBe(86);
    expect(qualityScore(1, 100)).toBe(100);
    expect(qualityScore(1.5, 200)).toBe(100);
  });

  it('uses 0.8 x confidence without relevance', () => {
    expect(qualityScore(0.5, undefined)).toBe(40);
  });

  it('names the levels at their thresholds', () => {
    expect(qualityLevel(85)).toBe('Excellent');
    expect(qualityLevel(84.9)).toBe('Good');
    expect(qualityLevel(70)).toBe('Good');
    expect(qualityLevel(50)).toBe('Average');
    expect(qualityLevel(35)).toBe('Fair');
    expect(qualityLevel(34)).toBe('Poor');
  });
});

describe('dedup keys', () => {
  it('strips tracking parameters, fragments, www and trailing slashes', () => {
    expect(canonicalUrl('http://www.Example.com/story/?utm_source=x&b=2&a=1#top')).toBe('https://example.com/story?a=1&b=2');
    expect(urlHash('https://example.com/story?fbclid=1')).toBe(urlHash('https://www.example.com/story/'));
  });

  it('keeps parameters that change the page', () => {
    expect(urlHash('https://example.com/?p=1')).not.toBe(urlHash('https://example.com/?p=2'));
  });

  it('treats case, accents and punctuation as the same title', () => {
    expect(normaliseTitle('  Creators’ Café — Big NEWS!! ')).toBe('creators cafe big news');
    expect(titleHash('Brands shift budgets')).toBe(titleHash('brands SHIFT budgets.'));
    expect(titleHash('Brands shift budgets')).not.toBe(titleHash('Brands shift budgets again'));
  });
});

describe('status ordering', () => {
  it('orders published articles by original publication, others by the change', () => {
    const times = { originalPublishedAt: '2026-01-01T00:00:00.000Z', changedAt: '2026-02-01T00:00:00.000Z' };
    expect(statusSortTime('published', times)).toBe(times.originalPublishedAt);
    expect(statusSortTime('rejected', times)).toBe(times.changedAt);
  });

  it('sorts the review queue HIGH first, then the article the model is least sure of (relevance near 50, a doubtful category) first', () => {
    const keys = [reviewSortKey('LOW', 10), reviewSortKey('HIGH', 85, 0.9), reviewSortKey('HIGH', 72, 0.9), reviewSortKey('HIGH', 85, 0.4), reviewSortKey('MEDIUM', 55), reviewSortKey('LOW', 45)];
    expect([...keys].sort()).toEqual([reviewSortKey('HIGH', 85, 0.4), reviewSortKey('HIGH', 72, 0.9), reviewSortKey('HIGH', 85, 0.9), reviewSortKey('MEDIUM', 55), reviewSortKey('LOW', 45), reviewSortKey('LOW', 10)]);
    expect(modelUncertainty(50)).toBe(1);
    expect(modelUncertainty(100, 1)).toBe(0);
    expect(modelUncertainty(0)).toBe(0);
  });
});

describe('lifecycle rules', () => {
  it('archives after 48 hours and purges after 30 days', () => {
    const now = new Date('2026-11-22T12:00:00.000Z');
    expect(lifecycleCutoffs(now)).toEqual({
      archiveBefore: '2026-11-20T12:00:00.000Z',
      purgeBefore: '2026-10-23T12:00:00.000Z',
    });
  });

  it('claims 0.01 MB per purged article', () => {
    expect(storageSavedMb(250)).toBe(2.5);
    expect(storageSavedMb(0)).toBe(0);
  });
});

describe('related articles', () => {
  const article = (id: string, category: string, tags: string[] = []) => ({ id, category, tags });
  const target = article('t', 'creator-economy', ['payouts']);

  it('takes up to 3 of the same category, then 2 sharing a tag, then other categories, never the article itself', () => {
    const same = [article('t', 'creator-economy'), article('s1', 'creator-economy'), article('s2', 'creator-economy'), article('s3', 'creator-economy'), article('s4', 'creator-economy')];
    const recent = [article('o1', 'platform-updates'), article('g1', 'industry-insights', ['Payouts']), article('s1', 'creator-economy')];
    expect(pickRelated(target, same, recent).map((a) => a.id)).toEqual(['s1', 's2', 's3', 'g1']);
  });

  it('fills from other categories when the category is thin', () => {
    const recent = [article('o1', 'platform-updates'), article('o2', 'brand-partnerships'), article('s1', 'creator-economy')];
    expect(pickRelated(target, [article('s1', 'creator-economy')], recent).map((a) => a.id)).toEqual(['s1', 'o1', 'o2']);
  });
});

describe('article counters', () => {
  it('count published articles by category, and move them when the category changes', () => {
    expect(articleCounterChanges(undefined, { status: 'published', category: 'general', relevanceScore: 29 })).toEqual([
      { scope: 'articles', name: 'status#published', by: 1 },
      { scope: 'articles', name: 'admin#unclassified', by: 1 },
    ]);
    expect(articleCounterChanges(undefined, { status: 'published', category: 'general', relevanceScore: 70 })).toEqual([
      { scope: 'articles', name: 'status#published', by: 1 },
      { scope: 'articles', name: 'published#general', by: 1 },
      { scope: 'articles', name: 'admin#unclassified', by: 1 },
    ]);
    expect(articleCounterChanges({ status: 'published', category: 'general', relevanceScore: 70 }, { status: 'published', category: 'platform-updates', relevanceScore: 70 })).toEqual([
      { scope: 'articles', name: 'published#general', by: -1 },
      { scope: 'articles', name: 'published#platform-updates', by: 1 },
    ]);
    expect(articleCounterChanges({ status: 'draft', category: 'general' }, { status: 'rejected', category: 'general' })).toEqual([
      { scope: 'articles', name: 'status#draft', by: -1 },
      { scope: 'articles', name: 'status#rejected', by: 1 },
    ]);
    expect(articleCounterChanges(undefined, { status: 'published', category: 'general', isDuplicate: true })).toEqual([]);
  });

  it('count where the classifier put an article and its confidence bucket, until it is purged (the dashboard funnel)', () => {
    const draft = { status: 'draft' as const, category: 'general' };
    const queued = { ...draft, adminStatus: 'pending_review', mlConfidenceScore: 0.62 };
    expect(articleCounterChanges(draft, queued)).toEqual([
      { scope: 'articles', name: 'admin#unclassified', by: -1 },
      { scope: 'articles', name: 'admin#pending_review', by: 1 },
      { scope: 'articles', name: 'confidence#medium', by: 1 },
    ]);
    const approved = { ...queued, status: 'published' as const, adminStatus: 'approved', relevanceScore: 10 };
    expect(articleCounterChanges(queued, approved)).toEqual([
      { scope: 'articles', name: 'status#draft', by: -1 },
      { scope: 'articles', name: 'admin#pending_review', by: -1 },
      { scope: 'articles', name: 'status#published', by: 1 },
      { scope: 'articles', name: 'admin#approved', by: 1 },
    ]);
    const failed = { ...draft, status: 'rejected' as const, adminStatus: 'auto_rejected', mlConfidenceScore: 0 };
    expect(articleCounterChanges(failed, { ...failed, status: 'purged' })).toEqual([
      { scope: 'articles', name: 'status#rejected', by: -1 },
      { scope: 'articles', name: 'admin#auto_rejected', by: -1 },
      { scope: 'articles', name: 'confidence#failed', by: -1 },
      { scope: 'articles', name: 'status#purged', by: 1 },
    ]);
    // Every change is balanced: created then deleted leaves nothing behind.
    const made = articleCounterChanges(undefined, approved);
    const removed = articleCounterChanges(approved, undefined);
    expect(made.map((c) => c.name).sort()).toEqual(removed.map((c) => c.name).sort());
    expect(removed.every((c) => c.by === -1)).toBe(true);
  });
});

describe('counts in words', () => {
  it('puts the noun in the number the count needs', () => {
    expect(countOf(1, 'view')).toBe('1 view');
    expect(countOf(0, 'view')).toBe('0 views');
    expect(countOf(2, 'story', 'stories')).toBe('2 stories');
    expect(countOf(1, 'story', 'stories')).toBe('1 story');
    expect(countOf(120000, 'article')).toBe('1,20,000 articles');
    expect(nounFor(1, 'publisher')).toBe('publisher');
    expect(nounFor(3, 'search', 'searches')).toBe('searches');
  });
});

describe('trending keywords', () => {
  const kw = (keyword: string, source: string, searchCount = 1) => ({ keyword, source, searchCount });

  it('takes about 70% from content, the rest from searches, without duplicates', () => {
    const content = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => kw(k, 'content-based'));
    const searches = ['b', 'x', 'y', 'z', 'w'].map((k) => kw(k, 'search-based'));
    expect(mergeTrending(content, searches, 10).map((item) => item.keyword)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'x', 'y', 'z']);
  });

  it('fills from the other kind when one is short', () => {
    expect(mergeTrending([kw('a', 'content-based')], [kw('x', 'search-based'), kw('y', 'search-based')], 10).map((item) => item.keyword)).toEqual(['a', 'x', 'y']);
    expect(mergeTrending(['a', 'b', 'c'].map((k) => kw(k, 'content-based')), [], 2).map((item) => item.keyword)).toEqual(['a', 'b']);
  });

  it('lists a singular and its plural as one topic, in the most counted spelling', () => {
    const content = [kw('creators', 'content-based', 20), kw('influencer', 'content-based', 9), kw('creator', 'content-based', 5), kw('influencers', 'content-based', 4), kw('agencies', 'content-based', 3)];
    const merged = mergeTrending(content, [kw('agency', 'search-based'), kw('brand deal', 'search-based'), kw('brand deals', 'search-based')], 10);
    expect(merged.map((item) => item.keyword)).toEqual(['creators', 'influencer', 'agencies', 'brand deal']);
  });

  it('makes regular English plurals singular and leaves words that only end in s', () => {
    for (const [plural, singular] of [['creators', 'creator'], ['influencers', 'influencer'], ['agencies', 'agency'], ['brushes', 'brush'], ['matches', 'match'], ['taxes', 'tax'], ['deals', 'deal'], ['reels', 'reel']] as const)
      expect(singularWord(plural), plural).toBe(singular);
    for (const word of ['news', 'business', 'analytics', 'ethics', 'status', 'analysis', 'series', 'famous', 'ads', 'ios', 'creator']) expect(singularWord(word), word).toBe(word);
    expect(topicKey('Brand  Deals')).toBe('brand deal');
    expect(topicKey('creator economy news')).toBe('creator economy news');
  });

  it('sums every spelling of a topic\'s searches', () => {
    const searches = searchesByTopic([kw('creator', 'search-based', 3), kw('creators', 'search-based', 2), kw('brand deals', 'search-based', 4)]);
    expect(Object.fromEntries(searches)).toEqual({ creator: 5, 'brand deal': 4 });
  });

  it('counts only sensible search terms', () => {
    expect(normaliseSearchTerm('  Brand   Deals ')).toBe('brand deals');
    expect(normaliseSearchTerm('a')).toBeNull();
    expect(normaliseSearchTerm('x'.repeat(61))).toBeNull();
  });

  it('lets only plain phrases trend: no markup, addresses or blocklisted spam', () => {
    for (const term of ['brand deals', 'creator economy india', 'youtube shorts monetisation', 'ugc rates 2026', 'डिजिटल क्रिएटर']) expect(isTrendableTerm(term), term).toBe(true);
    for (const term of ['buy followers at evil.example', '<script>alert(1)</script>', 'https://x.example/a', 'www.spam.example', 'evil.example', 'me@spam.example', 'cheap likes now', 'buy real followers', 'casino bonus', '12345', '{"a":1}'])
      expect(isTrendableTerm(term), term).toBe(false);
  });
});
