import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonLines, type CorpusHeadline } from '#domain/classifier/corpus.ts';
import { f1WithInterval } from '#domain/classifier/evaluate.ts';
import { fitPlatt, sigmoid } from '#domain/classifier/linear.ts';
import { canonicalUrl, corpusSplits, dateOf, FINAL_FROM, learningRows, outletKey, pairSplits, rowsOn, SCHEMES, storyGroups, TIME_TEST_FROM, type StoryPair } from '#domain/classifier/splits.ts';

const corpusDir = path.resolve(import.meta.dirname, '../../data/classifier/corpus');
const rows = parseJsonLines<CorpusHeadline>(readFileSync(path.join(corpusDir, 'headlines.jsonl'), 'utf8')).filter((row) => row.title);
const pairs = parseJsonLines<StoryPair>(readFileSync(path.join(corpusDir, 'same-story.jsonl'), 'utf8'));
const splits = corpusSplits(rows, pairs);

const row = (title: string, url: string, extra: Partial<CorpusHeadline> = {}): CorpusHeadline => ({ title, summary: null, url, outlet: new URL(url).hostname, label: 'on-beat', category: 'creator-economy', india: false, ...extra });

describe('the story split', () => {
  it('joins copies of one story: one address, near-identical titles, one event in the pairs file', () => {
    const stories = storyGroups(
      [
        row('YouTube to share 45% of Shorts ad revenue with creators', 'https://a.com/x'),
        row('YouTube to share 45% of Shorts ad revenue with its creators', 'https://b.com/y'),
        row('Instagram tests a creator marketplace', 'https://www.c.com/z/?utm=1'),
        row('Instagram creator marketplace goes live', 'http://c.com/z'),
        row('ShareChat acquires MX TakaTak', 'https://d.com/1'),
        row('Moj and TakaTak to merge', 'https://e.com/2'),
        row('The creator economy in 3D', 'https://f.com/3'),
        row('The new creator economy', 'https://g.com/4'),
      ],
      [{ a: { url: 'https://d.com/1', title: null, summary: null, outlet: 'd.com' }, b: { url: 'https://e.com/2', title: null, summary: null, outlet: 'e.com' }, same: true }],
    );
    expect(stories[1]).toBe(stories[0]);
    expect(stories[3]).toBe(stories[2]);
    expect(stories[5]).toBe(stories[4]);
    // Short generic titles share two words, not a story.
    expect(stories[7]).not.toBe(stories[6]);
    expect(new Set(stories).size).toBe(5);
    expect(canonicalUrl('https://www.C.com/z/?utm=1')).toBe('c.com/z');
  });

  it('puts every row of one story on one side of the story and the time split', () => {
    const sidesOf = new Map<number, Set<string>>();
    splits.story.forEach((story, index) => {
      const sides = sidesOf.get(story) ?? new Set();
      sides.add(`${splits.sides[index]!.story}|${splits.sides[index]!.time}`);
      sidesOf.set(story, sides);
    });
    expect([...sidesOf.values()].filter((sides) => sides.size > 1)).toEqual([]);
    // The corpus has copies: some stories hold several rows.
    expect([...sidesOf.keys()].length).toBeLessThan(rows.length - 50);
  });

  it('dates a row by its printed day, else by a year and month in its address', () => {
    expect(dateOf({ publishedAt: '2024-05-02', url: 'https://a.com/2020/01/x' })).toEqual({ day: '2024-05-02', from: 'printed' });
    expect(dateOf({ publishedAt: null, url: 'https://a.com/2023/09/x' })).toEqual({ day: '2023-09-01', from: 'url' });
    expect(dateOf({ publishedAt: null, url: 'https://a.com/x-2023' })).toBeNull();
  });

  it('tests the time split on the newest months before the final set', () => {
    rows.forEach((entry, index) => {
      const day = dateOf(entry)?.day;
      if (splits.sides[index]!.time === 'test') expect(day === undefined || day < FINAL_FROM).toBe(true);
      if (day && day >= TIME_TEST_FROM && day < FINAL_FROM) expect(['test', 'final']).toContain(splits.sides[index]!.time);
    });
  });
});

