import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJsonLines } from '#domain/classifier/corpus.ts';
import { sameEventOf } from '#domain/classifier/headline.ts';
import { datedOnBothSides, pairDay, pairStoryText, slugTitle, sourceTimePairSplit, TIME_TEST_FROM, TIME_VALIDATION_FROM, FINAL_FROM, type StoryPair } from '#domain/classifier/splits.ts';
import { splitOf } from '#domain/classifier/evaluate.ts';
import { knownStoryOf, storyTextParts } from '#store/articles.ts';
import { amountsWritten, EVENT_WEIGHTS, eventCosine, eventEvidence, eventProfile, matchingEvent, plain, sameEvent, stem, unrelatedEventJoinRate, type EventEvidence } from '#domain/topics/same-event.ts';

const pairs = parseJsonLines<StoryPair>(readFileSync(path.resolve(import.meta.dirname, '../../data/classifier/corpus/same-story.jsonl'), 'utf8'));
const split = sourceTimePairSplit(pairs);
const side = (value: StoryPair['a']) => pairStoryText(value);

// Real reports (same-story.jsonl): one event from two publishers, and other events on the same subject.
const takatakMerger = { title: "MX TakaTak to Merge With ShareChat's Moj Short Video Platform", summary: 'Moj and MX TakaTak were launched in India in July 2020 after the government banned TikTok and other Chinese apps.', publishedAt: '2022-02-11' }; // gadgets360.com
const takatakAcquired = { title: 'ShareChat acquires Times Internet-backed MX TakaTak, merges it with Moj', summary: 'Post this merger, the combined entity, which is poised to be the largest short video platform in India, will be owned by ShareChat.', publishedAt: '2022-02-10' }; // yourstory.com
const twitchPayCut = { title: 'Twitch cuts revenue, enrages streamers', summary: null, publishedAt: '2022-09-22' };
const twitchGamblingBan = { title: 'Twitch announces slots and roulette gambling ban – BBC', summary: null, publishedAt: '2022-09-21' };
const xRevenueSharing = { title: 'Twitter, rebranded as X, announces ads revenue sharing program', summary: "Elon Musk's newly rebranded X has finally launched ads revenue sharing program for verified users", publishedAt: '2023-07-31' }; // lifestyle.livemint.com
const xRevenueSharingGlobal = { title: 'Twitter, Now X, Opens Up Its Ad Revenue Sharing Programme With Global Creators', summary: 'Elon Musk’s Twitter, which has been rebranded to X, is officially rolling out its ads revenue sharing programme for creators.', publishedAt: '2023-07-31' }; // boomlive.in

