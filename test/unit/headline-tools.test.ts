import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** `npm run classify` and `npm run same-story`: their line interfaces, through the code the ingest runs. */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const run = (script: string, input: string) =>
  execFileSync(process.execPath, [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), script], { cwd: repoRoot, input, encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('headline tools', () => {
  it('classify: one verdict line per input line, errors as lines', () => {
    const [creator, bad, empty] = run('bin/classify.ts', ['{"title":"Instagram launches new Reels monetisation for creators in India","source":"socialsamosa.com"}', 'not json', '{"title":""}'].join('\n'));
    expect(creator).toMatchObject({ decision: expect.stringMatching(/^(publish|review|reject)$/), category: 'platform-updates' });
    expect(Object.keys(creator ?? {}).sort()).toEqual(['category', 'confidence', 'decision', 'indiaRelevance', 'relevance']);
    expect(bad).toHaveProperty('error');
    expect(empty).toHaveProperty('error');
  }, 20_000);

  it('same-story: {same, score, reason, against} per pair', () => {
    const [same, different] = run('bin/same-story.ts', [
      JSON.stringify({ a: { title: 'YouTube expands Shorts revenue sharing to India' }, b: { title: 'YouTube expands Shorts revenue sharing to India' } }),
      JSON.stringify({ a: { title: 'ASCI flags 2,000 influencer ads' }, b: { title: 'Meta reports quarterly earnings' } }),
    ].join('\n'));
    // Undated, so short of 1 by the undated surcharge.
    expect(same).toMatchObject({ same: true, against: [] });
    expect(same?.score).toBeGreaterThan(0.9);
    expect(same?.reason).toMatchObject({ entities: expect.arrayContaining([{ id: 'youtube-shorts', name: expect.any(String) }]), daysApart: null });
    expect(different).toMatchObject({ same: false, reason: null });
    expect(different?.score).toBeLessThan(1);
  }, 20_000);

  it('same-story: reads publication times as the ingest has them; reports days apart are not one story', () => {
    const merger = { title: "MX TakaTak to Merge With ShareChat's Moj Short Video Platform", publishedAt: '2022-02-11' };
    const acquired = { title: 'ShareChat acquires Times Internet-backed MX TakaTak, merges it with Moj' };
    const [nextDay, weekLater, badDate] = run('bin/same-story.ts', [
      JSON.stringify({ a: merger, b: { ...acquired, publishedAt: '2022-02-10' } }),
      JSON.stringify({ a: merger, b: { ...acquired, publishedAt: '2022-02-17' } }),
      JSON.stringify({ a: { ...merger, publishedAt: 'soon' }, b: acquired }),
    ].join('\n'));
    expect(nextDay).toMatchObject({ same: true });
    expect(weekLater).toMatchObject({ same: false, against: ['window'] });
    expect(badDate).toEqual({ error: '"publishedAt" must be an ISO date' });
  }, 20_000);
});

describe('evaluation helpers', () => {
  it('splits by outlet the same way every time, about 60 / 20 / 20', async () => {
    const { splitOf } = await import('#domain/classifier/evaluate.ts');
    expect(splitOf('www.afaqs.com')).toBe(splitOf('afaqs.com'));
    const counts = { train: 0, validation: 0, test: 0 };
    for (let index = 0; index < 2000; index += 1) counts[splitOf(`outlet-${index}.example`)] += 1;
    expect(counts.train / 2000).toBeGreaterThan(0.55);
    expect(counts.test / 2000).toBeGreaterThan(0.16);
    expect(counts.validation / 2000).toBeGreaterThan(0.16);
  });

  it('gives 95 % Wilson intervals', async () => {
    const { wilson } = await import('#domain/classifier/evaluate.ts');
    const interval = wilson(63, 72);
    expect(interval.value).toBeCloseTo(0.875, 3);
    expect(interval.low).toBeCloseTo(0.779, 2);
    expect(interval.high).toBeCloseTo(0.933, 2);
    expect(wilson(0, 10).low).toBe(0);
  });
});