describe('the source-and-time split', () => {
  const outletsOf = (side: 'train' | 'validation' | 'test' | 'final') => new Set(rowsOn(rows, splits, 'sourceTime', side).map((entry) => outletKey(entry.outlet)));

  it("tests on the time split's newest rows, from outlets no train or validation row comes from", () => {
    expect(rowsOn(rows, splits, 'sourceTime', 'test')).toEqual(rowsOn(rows, splits, 'time', 'test'));
    const held = new Set([...outletsOf('test'), ...outletsOf('final')]);
    expect(held.size).toBeGreaterThan(20);
    for (const side of ['train', 'validation'] as const) expect([...outletsOf(side)].filter((outlet) => held.has(outlet)), side).toEqual([]);
    expect([...outletsOf('train')].filter((outlet) => outletsOf('validation').has(outlet))).toEqual([]);
  });

  it('validates on rows newer than its train rows and older than its test rows', () => {
    rows.forEach((entry, index) => {
      const day = dateOf(entry)?.day;
      const side = splits.sides[index]!.sourceTime;
      // A row is placed by its story's newest dated row, so its own date may be missing or older.
      if (side === 'test') expect(day === undefined || day < FINAL_FROM).toBe(true);
      if (side === 'validation') expect(day === undefined || day < TIME_TEST_FROM).toBe(true);
      if (side === 'train') expect(day === undefined || day < TIME_TEST_FROM).toBe(true);
    });
    // Stories dated in the validation months are validation or left out, never train.
    const validationMonths = rows.map((_, index) => index).filter((index) => splits.sides[index]!.time === 'validation');
    expect(validationMonths.every((index) => ['validation', 'excluded'].includes(splits.sides[index]!.sourceTime))).toBe(true);
    expect(rowsOn(rows, splits, 'sourceTime', 'validation').length).toBeGreaterThan(80);
    expect(rowsOn(rows, splits, 'sourceTime', 'train').length).toBeGreaterThan(1500);
  });

  it('leaves out an older row of an outlet a newer side holds', () => {
    const dated = (title: string, url: string, publishedAt: string | null) => row(title, url, { publishedAt });
    const small = corpusSplits([
      dated('Outlet A tested on creators in 2024', 'https://a.com/1', '2024-05-01'),
      dated('Outlet A wrote on brand deals long ago', 'https://www.a.com/2', '2022-01-01'),
      dated('Outlet B validated on platform payouts', 'https://b.com/1', '2023-08-01'),
      dated('Outlet B earlier story on podcasts', 'https://b.com/2', null),
      dated('Outlet C trains on agencies', 'https://c.com/1', '2021-03-01'),
      dated('Outlet D in the final months', 'https://d.com/1', '2025-06-01'),
      dated('Outlet D validated before them', 'https://d.com/2', '2023-09-01'),
    ]);
    expect(small.sides.map((side) => side.sourceTime)).toEqual(['test', 'excluded', 'validation', 'excluded', 'train', 'final', 'excluded']);
    expect(small.sides.map((side) => side.time)).toEqual(['test', 'train', 'validation', 'train', 'train', 'final', 'validation']);
  });
});

describe('the final set', () => {
  const finalRows = rows.filter((_, index) => splits.sides[index]!.outlet === 'final');
  it('holds the newest stories, and they are final under every scheme', () => {
    expect(finalRows.length).toBeGreaterThan(100);
    for (const [index, entry] of rows.entries()) if ((dateOf(entry)?.day ?? '') >= FINAL_FROM) expect(splits.sides[index]).toEqual({ outlet: 'final', story: 'final', time: 'final', sourceTime: 'final' });
  });

  it('never reaches the rows a model learns from or is calibrated and thresholded on, under any scheme', () => {
    const finalTexts = new Set(finalRows.map((entry) => `${entry.title}|${entry.summary ?? ''}`));
    for (const scheme of SCHEMES) {
      const { train, validation } = learningRows(rows, splits, scheme);
      expect(train.length + validation.length).toBeGreaterThan(700);
      expect([...train, ...validation].filter((example) => finalTexts.has(`${example.title}|${example.summary}`)), scheme).toEqual([]);
    }
  });

  it('holds the newest same-story pairs too', () => {
    const sides = pairSplits(pairs);
    pairs.forEach((pair, index) => {
      const newest = [pair.a.publishedAt, pair.b.publishedAt].filter(Boolean).sort().at(-1) ?? '';
      expect(sides[index]!.story === 'final').toBe(newest >= FINAL_FROM);
      if (newest >= FINAL_FROM) expect(['final', 'excluded']).toContain(sides[index]!.sourceTime);
    });
  });
});

describe('intervals and calibration', () => {
  it('gives F1 a bootstrap interval around it', () => {
    const cases = Array.from({ length: 200 }, (_, index) => ({ truth: index % 2 === 0, said: index % 4 !== 3 }));
    const figure = f1WithInterval(cases);
    expect(figure.value).toBeCloseTo(0.8, 5);
    expect(figure.low).toBeLessThan(figure.value);
    expect(figure.high).toBeGreaterThan(figure.value);
    expect(figure.high - figure.low).toBeLessThan(0.2);
  });

  it('fits Platt scaling on scores that separate the classes without diverging', () => {
    const points = [...Array.from({ length: 50 }, (_, index) => ({ score: 10 + index / 25, positive: true })), ...Array.from({ length: 50 }, (_, index) => ({ score: -10 - index / 25, positive: false }))];
    const { a, b } = fitPlatt(points);
    expect(Math.abs(a)).toBeLessThan(10);
    // Platt's smoothed targets: (50 + 1) / (50 + 2) for the positives.
    expect(sigmoid(a * 11 + b)).toBeCloseTo(51 / 52, 2);
  });
});
