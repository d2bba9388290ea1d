import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitOf } from '#domain/classifier/evaluate.ts';
import { pairSplits, type StoryPair } from '#domain/classifier/splits.ts';
import { sameStory as sameStoryCli } from '#domain/classifier/headline.ts';
import { otherPublishers } from '#domain/reader/public-articles.ts';
import { matchingStory, SAME_STORY_AT, sameStory, storyEvidence, storyProfile, STORY_WEIGHTS, STORY_WINDOW_DAYS, unrelatedJoinRate, type StoryEvidence } from '#domain/content/story-cluster.ts';

type Side = { title: string | null; summary: string | null; outlet: string; publishedAt: string | null };
const pairs = readFileSync(path.resolve(import.meta.dirname, '../../data/classifier/corpus/same-story.jsonl'), 'utf8')
  .split('\n')
  .filter((line) => line.trim())
  .map((line) => JSON.parse(line) as { a: Side; b: Side; same: boolean });
const side = (value: Side) => ({ title: value.title ?? value.summary ?? '', summary: value.title ? value.summary : null, publishedAt: value.publishedAt });

function f1Of(chosen: readonly { a: Side; b: Side; same: boolean }[], weights = STORY_WEIGHTS) {
  const answers = chosen.map((pair) => ({ same: pair.same, said: sameStoryCli(side(pair.a), side(pair.b), weights)?.same ?? false }));
  const truePositives = answers.filter((answer) => answer.same && answer.said).length;
  const precision = truePositives / answers.filter((answer) => answer.said).length;
  const recall = truePositives / answers.filter((answer) => answer.same).length;
  return (2 * precision * recall) / (precision + recall);
}
const f1 = (split: 'validation' | 'test') => f1Of(pairs.filter((pair) => splitOf(pair.a.outlet) === split || splitOf(pair.b.outlet) === split));
const byEvent = pairSplits(pairs as unknown as StoryPair[]);
const eventPairs = (sides: string[]) => pairs.filter((_, index) => sides.includes(byEvent[index]!.story));

// Real reports from the corpus (same-story.jsonl rows 49 and 142): one event from two publishers, and another event.
const takatakMerger = { title: "MX TakaTak to Merge With ShareChat's Moj Short Video Platform", summary: 'Moj and MX TakaTak were launched in India in July 2020 after the government banned TikTok and other Chinese apps.', publishedAt: '2022-02-11' }; // gadgets360.com
const takatakAcquired = { title: 'ShareChat acquires Times Internet-backed MX TakaTak, merges it with Moj', summary: 'Post this merger, the combined entity, which is poised to be the largest short video platform in India, will be owned by ShareChat.', publishedAt: '2022-02-10' }; // yourstory.com
const differentEvent = { title: "'IGL' row: SC refuses to release Ranveer Allahbadia's passport", summary: 'The Supreme Court of India has refused to release the passport of YouTuber and podcaster Ranveer Allahbadia.', publishedAt: '2022-02-11' }; // newsbytesapp.com, date set for the test

