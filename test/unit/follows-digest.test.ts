import { describe, expect, it } from 'vitest';
import { FOLLOWS_DIGEST_PER_TOPIC, FOLLOWS_DIGEST_TOTAL, pickFollowedStories, type FollowedTopicEntries } from '#domain/reader/follows-digest.ts';
import { renderFollowsDigest } from '#domain/newsletter/digest-mail.ts';

/** The mail of what a reader follows: which stories each mail lists (docs/topics.md "Mail of what you follow"). */
const at = (hour: number) => new Date(Date.UTC(2026, 10, 29, hour)).toISOString();
const topic = (topicId: string, stories: Array<[string, number]>): FollowedTopicEntries => ({
  topicId,
  label: topicId.toUpperCase(),
  stories: stories.map(([articleId, hour]) => ({ articleId, publishedAt: at(hour) })),
});

describe('pickFollowedStories', () => {
  it('lists only stories published after the last mail and up to the run, newest first', () => {
    const sections = pickFollowedStories([topic('asci', [['before', 1], ['at-last-mail', 2], ['b', 3], ['c', 5], ['after-run', 9]])], at(2), at(8));
    expect(sections).toEqual([{ topicId: 'asci', label: 'ASCI', articleIds: ['c', 'b'] }]);
  });

  it('orders a topic’s stories newest first whatever order they come in', () => {
    expect(pickFollowedStories([topic('sebi', [['old', 3], ['new', 6], ['mid', 4]])], at(0), at(8))[0]?.articleIds).toEqual(['new', 'mid', 'old']);
  });

  it('keeps at most 5 per topic and 20 in all, and lists a story under two topics once', () => {
    const many = (prefix: string) => Array.from({ length: 8 }, (_, index): [string, number] => [`${prefix}${index}`, 1 + index]);
    const topics = ['t1', 't2', 't3', 't4', 't5'].map((id) => topic(id, many(id)));
    const sections = pickFollowedStories(topics, at(0), at(12));
    expect(sections.map((section) => section.articleIds.length)).toEqual([FOLLOWS_DIGEST_PER_TOPIC, 5, 5, 5]);
    expect(sections.flatMap((section) => section.articleIds)).toHaveLength(FOLLOWS_DIGEST_TOTAL);
    expect(sections[0]?.articleIds).toEqual(['t17', 't16', 't15', 't14', 't13']);

    const shared = pickFollowedStories([topic('asci', [['same', 3]]), topic('sebi', [['same', 3], ['own', 4]])], at(0), at(8));
    expect(shared).toEqual([{ topicId: 'asci', label: 'ASCI', articleIds: ['same'] }, { topicId: 'sebi', label: 'SEBI', articleIds: ['own'] }]);
  });

  it('gives nothing (so no mail) when no followed topic has a new story, and leaves out topics with none', () => {
    expect(pickFollowedStories([topic('asci', [['old', 1]]), topic('sebi', [])], at(2), at(8))).toEqual([]);
    expect(pickFollowedStories([], at(2), at(8))).toEqual([]);
    expect(pickFollowedStories([topic('asci', []), topic('sebi', [['fresh', 4]])], at(2), at(8)).map((section) => section.topicId)).toEqual(['sebi']);
  });
});

describe('renderFollowsDigest', () => {
  it('has a heading per topic, the stories escaped, the unsubscribe link and the account page to manage it', () => {
    const story = { id: 's1', title: 'ASCI <rules>', summary: 'Summary', category: 'regulations-ethics', sourceName: 'Example', sourceUrl: 'https://example.com', publishedAt: at(3), viewsCount: 0, relevanceScore: 1 };
    const mail = renderFollowsDigest({ frequency: 'daily', sections: [{ label: 'ASCI', stories: [story] }], siteUrl: 'https://site.test', unsubscribeUrl: 'https://site.test/unsubscribe?token=x' });
    expect(mail.subject).toBe('What you follow, today: ASCI <rules>');
    expect(mail.html).toContain('ASCI &lt;rules&gt;');
    expect(mail.text).toContain('New on ASCI');
    expect(mail.text).toContain('Unsubscribe: https://site.test/unsubscribe?token=x');
    expect(mail.text).toContain('Manage preferences: https://site.test/dashboard#following');
  });
});
