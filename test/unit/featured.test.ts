import { describe, expect, it } from 'vitest';
import { FEATURED_COUNT, pipelineFeaturedChanges, type FeaturedCandidate } from '#domain/content/featured.ts';

const now = new Date('2026-11-28T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000).toISOString();
const article = (id: string, qualityScore: number, extra: Partial<FeaturedCandidate> = {}): FeaturedCandidate => ({ id, qualityScore, statusAt: hoursAgo(1), ...extra });

describe('the pipeline\u2019s featured refresh', () => {
  it('features the best recent articles and clears its own older choices', () => {
    const recent = [article('a', 90), article('b', 80), article('c', 70), article('d', 60), article('old', 99, { statusAt: hoursAgo(60), isFeatured: true, featuredBy: 'pipeline' })];
    expect(pipelineFeaturedChanges(recent, now)).toEqual([
      { id: 'a', isFeatured: true },
      { id: 'b', isFeatured: true },
      { id: 'c', isFeatured: true },
      { id: 'old', isFeatured: false },
    ]);
  });

  it('never changes an editor\u2019s decision, on or off, and leaves the editor\u2019s featured articles their slots', () => {
    const recent = [
      article('editor-on', 10, { isFeatured: true, featuredBy: 'editor' }),
      article('editor-off', 99, { isFeatured: false, featuredBy: 'editor' }),
      article('editor-on-old', 10, { isFeatured: true, featuredBy: 'editor', statusAt: hoursAgo(100) }),
      article('a', 90),
      article('b', 80),
      article('c', 70, { isFeatured: true, featuredBy: 'pipeline' }),
    ];
    const changes = pipelineFeaturedChanges(recent, now);
    expect(changes.map((change) => change.id)).not.toContain('editor-on');
    expect(changes.map((change) => change.id)).not.toContain('editor-off');
    expect(changes.map((change) => change.id)).not.toContain('editor-on-old');
    // One slot of FEATURED_COUNT is the editor's recent pick: the pipeline fills the rest and drops its third.
    expect(changes).toEqual([
      { id: 'a', isFeatured: true },
      { id: 'b', isFeatured: true },
      { id: 'c', isFeatured: false },
    ]);
    expect(FEATURED_COUNT).toBe(3);
  });

  it('is settled: a second refresh over its result changes nothing', () => {
    const recent = [article('a', 90), article('b', 80), article('c', 70), article('d', 60)];
    const first = pipelineFeaturedChanges(recent, now);
    const after = recent.map((candidate) => ({ ...candidate, isFeatured: first.find((change) => change.id === candidate.id)?.isFeatured ?? candidate.isFeatured }));
    expect(pipelineFeaturedChanges(after, now)).toEqual([]);
  });
});
