import { describe, expect, it } from 'vitest';
import { decisionAsPair, joinProblem, splitProblem, withStoryDecisions } from '#domain/topics/story-links.ts';

const first = { id: 'L', status: 'published', isDuplicate: false, alsoCoveredBy: [{ articleId: 'R' }] };
const later = { id: 'R', status: 'published', isDuplicate: true, clusterId: 'L' };
const alone = { id: 'S', status: 'published', isDuplicate: false };

describe('which stories a moderator may split', () => {
  it('splits a later report joined to a first report', () => expect(splitProblem(later)).toBeNull());
  it('refuses a first report or a story of its own', () => {
    expect(splitProblem(first)).toMatch(/not a later report/);
    expect(splitProblem(alone)).toMatch(/not a later report/);
  });
  it('refuses a purged report', () => expect(splitProblem({ ...later, status: 'purged' })).toMatch(/purged/));
});

describe('which stories a moderator may join', () => {
  it('joins a story of its own to a first report', () => {
    expect(joinProblem(alone, first)).toBeNull();
    expect(joinProblem(alone, { ...alone, id: 'T' })).toBeNull();
  });
  it('refuses every bad case with its reason', () => {
    expect(joinProblem(alone, null)).toMatch(/not found/);
    expect(joinProblem(alone, alone)).toMatch(/itself/);
    expect(joinProblem(later, first)).toMatch(/already a later report/);
    expect(joinProblem(first, alone)).toMatch(/later reports of its own/);
    expect(joinProblem(alone, later)).toMatch(/itself a later report/);
    expect(joinProblem({ ...alone, status: 'purged' }, first)).toMatch(/purged/);
    expect(joinProblem(alone, { ...first, status: 'purged' })).toMatch(/purged/);
  });
});

describe('the ingest obeys the decisions', () => {
  const known = [
    { articleId: 'L', clusterId: 'L' },
    { articleId: 'R', clusterId: 'L' },
    { articleId: 'S', clusterId: 'S' },
  ];
  it('a split report leads its own cluster: a new report matching it joins it, not the first report', () => {
    const after = withStoryDecisions(known, [{ firstId: 'L', laterId: 'R', same: false, at: '2026-11-29T10:00:00Z' }]);
    expect(after.map((story) => story.clusterId)).toEqual(['L', 'R', 'S']);
  });
  it('a joined story is in the first report’s cluster; the latest decision wins', () => {
    expect(withStoryDecisions(known, [{ firstId: 'L', laterId: 'S', same: true, at: '2026-11-29T10:00:00Z' }]).map((story) => story.clusterId)).toEqual(['L', 'L', 'L']);
    const splitThenJoined = [
      { firstId: 'L', laterId: 'R', same: true, at: '2026-11-29T11:00:00Z' },
      { firstId: 'L', laterId: 'R', same: false, at: '2026-11-29T10:00:00Z' },
    ];
    expect(withStoryDecisions(known, splitThenJoined)[1]!.clusterId).toBe('L');
  });
  it('no decisions: the fingerprints as stored', () => expect(withStoryDecisions(known, [])).toEqual(known));
});

it('a decision becomes a labelled pair in the corpus format', () => {
  const story = (title: string, outlet: string) => ({ title, summary: '', publishedAt: '2026-11-28T09:00:00.000Z', sourceName: outlet, sourceUrl: `https://${outlet}/a` });
  expect(decisionAsPair({ first: story('One', 'a.example'), later: story('Two', 'b.example'), same: false, by: 'u1', at: '2026-11-29T10:00:00Z' })).toEqual({
    a: { url: 'https://a.example/a', title: 'One', summary: null, outlet: 'a.example', publishedAt: '2026-11-28' },
    b: { url: 'https://b.example/a', title: 'Two', summary: null, outlet: 'b.example', publishedAt: '2026-11-28' },
    same: false,
    event: 'moderator:u1:2026-11-29T10:00:00Z',
  });
});