describe('the same-event rule', () => {
  it('joins one event reported by two outlets, and says why: kind, entities, terms, days apart', () => {
    const judgement = sameEvent(takatakMerger, takatakAcquired);
    expect(judgement.same).toBe(true);
    expect(judgement.against).toEqual([]);
    expect(judgement.reason).toMatchObject({ kinds: expect.arrayContaining(['deal']), daysApart: 1, windowDays: EVENT_WEIGHTS.windowDays.deal });
    expect(judgement.reason?.entities.map((entity) => entity.id)).toEqual(expect.arrayContaining(['sharechat', 'mx-takatak', 'moj']));
    expect(judgement.reason?.terms).toContain('takatak');
    expect(sameEvent(xRevenueSharing, xRevenueSharingGlobal)).toMatchObject({ same: true, reason: { kinds: expect.arrayContaining(['policy']) } });
  });

  it('does not join two events on one subject: one platform, two policy changes', () => {
    const judgement = sameEvent(twitchPayCut, twitchGamblingBan);
    expect(judgement).toMatchObject({ same: false, reason: null });
    expect(judgement.against.length).toBeGreaterThan(0);
    // The same subject a month apart is never one event, however alike the words.
    expect(sameEvent(xRevenueSharing, { ...xRevenueSharingGlobal, publishedAt: '2023-09-01' })).toMatchObject({ same: false, against: expect.arrayContaining(['window']) });
  });

  it('needs a shared entity or rare name, and agreeing years and places', () => {
    const law = (state: string, year: string) => ({ title: `${state} passes a law on child influencers' earnings in ${year}`, summary: null });
    expect(sameEvent(law('Illinois', '2023'), law('Minnesota', '2023')).against).toContain('places-disagree');
    expect(sameEvent(law('Illinois', '2023'), law('Illinois', '2024')).against).toContain('periods-disagree');
    expect(sameEvent({ title: 'Creators earn more from brand deals this year' }, { title: 'Creators earn more from brand deals, survey says' }).against).toContain('no-shared-entity');
  });

  it('lets a report travel longer than a launch', () => {
    expect(EVENT_WEIGHTS.windowDays.report).toBeGreaterThan(EVENT_WEIGHTS.windowDays.launch);
    const report = (publishedAt: string) => ({ title: 'HypeAuditor report: Instagram influencer fraud rose 45% in 2023', summary: 'HypeAuditor data on fake followers across Instagram creators.', publishedAt });
    const launch = (publishedAt: string) => ({ title: 'Instagram launches Edits, a video editing app for creators', summary: null, publishedAt });
    // Half a day beyond a launch's window: still within a report's.
    const later = new Date(Date.parse('2024-03-01T00:00:00Z') + (EVENT_WEIGHTS.windowDays.launch + 0.5) * 86_400_000).toISOString();
    expect(sameEvent(report('2024-03-01T00:00:00Z'), report(later)).same).toBe(true);
    expect(sameEvent(launch('2024-03-01T00:00:00Z'), launch(later))).toMatchObject({ same: false, against: ['window'] });
  });

  it('picks the best joined earlier story with its reason, or none', () => {
    const earlier = [
      { id: 'gambling', profile: eventProfile(twitchGamblingBan) },
      { id: 'takatak', profile: eventProfile(takatakMerger) },
    ];
    expect(matchingEvent(eventProfile(takatakAcquired), earlier)).toMatchObject({ candidate: { id: 'takatak' }, reason: { kinds: expect.arrayContaining(['deal']) } });
    expect(matchingEvent(eventProfile(twitchPayCut), earlier)).toBeNull();
    expect(stem('creators')).toBe(stem('creator'));
    expect(stem('2024')).toBe('2024');
  });

  // Measured on the tuning pairs (train + validation of the source-and-time split, sides without a printed
  // headline read from the address's slug), with the 1,220 pairs of 2026-11-29 (pairs5 and pairs6 merged) and the
  // settings the tuning chose on them with its floor held on dated and undated pairs apart: precision 0.951
  // (117/123), recall 0.632 (117/185); dated pairs 0.976 (41/42), undated 0.938 (76/81). The settings before it
  // made 0.932 (124/133) and 0.670 on the same pairs, with undated pairs at 0.913. Floors a little below.
  it('holds its precision on the tuning pairs of the source-and-time split, dated and undated pairs alike', () => {
    const tuning = pairs.filter((_, index) => split.sides[index] === 'train' || split.sides[index] === 'validation');
    const figures = (group: typeof tuning) => {
      const said = group.filter((pair) => sameEventOf(side(pair.a), side(pair.b))?.same);
      const both = said.filter((pair) => pair.same).length;
      return { precision: both / said.length, recall: both / group.filter((pair) => pair.same).length };
    };
    expect(figures(tuning).precision).toBeGreaterThan(0.94);
    expect(figures(tuning).recall).toBeGreaterThan(0.62);
    expect(figures(tuning.filter(datedOnBothSides)).precision).toBeGreaterThan(0.93);
    expect(figures(tuning.filter((pair) => !datedOnBothSides(pair))).precision).toBeGreaterThan(0.93);
  });
});

describe('what the same-event rule reads', () => {
  it('one amount however it is written, one act however it is worded', () => {
    expect(amountsWritten('Snapchat to pay $1M a day')).toBe('Snapchat to pay $1m a day');
    expect(amountsWritten('will pay $1 million per day, or 1 mn')).toBe('will pay $1m per day, or 1m');
    expect(amountsWritten('a $4 billion valuation, ₹100 crore, 5 lakh creators, 10K followers')).toBe('a $4bn valuation, ₹100cr, 5lakh creators, 10k followers');
    expect(amountsWritten('in 10 months, 5 more')).toBe('in 10 months, 5 more');
    expect(plain('bars')).toBe(plain('bans'));
    expect(plain('backtracks')).toBe(plain('reverses'));
    expect(plain('acquires')).toBe(plain('buys'));
    expect(plain('influencers')).not.toBe(plain('creators'));
  });

  it("a side without a printed headline reads the address's", () => {
    expect(slugTitle('https://www.exchange4media.com/digital-news/youtube-to-give-45-of-ad-revenue-to-shorts-creators-122547.html')).toBe('youtube to give 45 of ad revenue to shorts creators');
    expect(slugTitle('https://influencermarketingacademy.substack.com/p/your-weekly-creator-marketing-update-a88')).toBe('your weekly creator marketing update');
    expect(slugTitle('https://example.com/2023/09/q3-results-fy24-up')).toBe('q3 results fy24 up');
    expect(slugTitle('https://example.com/news/12345')).toBeNull();
    expect(pairStoryText({ url: 'https://a.com/x/youtube-removes-dislike-counts', title: null, summary: 'YouTube said on Wednesday...', outlet: 'a.com' })).toEqual({ title: 'youtube removes dislike counts', summary: 'YouTube said on Wednesday...', publishedAt: null });
    expect(pairStoryText({ url: 'https://a.com/x/12345', title: null, summary: 'YouTube said on Wednesday...', outlet: 'a.com' })).toEqual({ title: 'YouTube said on Wednesday...', summary: null, publishedAt: null });
  });

  it("joins a headline to the other outlet's standfirst when they say one thing, and says which texts agreed", () => {
    const headline = { title: 'Snapchat Spotlight Takes On TikTok, Will Pay $1 Million Per Day To Creators', summary: null };
    const standfirst = { title: 'Snapchat releases Spotlight', summary: 'Snapchat releases Spotlight enabling top creators to earn $1 mn per day. The feed shows short videos.' };
    expect(sameEvent(headline, standfirst)).toMatchObject({ same: true, reason: { figures: ['1'] } });
    expect(['headline', 'lead', 'whole']).toContain(sameEvent(headline, standfirst).reason?.view);
  });

  it("the ingest's fingerprints keep the headline apart from the summary; older ones read whole as the headline", () => {
    const known = knownStoryOf({ id: 'a', title: 'ASCI tightens influencer rules', summary: 'The council said on Monday.', originalPublishedAt: '2026-11-20T00:00:00Z', sourceName: 'A', clusterId: undefined, simhash: '' });
    expect(storyTextParts(known.storyText ?? '', null)).toEqual({ title: 'ASCI tightens influencer rules', summary: 'The council said on Monday.', publishedAt: null });
    expect(storyTextParts('ASCI tightens influencer rules The council said on Monday.', '2026-11-20')).toEqual({ title: 'ASCI tightens influencer rules The council said on Monday.', summary: null, publishedAt: '2026-11-20' });
    // Whole-text cosine as before either way: the line break is a word boundary.
    expect(eventCosine(eventProfile(storyTextParts(known.storyText ?? '', null)), eventProfile({ title: 'ASCI tightens influencer rules The council said on Monday.' }), true)).toBeCloseTo(1, 6);
  });

  it('a state or country both name is a shared name (a law of one state)', () => {
    const judgement = sameEvent({ title: 'Illinois law requires earnings of child influencers to be put in trust' }, { title: 'Illinois passes law to protect child influencers earnings in trust' });
    expect(judgement).toMatchObject({ same: true, reason: { names: expect.arrayContaining(['illinois']) } });
  });
});

