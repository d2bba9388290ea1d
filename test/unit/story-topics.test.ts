import { describe, expect, it } from 'vitest';
import { FOLLOWED_SHARE_OF_PAGE, withFollowedFirst } from '#domain/reader/feed.ts';
import seed from '../../data/topics/seed-entities.json' with { type: 'json' };
import type { SeedEntity } from '#domain/topics/catalogue.ts';
import { MAX_STORY_TOPICS, storyTopics } from '#domain/topics/story-topics.ts';
import { TOPIC_ID_PATTERN, topicPath, topicsById } from '#domain/topics/topic-links.ts';
import { followNotification, followNotificationKey, isNewsForFollowers, topicIndexChanges, type IndexedFields } from '#domain/reader/topic-stories.ts';

const published: IndexedFields = {
  id: 'a1',
  status: 'published',
  isDuplicate: false,
  relevanceScore: 70,
  category: 'platform-updates',
  originalPublishedAt: '2026-11-28T10:00:00.000Z',
  topics: [{ id: 'youtube' }, { id: 'asci' }],
};

describe('storyTopics', () => {
  it('gives each entity of the headline and summary once, headline first, as id, kind and name', () => {
    expect(storyTopics('YouTube Shorts pays creators more; YT Shorts adds remix', 'Instagram Reels answers, and YouTube Shorts again')).toEqual([
      { id: 'youtube-shorts', kind: 'platform', name: 'YouTube Shorts' },
      { id: 'instagram-reels', kind: 'platform', name: 'Instagram Reels' },
    ]);
  });

  it('finds nothing in a text that names no entity, and keeps at most MAX_STORY_TOPICS', () => {
    expect(storyTopics('A quiet week for the industry', undefined)).toEqual([]);
    const roundup = 'YouTube, Instagram, TikTok, Snapchat, Facebook, LinkedIn, Twitch, Pinterest, Spotify, Netflix and Moj';
    const topics = storyTopics(roundup, '');
    expect(topics.length).toBe(MAX_STORY_TOPICS);
    expect(topics[0]?.id).toBe('youtube');
  });

  it('names a topic of the catalogue by id; every id of the catalogue has the shape a topic path takes', () => {
    const topics = topicsById(seed as SeedEntity[]);
    expect(topics.get('asci')).toEqual({ id: 'asci', kind: 'regulator', name: 'Advertising Standards Council of India' });
    expect(topics.get('no-such-topic')).toBeUndefined();
    expect(topicPath({ id: 'youtube-shorts' })).toBe('/topic/youtube-shorts');
    for (const id of topics.keys()) expect(id).toMatch(TOPIC_ID_PATTERN);
  });
});

describe('topicIndexChanges', () => {
  it('puts a story under each topic when it becomes public, newest-first key from its publication time', () => {
    expect(topicIndexChanges({ ...published, status: 'draft' }, published)).toEqual({
      put: [
        { topicId: 'youtube', publishedAt: '2026-11-28T10:00:00.000Z', articleId: 'a1' },
        { topicId: 'asci', publishedAt: '2026-11-28T10:00:00.000Z', articleId: 'a1' },
      ],
      remove: [],
    });
    expect(topicIndexChanges(undefined, published).put).toHaveLength(2);
  });

  it('removes the entries when the story is archived, purged or deleted, and changes nothing while it stays public', () => {
    const entries = topicIndexChanges(undefined, published).put;
    expect(topicIndexChanges(published, { ...published, status: 'archived' })).toEqual({ put: [], remove: entries });
    expect(topicIndexChanges(published, undefined)).toEqual({ put: [], remove: entries });
    expect(topicIndexChanges(published, { ...published, relevanceScore: 80 })).toEqual({ put: [], remove: [] });
  });

  it('never lists a later report of a story, a story below the public relevance, or one without topics', () => {
    expect(topicIndexChanges(undefined, { ...published, isDuplicate: true })).toEqual({ put: [], remove: [] });
    expect(topicIndexChanges(undefined, { ...published, relevanceScore: 10 })).toEqual({ put: [], remove: [] });
    expect(topicIndexChanges(undefined, { ...published, topics: undefined })).toEqual({ put: [], remove: [] });
  });
});

