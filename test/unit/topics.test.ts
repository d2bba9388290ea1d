import { describe, expect, it } from 'vitest';
import { compileCatalogue, indiaCues, tagEntities, type SeedEntity } from '#domain/topics/index.ts';

const ids = (text: string) => tagEntities(text).map((mention) => mention.id);
const pairs = (text: string) => tagEntities(text).map((mention) => `${mention.id}:${mention.kind}`);
const cues = (text: string) => indiaCues(text).map((cue) => `${cue.kind}:${cue.text}`);

describe('tagEntities', () => {
  it('resolves every alias of an entity to its one id', () => {
    expect(ids('YT Shorts adds a remix button')).toEqual(['youtube-shorts']);
    expect(ids('YouTube Shorts adds a remix button')).toEqual(['youtube-shorts']);
    expect(ids('Tik Tok vs Instagram')).toEqual(['tiktok', 'instagram']);
    expect(ids('Mr Beast and MrBeast and Jimmy Donaldson')).toEqual(['mrbeast', 'mrbeast', 'mrbeast']);
    // "Twitter, now X": two mentions of one id.
    expect(ids('Twitter, now X, pays creators for ads')).toEqual(['x-twitter', 'x-twitter']);
  });

  it('takes the longest match first and reports its span', () => {
    const [mention, ...rest] = tagEntities('Why YouTube Shorts pays creators less');
    expect(rest).toEqual([]);
    expect(mention).toEqual({ id: 'youtube-shorts', kind: 'platform', name: 'YouTube Shorts', text: 'YouTube Shorts', start: 4, end: 18 });
    expect(ids('Tata Steel and Tata Play shares fall')).toEqual(['tata-steel', 'tata-play']);
    expect(ids('Facebook Messenger gets a new look')).toEqual(['facebook-messenger']);
  });

  it('keeps Meta (the company, a brand) and Instagram (the platform) apart', () => {
    expect(pairs('Meta’s Instagram tests a new feed for creators')).toEqual(['meta:brand', 'instagram:platform']);
    expect(pairs('Snap Inc. posts a loss as Snapchat grows')).toEqual(['snap-inc:brand', 'snapchat:platform']);
  });

  it('tags an ambiguous alias only with context evidence', () => {
    expect(ids('Summer sale: Shorts and shirts at half price')).toEqual([]);
    expect(ids('YouTube pays Shorts creators a share of ads')).toEqual(['youtube', 'youtube-shorts']);
    expect(ids('Gen X bankers warn Gen Z creators')).toEqual([]);
    expect(ids('Elon Musk’s X pays creators for their posts')).toEqual(['x-twitter']);
    expect(ids('X-ray vision for marketers')).toEqual([]);
    expect(ids('Prime Minister meets top creators')).toEqual([]);
    expect(ids('Logan Paul’s Prime drink faces a lawsuit')).toEqual(['logan-paul', 'prime-hydration']);
    expect(ids('Brands kick off the festive season; Kick Off Your Shoes')).toEqual([]);
    expect(ids('Kick lures Twitch streamers with a 95% split')).toEqual(['kick', 'twitch']);
    expect(ids('Ranveer Singh stars in a new ad')).toEqual([]);
    expect(ids('Ranveer & Samay summoned over Latent remarks')).toEqual(['ranveer-allahbadia', 'samay-raina']);
    expect(ids('A meta look at the metaverse')).toEqual([]);
    // "Reels" is Instagram's, unless the story is Facebook's.
    expect(ids('Reels vs TikTok: where creators earn more')).toEqual(['instagram-reels', 'tiktok']);
    expect(ids('Facebook pays creators more for Reels')).toEqual(['facebook', 'facebook-reels']);
  });

  it('matches acronyms in capitals only, and not in a headline set in capitals', () => {
    expect(ids('RBI and ASCI issue guidelines')).toEqual(['rbi', 'asci']);
    expect(ids('rbi and wpp in lower case')).toEqual([]);
    expect(ids('WPP buys an influencer agency')).toEqual(['wpp']);
    expect(ids('CMA tightens rules on ad disclosures')).toEqual(['cma-uk']);
    expect(ids('WHAT CMA RULES MEAN FOR ADS')).toEqual([]);
  });

  it('matches names whatever their case, on whole words only, possessives included', () => {
    expect(tagEntities('YouTube’s new tools and LinkedIn\'s creators').map((mention) => [mention.id, mention.text, mention.end])).toEqual([
      ['youtube', 'YouTube', 7],
      ['linkedin', 'LinkedIn', 32],
    ]);
    expect(ids('laliga lands on facebook')).toEqual(['laliga', 'facebook']);
    expect(ids('TikTokers and Instagrammers react; YouTubers too')).toEqual([]);
  });

  it('matches hyphen, space and dot variants as the alias is written', () => {
    expect(ids('Traffic on X.com falls')).toEqual(['x-twitter']);
    expect(ids('Coca Cola and Coca-Cola')).toEqual(['coca-cola', 'coca-cola']);
    expect(ids('How Booking.com won its trademark')).toEqual(['booking-com']);
    expect(ids('P&G and L’Oreal and L\'Oréal')).toEqual(['procter-and-gamble', 'loreal', 'loreal']);
  });
});