describe('the source-and-time split of the same-story pairs', () => {
  const outletsOn = (...sides: string[]) => new Set(pairs.flatMap((pair, index) => (sides.includes(split.sides[index]!) ? [pair.a.outlet, pair.b.outlet] : [])));

  it('tests on the newest pairs, validates on the months before, and no outlet of a later side is in an earlier one', () => {
    pairs.forEach((pair, index) => {
      const day = pairDay(pair) ?? '';
      const sideOf = split.sides[index];
      if (sideOf === 'test') expect(day >= TIME_TEST_FROM && day < FINAL_FROM).toBe(true);
      if (sideOf === 'final') expect(day >= FINAL_FROM).toBe(true);
      if (sideOf === 'validation') expect(day >= TIME_VALIDATION_FROM && day < TIME_TEST_FROM).toBe(true);
      if (sideOf === 'train') expect(day < TIME_VALIDATION_FROM).toBe(true);
    });
    const held = outletsOn('test', 'final');
    expect([...outletsOn('train', 'validation')].filter((outlet) => held.has(outlet))).toEqual([]);
    const validation = outletsOn('validation');
    expect([...outletsOn('train')].filter((outlet) => validation.has(outlet))).toEqual([]);
  });

  it('balances each side: as many same-subject different-event pairs as same-event ones', () => {
    for (const sideOf of ['train', 'validation', 'test', 'final'] as const) {
      const on = pairs.filter((_, index) => split.sides[index] === sideOf);
      expect(on.filter((pair) => pair.same).length, sideOf).toBe(on.filter((pair) => !pair.same).length);
      expect(split.counts[sideOf].same).toBe(on.filter((pair) => pair.same).length);
    }
    expect(split.counts.test.same).toBeGreaterThan(60);
    expect(split.counts.train.same).toBeGreaterThan(100);
  });
});

describe('the same-event rule on unrelated stories', () => {
  it('joins at most 1 in 2,000 cross-outlet pairs of on-beat headlines spread over the days the ingest compares (a false join hides a card)', () => {
    const rows = parseJsonLines<{ title: string | null; summary: string | null; outlet: string; label: string }>(readFileSync(path.resolve(import.meta.dirname, '../../data/classifier/corpus/headlines.jsonl'), 'utf8'))
      .filter((row) => row.label === 'on-beat' && row.title && splitOf(row.outlet) === 'test')
      .map((row) => ({ outlet: row.outlet, profile: eventProfile({ title: row.title ?? '', summary: row.summary }) }));
    const evidence: EventEvidence[] = [];
    let total = 0;
    rows.forEach((first, index) =>
      rows.slice(index + 1).forEach((second) => {
        if (first.outlet === second.outlet) return;
        total += 1;
        if (eventCosine(first.profile, second.profile, EVENT_WEIGHTS.stemmed, EVENT_WEIGHTS.views) >= 0.2) evidence.push(eventEvidence(first.profile, second.profile));
      }),
    );
    expect(total).toBeGreaterThan(10_000);
    // Measured 0.23 per 1,000 (2026-11-29, second round; the first round's settings 0.24, the cosine rule before #38 0.36). A pair whose best view is below 0.2 cannot reach the threshold with every bonus.
    expect(unrelatedEventJoinRate(evidence, total)).toBeLessThanOrEqual(1 / 2000);
  }, 60_000);
});