// The cosine rule (content/story-cluster.ts): before #38 the ingest's join rule, now the text-similarity part of the
// same-event rule (topics/same-event.ts, test/unit/same-event.test.ts).
describe('story clustering on real same-story pairs', () => {
  it('tells apart a different year, quarter, state or country, and reads only the opening of a long summary', () => {
    const law = (state: string) => storyProfile({ title: `${state} passes a law on child influencers' earnings`, summary: null });
    expect(storyEvidence(law('Illinois'), law('Minnesota')).placesDisagree).toBe(true);
    expect(storyEvidence(law('Illinois'), storyProfile({ title: 'US state passes a child influencer law', summary: 'Illinois acts.' })).placesDisagree).toBe(false);
    expect(storyEvidence(law('Maharashtra'), storyProfile({ title: 'India: a state law on influencers', summary: null })).placesDisagree).toBe(false);
    expect(storyEvidence(storyProfile({ title: 'Meta Q3 2024 creator payouts', summary: null }), storyProfile({ title: 'Meta Q2 2024 creator payouts', summary: null })).periodsDisagree).toBe(true);
    // Two feed descriptions alike in their opening and different further down read as one text.
    const described = (tail: string) => ({ ...takatakMerger, summary: `${takatakMerger.summary} ${'more words of the opening '.repeat(10)}${tail.repeat(30)}` });
    expect(sameStory(described('ShareChat Moj merger TakaTak acquires '), takatakAcquired).score).toBe(sameStory(described('cricket weather election '), takatakAcquired).score);
  });

  // Floors a little below the measured figures. With the 1,220 pairs of 2026-11-29 (the pairs5 and pairs6 rounds
  // added 217, both sides dated): by the outlet split validation 0.728, test 0.770; by event tuning 0.739, held out
  // 0.726. With the 1,003 pairs of the pairs4 round: 0.735, 0.767, 0.732, 0.737. With the 747 pairs before it:
  // 0.767, 0.770, 0.743, 0.793; the previous rule (0.40 within 7 days) measured 0.727, 0.722 and 0.681 then. The
  // rule did not change: the pairs did.
  it('holds its F1 on the outlet split and on the held-out events, same-event against same-subject pairs', () => {
    expect(f1('validation')).toBeGreaterThan(0.71);
    expect(f1('test')).toBeGreaterThan(0.75);
    expect(f1Of(eventPairs(['test']))).toBeGreaterThan(0.71);
  });

  it('beats the previous rule on the held-out events, with weights chosen on the tuning events only', () => {
    const previous = { ...STORY_WEIGHTS, threshold: 0.4, windowDays: 7 };
    expect(f1Of(eventPairs(['test']))).toBeGreaterThan(f1Of(eventPairs(['test']), previous) + 0.05);
    expect(f1Of(eventPairs(['train', 'validation']))).toBeGreaterThan(f1Of(eventPairs(['train', 'validation']), previous));
    // Four passes over 600 pairs: on a shared 2-core machine this can take more than the default 5 s.
  }, 30_000);

  it('joins at most 1 in 2,000 cross-outlet pairs of on-beat test headlines spread over the days the ingest compares (a false join hides a card)', () => {
    const rows = readFileSync(path.resolve(import.meta.dirname, '../../data/classifier/corpus/headlines.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as { title: string | null; summary: string | null; outlet: string; label: string })
      .filter((row) => row.label === 'on-beat' && row.title && splitOf(row.outlet) === 'test')
      .map((row) => ({ outlet: row.outlet, profile: storyProfile({ title: row.title ?? '', summary: row.summary }) }));
    const evidence: StoryEvidence[] = [];
    rows.forEach((first, index) =>
      rows.slice(index + 1).forEach((second) => {
        if (first.outlet !== second.outlet) evidence.push(storyEvidence(first.profile, second.profile));
      }),
    );
    expect(evidence.length).toBeGreaterThan(10_000);
    // Measured 0.36 per 1,000 (the previous rule 0.40). Items with no date escape the window: 0.73 per 1,000.
    expect(unrelatedJoinRate(evidence, evidence.length)).toBeLessThanOrEqual(1 / 2000);
    expect(unrelatedJoinRate(evidence, evidence.length, { ...STORY_WEIGHTS, windowDays: 7 })).toBeLessThanOrEqual(1 / 1000);
  });

  it('calls two publishers reporting one event the same story, and a different event not', () => {
    expect(sameStory(takatakMerger, takatakAcquired).same).toBe(true);
    expect(sameStory(takatakMerger, differentEvent)).toMatchObject({ same: false });
    expect(sameStory(takatakMerger, differentEvent).score).toBeLessThan(SAME_STORY_AT);
  });

  it('never joins reports further apart than the window', () => {
    const later = { ...takatakAcquired, publishedAt: new Date(Date.parse('2022-02-11') + (STORY_WINDOW_DAYS + 1) * 86_400_000).toISOString() };
    expect(sameStory(takatakMerger, later)).toEqual({ same: false, score: 0 });
    expect(sameStory(takatakMerger, { ...takatakAcquired, publishedAt: null }).same).toBe(true);
  });

  it('picks the best matching earlier story, or none', () => {
    const earlier = [{ id: 'sebi', profile: storyProfile(differentEvent) }, { id: 'takatak', profile: storyProfile(takatakMerger) }];
    expect(matchingStory(storyProfile(takatakAcquired), earlier)?.id).toBe('takatak');
    expect(matchingStory(storyProfile({ title: 'Instagram tests a new Reels editor for creators' }), earlier)).toBeNull();
  });
});

describe('the other publishers on a card', () => {
  it('lists each other publisher once with a safe link, never the card own publisher', () => {
    const publishers = otherPublishers({
      sourceName: 'Trade Desk A',
      alsoCoveredBy: [
        { sourceName: 'Trade Desk B', sourceUrl: 'https://b.example.com/one', title: 'One' },
        { sourceName: 'Trade Desk B', sourceUrl: 'https://b.example.com/two', title: 'Two' },
        { sourceName: 'Trade Desk A', sourceUrl: 'https://a.example.com/again', title: 'Again' },
        { sourceName: 'Evil', sourceUrl: 'javascript:alert(1)', title: 'Bad' },
      ],
    });
    expect(publishers).toEqual([{ sourceName: 'Trade Desk B', sourceUrl: 'https://b.example.com/one', title: 'One' }]);
  });
});
