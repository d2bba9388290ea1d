import { words } from '../common/text.ts';

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
