import { indiaBadge, INDIA_RELEVANT_AT } from '../badges.ts';
import { words } from '../text.ts';

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
export const INDIAN_KEYWORDS = ['india', 'indian', 'bharat', 'asci', 'sebi', 'rupee', 'rupees', '₹', 'crore', 'lakh', 'tier-2', 'tier 2', 'desi', 'bollywood', 'moj', 'josh'];
export const INDIAN_CITIES = [
  'mumbai', 'delhi', 'new delhi', 'bengaluru', 'bangalore', 'hyderabad', 'chennai', 'kolkata', 'pune', 'ahmedabad', 'jaipur', 'gurugram', 'gurgaon', 'noida', 'kochi', 'lucknow', 'indore', 'chandigarh',
];
/** Subjects the product does not cover; an article about them without a primary keyword is rejected. */
export const BLOCKLIST = [
  'election', 'elections', 'by-election', 'minister', 'chief minister', 'prime minister', 'parliament', 'assembly', 'government', 'opposition', 'politics', 'political',
  'cricket', 'ipl', 'football', 'hockey', 'tennis', 'badminton', 'sports', 'match', 'tournament', 'sensex', 'nifty', 'monsoon', 'earthquake', 'police',
];

/** The phrases of a list found in the text, each once. */
export function matchesOf(list: readonly string[], text: string): string[] {
  const padded = ` ${words(text).join(' ')} `;
  const lowered = text.toLowerCase();
  return list.filter((phrase) => (phrase === '₹' ? lowered.includes('₹') : padded.includes(` ${words(phrase).join(' ')} `)));
}

export interface KeywordMatches {
  primary: string[];
  secondary: string[];
  indian: string[];
}

export function keywordMatches(text: string): KeywordMatches {
  return {
    primary: matchesOf(PRIMARY_KEYWORDS, text),
    secondary: matchesOf(SECONDARY_KEYWORDS, text),
    indian: matchesOf([...INDIAN_KEYWORDS, ...INDIAN_CITIES], text),
  };
}

/**
 * India relevance (reader spec section 9): keyword hits + 2 per city + 3 for an Indian source;
 * relevant at 2 or more. Badge: a city's name, India Focus for an Indian source or a score of 4+, else India Related.
 */
export function indiaRelevance(text: string, indianSource: boolean): { score: number; relevant: boolean; cities: string[]; badge: string | null } {
  const cities = matchesOf(INDIAN_CITIES, text);
  const hits = matchesOf(INDIAN_KEYWORDS, text).length;
  const score = hits + 2 * cities.length + (indianSource ? 3 : 0);
  return { score, relevant: score >= INDIA_RELEVANT_AT, cities, badge: indiaBadge(score, cities, indianSource) };
}