describe('followNotification', () => {
  const story = { id: '0193a1b2-0000-7000-8000-000000000001', title: 'ASCI tightens influencer rules', summary: '', sourceName: 'Trade Desk A', publisher: { id: 'trade-desk-a', name: 'Trade Desk A' }, topics: [] };

  it('tells a topic follower of a new story about it, naming the topics they follow', () => {
    expect(followNotification(story, { topics: [{ id: 'asci', name: 'ASCI' }] })).toEqual({
      title: 'New on ASCI',
      message: 'ASCI tightens influencer rules',
      type: 'info',
      kind: 'topics',
      actionUrl: '/story/asci-tightens-influencer-rules-0193a1b2-0000-7000-8000-000000000001',
    });
    expect(followNotification(story, { topics: [{ id: 'asci', name: 'ASCI' }, { id: 'meity', name: 'MeitY' }] })?.title).toBe('New on ASCI and MeitY');
    expect(followNotification(story, { topics: [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }] })?.title).toBe('New on A and 2 more topics');
    expect(followNotification(story, { topics: [] })).toBeNull();
  });

  it('tells a story follower of new coverage and opens the story they follow; topic followers hear of the first report only', () => {
    const report = { ...story, id: 'b2', sourceName: 'Trade Desk B', clusterId: story.id };
    const lead = { id: story.id, title: story.title };
    expect(followNotification(report, { story: lead, topics: [{ id: 'asci', name: 'ASCI' }] })).toEqual({
      title: 'New coverage: ASCI tightens influencer rules',
      message: 'Trade Desk B: ASCI tightens influencer rules',
      type: 'info',
      kind: 'stories',
      actionUrl: '/story/asci-tightens-influencer-rules-0193a1b2-0000-7000-8000-000000000001',
    });
    expect(followNotification(report, { topics: [{ id: 'asci', name: 'ASCI' }] })).toBeNull();
    // A later report is no new story for its publisher's or keywords' followers either.
    expect(followNotification(report, { topics: [], publisher: report.publisher, keywords: ['ASCI'] })).toBeNull();
  });

  it('says why: a keyword alert first, then a followed publisher, then the topics', () => {
    const url = '/story/asci-tightens-influencer-rules-0193a1b2-0000-7000-8000-000000000001';
    const all = { topics: [{ id: 'asci', name: 'ASCI' }], publisher: story.publisher, keywords: ['SEBI'] };
    expect(followNotification(story, all)).toEqual({ title: 'Matches your alert "SEBI"', message: story.title, type: 'info', kind: 'keywords', actionUrl: url });
    expect(followNotification(story, { ...all, keywords: ['SEBI', 'ASCI', 'influencer rules'] })?.title).toBe('Matches your alerts "SEBI", "ASCI" and "influencer rules"');
    expect(followNotification(story, { ...all, keywords: [] })).toEqual({ title: 'New from Trade Desk A', message: story.title, type: 'info', kind: 'publishers', actionUrl: url });
    expect(followNotification(story, { ...all, keywords: [], publisher: undefined })?.kind).toBe('topics');
  });

  it('is made once per reader and story, and only for a story the public may see or new coverage of one', () => {
    expect(followNotificationKey('b2', 'u1')).toBe(followNotificationKey('b2', 'u1'));
    expect(followNotificationKey('b2', 'u1')).not.toBe(followNotificationKey('b2', 'u2'));
    expect(isNewsForFollowers({ status: 'published', isDuplicate: true, relevanceScore: 60, category: 'general' })).toBe(true);
    expect(isNewsForFollowers({ status: 'published', relevanceScore: 10, category: 'general' })).toBe(false);
    expect(isNewsForFollowers({ status: 'draft', relevanceScore: 60, category: 'general' })).toBe(false);
  });
});

describe('withFollowedFirst (For You)', () => {
  const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
  const of = (...names: string[]) => names.map((id) => ({ id }));
  it('puts followed stories first, at most half a page, then the others, each once', () => {
    expect(ids(withFollowedFirst(of('f1', 'f2'), of('r1', 'f1', 'r2'), 4))).toEqual(['f1', 'f2', 'r1', 'r2']);
    const many = of(...Array.from({ length: 15 }, (_, index) => `f${index}`));
    const page = withFollowedFirst(many, of('r1', 'r2'));
    expect(page.slice(0, FOLLOWED_SHARE_OF_PAGE)).toEqual(many.slice(0, FOLLOWED_SHARE_OF_PAGE));
    expect(ids(page).slice(FOLLOWED_SHARE_OF_PAGE)).toEqual(['r1', 'r2']);
    expect(ids(withFollowedFirst([], of('r1', 'r2')))).toEqual(['r1', 'r2']);
  });
});
