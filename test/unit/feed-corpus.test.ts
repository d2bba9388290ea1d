import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpus, measureCorpus, type CorpusFigures } from '../bench/feed-corpus.ts';

/**
 * Every file of the real-world corpus (test/fixtures/feeds-real: other projects' feed-parser fixtures,
 * licences in its README) through parseFeed + normaliseItems. Floors sit a little below what was measured
 * (npm run bench feed-corpus): 268 of 275 files, 183 of 184 whole feeds, 1,543 items kept.
 */
describe('the real-world feed corpus', () => {
  let figures: CorpusFigures;
  beforeAll(async () => {
    figures = await measureCorpus(loadCorpus());
  }, 120_000);

  it('parses nearly every file and every whole feed but one, with the fallback rescuing what rss-parser refuses', () => {
    expect(figures.files).toBeGreaterThanOrEqual(250);
    expect(figures.parsed / figures.files).toBeGreaterThanOrEqual(0.95);
    expect(figures.wholeFeedsParsed / figures.wholeFeeds).toBeGreaterThanOrEqual(0.97);
    expect(figures.rescued).toBeGreaterThanOrEqual(3);
  });

  it('keeps the items, with no throw escaping and no item failing to normalise', () => {
    expect(figures.itemsKept).toBeGreaterThanOrEqual(1500);
    expect(figures.itemErrors).toBe(0);
    expect(figures.escapedThrows).toBe(0);
  });

  it('stores text with entities decoded once, clean authors and only http(s) links', () => {
    expect(figures.doubleEscaped).toBe(0);
    expect(figures.dirtyAuthors).toBe(0);
    expect(figures.badLinks).toBe(0);
  });
});
