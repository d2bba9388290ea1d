import { describe, expect, it } from 'vitest';
import { archiveMonthsToRead, isArchivedMonth, loadedShardBytes, monthEndMs, monthOf, recentTierStart } from '../../lambdas/domain/reader/search-tiers.ts';
import { ArticleSearchIndex } from '../../lambdas/search/article-index.ts';
import { ShardCache } from '../../lambdas/search/shard-cache.ts';
import { pageAcrossTiers, type Tier } from '../../lambdas/search/tiered-query.ts';

const article = (n: number, publishedAt: string, title = `Story ${n} about creator payouts`) => ({
  id: `t${n}`,
  title,
  summary: '',
  content: '',
  category: 'creator-economy',
  tags: [] as string[],
  sourceUrl: `https://example.com/${n}`,
  sourceName: 'Example',
  status: 'published',
  relevanceScore: 40 + (n % 50),
  mlConfidenceScore: 0.7,
  originalPublishedAt: publishedAt,
});

describe('which tier an article goes to', () => {
  it('puts an article in the shard of its publication month (UTC)', () => {
    expect(monthOf(Date.parse('2026-03-31T23:59:59Z'))).toBe('2026-03');
    expect(monthOf(Date.parse('2026-04-01T00:00:00Z'))).toBe('2026-04');
    expect(monthOf(Number.NaN)).toBe('1970-01');
  });

  it('keeps whole months in the recent tier, from the month the recent days reach back to', () => {
    const now = Date.parse('2026-11-27T03:00:00Z');
    expect(recentTierStart(now, 45)).toBe('2026-10');
    expect(recentTierStart(now, 20)).toBe('2026-11');
    expect(isArchivedMonth('2026-09', '2026-10')).toBe(true);
    expect(isArchivedMonth('2026-10', '2026-10')).toBe(false);
    expect(isArchivedMonth('2026-11', '2026-10')).toBe(false);
  });

  it('reads archive months newest first (Oldest: oldest first), skipping months wholly before a date window', () => {
    const months = ['2026-02', '2026-08', '2025-12', '2026-05'];
    expect(archiveMonthsToRead(months, { oldestFirst: false })).toEqual(['2026-08', '2026-05', '2026-02', '2025-12']);
    expect(archiveMonthsToRead(months, { oldestFirst: true })).toEqual(['2025-12', '2026-02', '2026-05', '2026-08']);
    expect(monthEndMs('2026-05')).toBe(Date.parse('2026-06-01T00:00:00Z'));
    expect(monthEndMs('2025-12')).toBe(Date.parse('2026-01-01T00:00:00Z'));
    const since = Date.parse('2026-05-20T00:00:00Z');
    expect(archiveMonthsToRead(months, { oldestFirst: false, sinceMs: since })).toEqual(['2026-08', '2026-05']);
  });
});

describe('the archive shard cache', () => {
  it('drops the least recently used shards once their memory passes the cap', () => {
    const cache = new ShardCache<string>(300);
    cache.set('2026-01', 'january', 100);
    cache.set('2026-02', 'february', 100);
    cache.set('2026-03', 'march', 100);
    expect(cache.get('2026-01')).toBe('january'); // now the most recently used
    cache.set('2026-04', 'april', 100);
    expect(cache.keys()).toEqual(['2026-03', '2026-01', '2026-04']);
    expect(cache.bytes).toBe(300);
    cache.set('2026-05', 'may', 250);
    expect(cache.keys()).toEqual(['2026-05']);
    expect(cache.bytes).toBe(250);
  });

  it('keeps a shard larger than the whole cap alone, so the query that asked for it is answered', () => {
    const cache = new ShardCache<string>(100);
    cache.set('2026-01', 'january', 50);
    cache.set('2026-02', 'huge', 500);
    expect(cache.keys()).toEqual(['2026-02']);
    expect(cache.get('2026-02')).toBe('huge');
  });

  it('counts a loaded shard at the memory measured for loaded snapshots (716 MB for 503 MB)', () => {
    expect(loadedShardBytes(503)).toBeCloseTo(729, -1);
  });
});

describe('a page across tiers', () => {
  /** One index per month of articles, the newest month first, and each tier counted when read. */
  function tiersOf(months: string[][]) {
    const reads: number[] = [];
    const indexes = months.map((dates, tierNumber) => {
      const index = new ArticleSearchIndex();
      dates.forEach((date, n) => index.put(article(tierNumber * 100 + n, date)));
      return index;
    });
    const tiers: Tier[] = indexes.map((index, n) => () => {
      reads.push(n);
      return Promise.resolve(index);
    });
    const whole = new ArticleSearchIndex();
    months.forEach((dates, tierNumber) => dates.forEach((date, n) => whole.put(article(tierNumber * 100 + n, date))));
    return { tiers, reads, whole };
  }

  const recent = ['2026-11-20T00:00:00Z', '2026-11-10T00:00:00Z', '2026-10-15T00:00:00Z'];
  const september = ['2026-09-28T00:00:00Z', '2026-09-02T00:00:00Z'];
  const june = ['2026-06-30T00:00:00Z', '2026-06-01T00:00:00Z', '2026-06-15T00:00:00Z'];

  it('answers from the recent tier alone when it fills the page, and says the total may be larger', async () => {
    const { tiers, reads } = tiersOf([recent, september, june]);
    const page = await pageAcrossTiers(tiers, { sort: 'latest', limit: 2 });
    expect(page.items.map((item) => item.id)).toEqual(['t0', 't1']);
    expect(page).toMatchObject({ total: 3, totalIsLowerBound: true });
    expect(reads).toEqual([0]);
  });

  it('reaches into the archive when the reader pages past the recent tier, in the order of one index', async () => {
    const { tiers, reads, whole } = tiersOf([recent, september, june]);
    const pages = [];
    for (let offset = 0; offset < 8; offset += 2) pages.push(...(await pageAcrossTiers(tiers, { sort: 'latest', offset, limit: 2 })).items.map((item) => item.id));
    expect(pages).toEqual(whole.query({ sort: 'latest', limit: 8 }).items.map((item) => item.id));
    expect(new Set(reads)).toEqual(new Set([0, 1, 2]));
  });

  it('counts every tier exactly when the page needs them all', async () => {
    const { tiers } = tiersOf([recent, september, june]);
    const page = await pageAcrossTiers(tiers, { sort: 'latest', offset: 6, limit: 5 });
    expect(page.items.map((item) => item.id)).toEqual(['t202', 't201']);
    expect(page).toMatchObject({ total: 8, totalIsLowerBound: false });
  });

  it('searches the archive when the recent tier has too few matches, recent matches first', async () => {
    const { tiers } = tiersOf([recent, september, june]);
    const page = await pageAcrossTiers(tiers, { q: 'payouts', limit: 4 });
    expect(page.items.slice(0, 3).map((item) => item.id).sort()).toEqual(['t0', 't1', 't2']);
    expect(page.items[3]?.id.startsWith('t10')).toBe(true);
    expect(page.totalIsLowerBound).toBe(true);
  });
});