describe('compileCatalogue', () => {
  const entity = (id: string, name: string, aliases: string[], ambiguousAliases?: string[]): SeedEntity => ({ id, name, kind: 'brand', aliases, india: false, ...(ambiguousAliases ? { ambiguousAliases } : {}) });

  it('refuses one surface form on two entities', () => {
    expect(() => compileCatalogue([entity('a', 'Alpha', ['Snap']), entity('b', 'Beta', ['Snap'])])).toThrow(/Snap/);
  });

  it('tags with any catalogue it is given', () => {
    const catalogue = compileCatalogue([entity('acme', 'Acme Corp', ['Acme']), entity('acme-labs', 'Acme Labs', [])]);
    expect(tagEntities('Acme Labs spun out of Acme Corp; Acme grows', catalogue).map((mention) => mention.id)).toEqual(['acme-labs', 'acme', 'acme']);
  });
});

describe('indiaCues', () => {
  it('finds rupee, crore and lakh amounts and Indian digit grouping', () => {
    expect(cues('Startup raises Rs 3,726 cr')).toEqual(['money:Rs 3,726 cr']);
    expect(cues('Brand nears ₹4 Cr in sales')).toEqual(['money:₹4 Cr']);
    expect(cues('Sales reach INR 420 Cr')).toEqual(['money:INR 420 Cr']);
    expect(cues('A Rs 5,421-Crore IPO')).toEqual(['money:Rs 5,421-Crore']);
    expect(cues('Govt recognises 1,61,150 entities')).toEqual(['term:Govt', 'money:1,61,150']);
    expect(cues('Registered startups reach One Lakh')).toEqual(['term:Lakh']);
    expect(cues('Startup raises $100 million from US investors')).toEqual([]);
  });

  it('finds places, demonyms, terms and Indian entities, and nothing in a story with none', () => {
    expect(cues('Creators in Bengaluru and Delhi-NCR earn more')).toEqual(['place:Bengaluru', 'place:Delhi-NCR']);
    expect(cues('India’s creators and Indian brands')).toEqual(['demonym:India', 'demonym:Indian']);
    expect(cues('Sensex climbs as Diwali sales rise')).toEqual(['term:Sensex', 'term:Diwali']);
    expect(cues('ShareChat cuts jobs; SEBI warns finfluencers')).toEqual(['entity:ShareChat', 'entity:SEBI']);
    expect(cues('Instagram tests a new feed in the US')).toEqual([]);
    expect(cues('Hoosiers in Indiana back the plan')).toEqual([]);
  });
});
