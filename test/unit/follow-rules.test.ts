import { describe, expect, it } from 'vitest';
import { PUBLISHER_ID_PATTERN, withoutMutedPublishers } from '#domain/reader/follows.ts';
import { KEYWORD_MAX_CHARS, keywordId, keywordOfId, keywordProblem, matchingKeywords, normaliseKeyword } from '#domain/reader/keyword-alerts.ts';
import { alertText } from '#domain/reader/topic-stories.ts';
import { pushDecision, type PushChoices } from '#domain/reader/push.ts';

/** Keyword alerts and mutes (docs/topics.md "Follows"): how a keyword is written, matched and named in a path. */
describe('normaliseKeyword and keywordProblem', () => {
  it('trims, folds case and accents, straightens apostrophes and collapses spaces', () => {
    expect(normaliseKeyword('  SEBI ')).toBe('sebi');
    expect(normaliseKeyword('Brand   \t Safety')).toBe('brand safety');
    expect(normaliseKeyword('L’Oréal')).toBe("l'oreal");
    expect(normaliseKeyword('P&G')).toBe('p&g');
  });

  it('takes 2 to 40 letters, digits, spaces and & . - \' only, with at least one letter or digit', () => {
    for (const ok of ['sebi', 'ai', 'x.com', 'p&g', "byju's", 'coca-cola', 'brand safety', 'a'.repeat(KEYWORD_MAX_CHARS), 'मुंबई']) expect(keywordProblem(normaliseKeyword(ok)), ok).toBeNull();
    expect(keywordProblem(normaliseKeyword(' a '))).toMatch(/at least 2 characters/);
    expect(keywordProblem('a'.repeat(KEYWORD_MAX_CHARS + 1))).toMatch(/at most 40 characters/);
    for (const bad of ['sebi!', '#ad', 'a/b', 'a<b>', 'x_y', 'a\u0000b']) expect(keywordProblem(normaliseKeyword(bad)), bad).toMatch(/only letters, digits/);
    expect(keywordProblem('--')).toMatch(/one letter or digit/);
  });
});

describe('keywordId', () => {
  it('names a keyword in a path with URL-safe characters only, and reads back only what it made', () => {
    for (const keyword of ['sebi', 'p&g', 'x.com', 'brand safety', "l'oreal", normaliseKeyword('मुंबई'), 'ß'.repeat(40)]) {
      const id = keywordId(keyword);
      expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(keywordOfId(id)).toBe(keyword);
    }
    expect(keywordId('sebi')).toBe('c2ViaQ');
    // Not normalised, not a keyword, not base64url: no keyword.
    expect(keywordOfId(keywordId('SEBI'))).toBeNull();
    expect(keywordOfId(keywordId('a!'))).toBeNull();
    expect(keywordOfId('c2ViaQ==')).toBeNull();
    expect(keywordOfId('%2F..')).toBeNull();
    expect(keywordOfId('')).toBeNull();
  });
});

describe('matchingKeywords', () => {
  const keywords = ['sebi', 'asci', 'brand safety', 'p&g', 'x.com', "l'oreal", 'ad'];

  it('finds whole words in any case, each keyword once, in the order of the list', () => {
    expect(matchingKeywords('Sebi and SEBI warn finfluencers; ASCI agrees', keywords)).toEqual(['sebi', 'asci']);
    expect(matchingKeywords('SEBIs new rules, ascii art, adverts and ads', keywords)).toEqual([]);
    expect(matchingKeywords('An ad. Another ad', keywords)).toEqual(['ad']);
  });

  it('takes a space or a hyphen between the words of a phrase, but &, . and apostrophes as written', () => {
    expect(matchingKeywords('Brand-safety tools for creators', keywords)).toEqual(['brand safety']);
    expect(matchingKeywords('Brand  safety', keywords)).toEqual(['brand safety']);
    expect(matchingKeywords('Brand. Safety first', keywords)).toEqual([]);
    expect(matchingKeywords('P&G and X.com; L’Oréal too', keywords)).toEqual(['p&g', 'x.com', "l'oreal"]);
    expect(matchingKeywords('P G on x com, loreal', keywords)).toEqual([]);
  });

  it('reads headline and summary, never a phrase across the two', () => {
    expect(matchingKeywords(alertText({ title: 'Creators and brand', summary: 'Safety of the SEBI sandbox' }), keywords)).toEqual(['sebi']);
    expect(matchingKeywords(alertText({ title: 'Creators', summary: 'A brand safety push' }), keywords)).toEqual(['brand safety']);
  });

  it('matches several stories against one list of alerts', () => {
    const stories = [
      'SEBI bars unregistered finfluencers from paid tie-ups',
      'ASCI report: 69% of influencer ads broke disclosure rules',
      'P&G moves budget to creators for brand safety',
      'YouTube Shorts adds a remix button',
    ];
    expect(stories.map((title) => matchingKeywords(title, keywords))).toEqual([['sebi'], ['asci'], ['brand safety', 'p&g'], []]);
  });
});

describe('the mute rule', () => {
  const card = (id: string, publisher: string | null) => ({ id, publisher: publisher ? { id: publisher, name: publisher } : null });

  it('leaves a muted publisher’s stories out and keeps the rest, stories without a publisher included', () => {
    const items = [card('1', 'social-samosa'), card('2', 'afaqs'), card('3', null), card('4', 'social-samosa')];
    expect(withoutMutedPublishers(items, new Set(['social-samosa'])).map((item) => item.id)).toEqual(['2', '3']);
    expect(withoutMutedPublishers(items, new Set()).map((item) => item.id)).toEqual(['1', '2', '3', '4']);
  });

  it('names publishers by their feed id, never a display name', () => {
    expect(PUBLISHER_ID_PATTERN.test('social-samosa')).toBe(true);
    expect(PUBLISHER_ID_PATTERN.test('news.example.com-1a2b3c4d')).toBe(false);
    expect(PUBLISHER_ID_PATTERN.test('Social Samosa')).toBe(false);
  });
});

describe('push of followed publishers and keyword alerts', () => {
  const choices: PushChoices = { breaking: true, categories: true, topics: true, stories: true, quietHours: null };
  it('goes with the reader’s choice for topics', () => {
    const noon = new Date('2026-11-29T06:30:00Z');
    expect(pushDecision('publishers', choices, noon, 0)).toBe('send');
    expect(pushDecision('keywords', choices, noon, 0)).toBe('send');
    expect(pushDecision('keywords', { ...choices, topics: false }, noon, 0)).toBe('switched-off');
  });
});
