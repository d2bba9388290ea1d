import { describe, expect, it } from 'vitest';
import seed from '../../data/topics/seed-entities.json' with { type: 'json' };
import type { SeedEntity } from '#domain/topics/catalogue.ts';
import { compileTopicNames, MAX_SEARCH_TOPICS, topicsNamedIn } from '#domain/topics/topic-search.ts';

const names = compileTopicNames(seed as SeedEntity[]);
const ids = (query: string) => topicsNamedIn(query, names).map((topic) => topic.id);

describe('topicsNamedIn (the topics a search offers)', () => {
  it('finds a name or an alias as whole words, in any case, as readers type', () => {
    expect(topicsNamedIn('sebi finfluencer rules', names)).toEqual([{ id: 'sebi', kind: 'regulator', name: 'Securities and Exchange Board of India' }]);
    expect(ids('SEBI')).toEqual(['sebi']);
    expect(ids('securities and exchange board of india circular')).toEqual(['sebi']);
    expect(ids('yt shorts monetisation')).toEqual(['youtube-shorts']);
    // A word inside another word is not a name: "sebis" and "instagrammers" name nothing.
    expect(ids('sebis instagrammers')).toEqual([]);
  });

  it('takes the longest name at a word, and each topic once, in the order named', () => {
    expect(ids('youtube shorts vs instagram')).toEqual(['youtube-shorts', 'instagram']);
    expect(ids('instagram and youtube and insta')).toEqual(['instagram', 'youtube']);
  });

  it('offers an ambiguous alias only when it is the whole search', () => {
    expect(ids('meta')).toEqual(['meta']);
    expect(ids('meta description tags')).toEqual([]);
    expect(ids('shorts')).toEqual(['youtube-shorts']);
    expect(ids('summer shorts campaign')).toEqual([]);
  });

  it(`offers at most ${MAX_SEARCH_TOPICS}, and nothing for a search that names none`, () => {
    expect(ids('youtube instagram tiktok snapchat linkedin')).toHaveLength(MAX_SEARCH_TOPICS);
    expect(ids('creator economy funding')).toEqual([]);
    expect(ids('')).toEqual([]);
    expect(ids('   ')).toEqual([]);
  });
});
