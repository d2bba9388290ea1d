import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ArticleSearchIndex } from '../../lambdas/search/article-index.ts';
import { editDistance, textTerms } from '../../lambdas/search/text-terms.ts';
import { TextIndex } from '../../lambdas/search/text-index.ts';
import { type TextFields } from '../../lambdas/search/postings.ts';

const fields = (title: string, extra: Partial<TextFields> = {}): TextFields => ({ title, summary: '', content: '', tags: '', sourceName: 'Example', ...extra });

/** Real headlines and summaries (the classifier's corpus: data/classifier/corpus/README.md says where each came from). */
const headlines = readFileSync(new URL('../../data/classifier/corpus/headlines.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line, n) => ({ n, ...(JSON.parse(line) as { title: string; summary: string | null; outlet: string }) }));

const publicArticle = (row: (typeof headlines)[number]) => ({
  id: `h${row.n}`,
  title: row.title,
  summary: row.summary ?? '',
  content: '',
  category: 'creator-economy',
  tags: [] as string[],
  sourceUrl: `https://example.com/${row.n}`,
  sourceName: row.outlet,
  status: 'published',
  relevanceScore: 60,
  mlConfidenceScore: 0.7,
  originalPublishedAt: new Date(Date.parse('2026-11-01T00:00:00Z') + row.n * 60_000).toISOString(),
});

describe('words and edits', () => {
  it('takes letters and digits of any script, lower-cased, without accents', () => {
    expect(textTerms('Creators’ Café: ₹5,000 deals — मुंबई & YouTube!')).toEqual(['creators', 'cafe', '5', '000', 'deals', 'मुंबई', 'youtube']);
  });

  it('counts a swap of neighbours as one edit and stops past the allowance', () => {
    expect(editDistance('influencer', 'infleuncer', 2)).toBe(1);
    expect(editDistance('brand', 'brnad', 1)).toBe(1);
    expect(editDistance('brand', 'bland', 1)).toBe(1);
    expect(editDistance('brand', 'grant', 1)).toBe(2);
    expect(editDistance('creator', 'curator', 2)).toBe(2);
    expect(editDistance('creator', 'operators', 2)).toBe(3);
  });
});

describe('the text index', () => {
  it('needs every word, takes the last as a prefix, and ranks title over body', () => {
    const index = new TextIndex();
    index.add('body', fields('Weekly notes', { content: 'A line about influencer payouts and brands.' }));
    index.add('title', fields('Influencer payouts rise'));
    index.add('other', fields('Influencer marketing budgets'));
    expect(index.search('influencer payouts')).toEqual(['title', 'body']);
    expect(index.search('influencer pay')).toEqual(['title', 'body']);
    expect(index.search('brand')).toEqual(['body']);
    expect(index.search('payouts budgets')).toEqual([]);
    expect(index.search('  ')).toEqual([]);
  });

  it('reads an unknown word as a typo of a near one (one edit at 4-6 letters, two from 7), never a known word', () => {
    const index = new TextIndex();
    index.add('a', fields('Sponsorship rates for creators'));
    index.add('b', fields('Brand deals in Mumbai'));
    index.add('c', fields('Bland deals'));
    expect(index.search('sbonzorzhip')).toEqual([]); // three edits
    expect(index.search('sponsohsip')).toEqual(['a']); // a swap and a missing letter
    expect(index.search('mubmai')).toEqual(['b']);
    // "bland" is a word of the index: it means itself, not "brand".
    expect(index.search('bland')).toEqual(['c']);
    expect(index.search('crators rates')).toEqual(['a']);
  });

  it('forgets a removed or replaced article, also after its postings are swept out', () => {
    const index = new TextIndex();
    for (let n = 0; n < 3_000; n += 1) index.add(`a${n}`, fields(n % 2 ? 'Creator fund' : 'Brand fund'));
    index.add('a0', fields('Creator update'));
    expect(index.search('update')).toEqual(['a0']);
    for (let n = 1; n < 2_000; n += 1) index.remove(`a${n}`);
    expect(index.size).toBe(1_001);
    expect(index.search('fund')).toHaveLength(1_000);
    expect(index.search('creator')).toEqual(expect.arrayContaining(['a0', 'a2001']));
    expect(index.search('creator')).toHaveLength(501);
    index.add('late', fields('Late creator fund'));
    expect(index.search('late creator')).toEqual(['late']);
  });
});

describe('the search snapshot', () => {
  const queries = ['influencer marketing', 'creator', 'brand', 'youtube shorts', 'instagram', 'india', 'influencr', 'monetisation', 'asci guidelines', 'sponsor', 'cre', 'ugc'];

  it('answers every query as the index it was taken from, on real headlines, and keeps taking changes', () => {
    const index = new ArticleSearchIndex();
    for (const row of headlines) index.put(publicArticle(row));
    index.remove('h5');
    const bytes = index.toSnapshot(1_234);
    const { index: restored, takenAt } = ArticleSearchIndex.fromSnapshot(new Uint8Array(bytes));
    expect(takenAt).toBe(1_234);
    expect(restored.size).toBe(index.size);
    for (const q of queries) {
      const expected = index.query({ q, limit: 30 });
      expect(expected.total, q).toBeGreaterThan(0);
      expect(restored.query({ q, limit: 30 }), q).toEqual(expected);
    }
    expect(restored.query({ sort: 'latest', limit: 10 })).toEqual(index.query({ sort: 'latest', limit: 10 }));

    // After the load, changes apply as before: a new article, a changed title, a withdrawn one.
    const row = headlines[0] as (typeof headlines)[number];
    for (const target of [index, restored]) {
      target.put({ ...publicArticle(row), id: 'new', title: 'Zyxwv creator fund opens in Pune' });
      target.put({ ...publicArticle(headlines[1] as (typeof headlines)[number]), title: 'Renamed headline about qwertz' });
      target.put({ ...publicArticle(headlines[2] as (typeof headlines)[number]), status: 'draft' });
    }
    for (const q of ['zyxwv', 'qwertz', 'creator fund', ...queries]) expect(restored.query({ q, limit: 30 }), q).toEqual(index.query({ q, limit: 30 }));
  });

  it('reads bytes that arrive at any offset in memory, and refuses bytes of another kind', () => {
    const index = new ArticleSearchIndex();
    for (const row of headlines.slice(0, 50)) index.put(publicArticle(row));
    const bytes = index.toSnapshot(1);
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    const { index: restored } = ArticleSearchIndex.fromSnapshot(shifted.subarray(3));
    expect(restored.query({ q: 'influencer', limit: 50 })).toEqual(index.query({ q: 'influencer', limit: 50 }));
    // A small one too (Node hands out small buffers from a shared pool, at any offset), and an empty index.
    const small = new ArticleSearchIndex();
    small.put(publicArticle(headlines[0] as (typeof headlines)[number]));
    const smallBytes = small.toSnapshot(2);
    const odd = new Uint8Array(smallBytes.length + 1);
    odd.set(smallBytes, 1);
    expect(ArticleSearchIndex.fromSnapshot(odd.subarray(1)).index.query({ q: 'influence' }).total).toBe(1);
    expect(ArticleSearchIndex.fromSnapshot(new ArticleSearchIndex().toSnapshot(3)).index.size).toBe(0);
    expect(() => ArticleSearchIndex.fromSnapshot(new TextEncoder().encode('{"not":"a snapshot"}'))).toThrow(/Not a search snapshot/);
  });
});
