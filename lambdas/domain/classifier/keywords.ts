import { indiaBadge, INDIA_RELEVANT_AT } from '../content/badges.ts';
import { words } from '../common/text.ts';
import { fold } from '../topics/catalogue.ts';
import { indiaCues, indiaHints, indianAddress, INDIAN_CITIES, type IndiaCue } from '../topics/index.ts';

/** Keyword lists behind keyword_matches and blocklist_flags; phrases match on word boundaries. */
export const PRIMARY_KEYWORDS = [
  'creator economy', 'creator', 'creators', 'influencer', 'influencers', 'influencer marketing', 'content creator',
  'brand deal', 'brand deals', 'sponsored content', 'sponsored post', 'ugc', 'finfluencer', 'finfluencers', 'youtuber', 'streamer', 'podcaster',
];
export const SECONDARY_KEYWORDS = [
  'brand', 'brands', 'campaign', 'sponsorship', 'partnership', 'partnerships', 'endorsement', 'endorsements', 'monetisation', 'monetization',
  'youtube', 'instagram', 'reels', 'shorts', 'tiktok', 'snapchat', 'linkedin', 'threads', 'twitch', 'audience', 'followers', 'engagement',
  'affiliate', 'agency', 'agencies', 'marketing', 'social media', 'short video', 'live commerce', 'disclosure',
];
/** Subjects the product does not cover; an article about them without a primary keyword is rejected. */
export const BLOCKLIST = [
  'election', 'elections', 'by-election', 'minister', 'chief minister', 'prime minister', 'parliament', 'assembly', 'government', 'opposition', 'politics', 'political',
  'cricket', 'ipl', 'football', 'hockey', 'tennis', 'badminton', 'sports', 'match', 'tournament', 'sensex', 'nifty', 'monsoon', 'earthquake', 'police',
];

/** Each phrase's words, padded, worked out once: the lists are fixed and every article is matched against all of them. */
const phraseForms = new Map<string, string>();
function formOf(phrase: string): string {
  let form = phraseForms.get(phrase);
  if (form === undefined) {
    form = ` ${words(phrase).join(' ')} `;
    phraseForms.set(phrase, form);
  }
  return form;
}

/** The phrases of a list found in the text, each once. */
export function matchesOf(list: readonly string[], text: string): string[] {
  const padded = ` ${words(text).join(' ')} `;
  return list.filter((phrase) => padded.includes(formOf(phrase)));
}

export interface KeywordMatches {
  primary: string[];
  secondary: string[];
  /** The India cues and hints found (folded, each once), and an Indian address (".in", "/india/"): what the India score counted. */
  indian: string[];
}

/** Each cue once, by its folded text ("India" twice is one cue, as a list of terms counted it). */
const distinct = (cues: readonly IndiaCue[]) => [...new Map(cues.map((cue) => [fold(cue.text), cue])).values()];

/**
 * The India cues of a text, from the one maintained list the topics tagger reads (`indiaCues`: the
 * catalogue's Indian creators, brands, agencies, platforms and regulators; places, demonyms, terms,
 * languages, public figures and rupee amounts of data/topics/india-places.json), its hints, and what the
 * article's address says (`indianAddress`: a .in host or an India section).
 */
export function indiaEvidence(text: string, url?: string | null): { cues: IndiaCue[]; hints: IndiaCue[]; address: string | null } {
  return { cues: distinct(indiaCues(text)), hints: distinct(indiaHints(text)), address: indianAddress(url) };
}

export function keywordMatches(text: string, evidence = indiaEvidence(text)): KeywordMatches {
  return {
    primary: matchesOf(PRIMARY_KEYWORDS, text),
    secondary: matchesOf(SECONDARY_KEYWORDS, text),
    indian: [...[...evidence.cues, ...evidence.hints].map((cue) => fold(cue.text)), ...(evidence.address ? [evidence.address] : [])],
  };
}

/**
 * India relevance (reader spec section 9, weighted so one clear cue is enough): 2 per India cue (each once),
 * 2 for an Indian address, 1 per hint, 3 for an Indian source; relevant at 2 or more, so "India" in a
 * headline is enough and a surname alone is not. Badge: a city's name, India Focus for an Indian source or a score of 4+, else India Related.
 */
export function indiaRelevance(text: string, indianSource: boolean, evidence = indiaEvidence(text)): { score: number; relevant: boolean; cities: string[]; badge: string | null } {
  const cities = evidence.cues.filter((cue) => cue.kind === 'place').map((cue) => fold(cue.text)).filter((name) => INDIAN_CITIES.includes(name));
  const score = 2 * evidence.cues.length + (evidence.address ? 2 : 0) + evidence.hints.length + (indianSource ? 3 : 0);
  return { score, relevant: score >= INDIA_RELEVANT_AT, cities, badge: indiaBadge(score, cities, indianSource) };
}

/** The cities of a list (public-articles' city badge reads them from a stored story's India matches). */
export { INDIAN_CITIES };
