import { describe, expect, it } from 'vitest';
import type { StoryTopic } from '#domain/topics/topic-links.ts';
import { seedCatalogueTopic } from '#domain/topics/story-topics.ts';
import { liveStoryTopics, liveTopic, mergedTopicId, mergeRefusal, nameOverride, taggedStoryTopics, topicListed, type TopicOverride } from '#domain/topics/topic-overrides.ts';

const TOPICS: Record<string, StoryTopic> = {
  asci: { id: 'asci', kind: 'regulator', name: 'ASCI' },
  sebi: { id: 'sebi', kind: 'regulator', name: 'SEBI' },
  youtube: { id: 'youtube', kind: 'platform', name: 'YouTube' },
  'youtube-shorts': { id: 'youtube-shorts', kind: 'platform', name: 'YouTube Shorts' },
};
const catalogue = (id: string) => TOPICS[id] ?? null;
const overridesOf = (...list: TopicOverride[]) => new Map(list.map((override) => [override.topicId, override]));

describe('topic overrides: what readers see', () => {
  it('shows a topic as the catalogue has it when no moderator changed it, and nothing for an unknown id', () => {
    expect(liveTopic('asci', catalogue, new Map())).toEqual(TOPICS.asci);
    expect(liveTopic('nobody', catalogue, new Map())).toBeNull();
  });

  it('shows the moderator name, keeping the id and kind', () => {
    expect(liveTopic('asci', catalogue, overridesOf({ topicId: 'asci', name: 'Advertising Standards Council' }))).toEqual({ id: 'asci', kind: 'regulator', name: 'Advertising Standards Council' });
  });

  it('shows nothing for a hidden topic', () => {
    expect(liveTopic('asci', catalogue, overridesOf({ topicId: 'asci', hidden: true }))).toBeNull();
  });

  it('answers a merged topic with the end of its merge chain, named as that topic is shown, and hidden if it is hidden', () => {
    const chain = overridesOf({ topicId: 'youtube-shorts', mergedInto: 'youtube' }, { topicId: 'youtube', name: 'YouTube (Google)' });
    expect(liveTopic('youtube-shorts', catalogue, chain)).toEqual({ id: 'youtube', kind: 'platform', name: 'YouTube (Google)' });
    expect(mergedTopicId('sebi', overridesOf({ topicId: 'sebi', mergedInto: 'asci' }, { topicId: 'asci', mergedInto: 'youtube' }))).toBe('youtube');
    expect(liveTopic('youtube-shorts', catalogue, overridesOf({ topicId: 'youtube-shorts', mergedInto: 'youtube' }, { topicId: 'youtube', hidden: true }))).toBeNull();
  });

  it('stops a merge loop rather than following it forever', () => {
    expect(mergedTopicId('asci', overridesOf({ topicId: 'asci', mergedInto: 'sebi' }, { topicId: 'sebi', mergedInto: 'asci' }))).toBe('sebi');
  });

  it("gives a story's topics each once after merges, hidden ones left out, in the order first named", () => {
    const overrides = overridesOf({ topicId: 'youtube-shorts', mergedInto: 'youtube' }, { topicId: 'sebi', hidden: true });
    expect(liveStoryTopics([TOPICS['youtube-shorts']!, TOPICS.sebi!, TOPICS.youtube!, TOPICS.asci!], catalogue, overrides)).toEqual([TOPICS.youtube, TOPICS.asci]);
  });

  it('keeps a stored topic the catalogue no longer knows, as stored', () => {
    const gone: StoryTopic = { id: 'old-brand', kind: 'brand', name: 'Old Brand' };
    expect(liveStoryTopics([gone], catalogue, overridesOf({ topicId: 'asci', hidden: true }))).toEqual([gone]);
  });
});

describe('topic overrides: what an ingest tags', () => {
  it('tags the topic merged into, with its shown name, and keeps a hidden topic for when it is shown again', () => {
    const overrides = overridesOf({ topicId: 'youtube-shorts', mergedInto: 'youtube' }, { topicId: 'youtube', name: 'YouTube (Google)' }, { topicId: 'asci', hidden: true });
    expect(taggedStoryTopics([TOPICS['youtube-shorts']!, TOPICS.youtube!, TOPICS.asci!], catalogue, overrides)).toEqual([{ id: 'youtube', kind: 'platform', name: 'YouTube (Google)' }, TOPICS.asci]);
  });

  it("reads the tagger's own catalogue", () => {
    expect(seedCatalogueTopic('youtube')).toEqual({ id: 'youtube', kind: 'platform', name: 'YouTube' });
    expect(seedCatalogueTopic('no-such-topic')).toBeNull();
  });
});

describe('topic overrides: what the console refuses and keeps', () => {
  it('refuses a merge into itself, one that would loop, and one into a hidden topic', () => {
    expect(mergeRefusal('asci', 'asci', new Map())).toMatch(/itself/);
    expect(mergeRefusal('asci', 'sebi', overridesOf({ topicId: 'sebi', mergedInto: 'asci' }))).toMatch(/loop/);
    expect(mergeRefusal('asci', 'youtube', overridesOf({ topicId: 'sebi', mergedInto: 'youtube' }, { topicId: 'youtube', hidden: true }))).toMatch(/hidden/);
    expect(mergeRefusal('asci', 'sebi', overridesOf({ topicId: 'sebi', mergedInto: 'youtube' }))).toBeNull();
  });

  it("keeps a typed name tidied, and none when it is blank or the catalogue's own", () => {
    expect(nameOverride('  Advertising   Standards ', 'ASCI')).toBe('Advertising Standards');
    expect(nameOverride('   ', 'ASCI')).toBeNull();
    expect(nameOverride('ASCI', 'ASCI')).toBeNull();
  });

  it('lists topics by state and by a filter on the id, the catalogue name or the shown name, any case and accents', () => {
    const renamed: TopicOverride = { topicId: 'asci', name: 'Conseil Publicité' };
    expect(topicListed(TOPICS.asci!, renamed, 'renamed', 'publicite')).toBe(true);
    expect(topicListed(TOPICS.asci!, renamed, 'hidden', '')).toBe(false);
    expect(topicListed(TOPICS.youtube!, undefined, 'all', 'TUBE')).toBe(true);
    expect(topicListed(TOPICS.youtube!, undefined, 'merged', '')).toBe(false);
    expect(topicListed(TOPICS.sebi!, { topicId: 'sebi', mergedInto: 'asci' }, 'merged', 'se')).toBe(true);
  });
});
