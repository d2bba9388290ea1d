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
/**
 * India in the text (issue 14: from the text as well as the source). Each term names India on its own
 * (the country, its institutions, states, languages, platforms and creator companies), so one is enough.
 */
export const INDIAN_KEYWORDS = [
  'india', 'indian', 'indians', 'bharat', 'asci', 'sebi', 'ccpa', 'meity', 'rbi', 'trai', 'iamai', 'nasscom', 'ficci',
  'supreme court of india', 'lok sabha', 'rajya sabha', 'union minister', 'union ministry', 'ministry of information and broadcasting', 'mib', 'mygov', 'cbdt', 'niti aayog', 'modi', 'delhi high court', 'bombay high court', 'madras high court', 'department of consumer affairs', 'consumer affairs ministry',
  'maharashtra', 'karnataka', 'tamil nadu', 'kerala', 'telangana', 'andhra pradesh', 'gujarat', 'rajasthan', 'uttar pradesh', 'west bengal',
  'punjab', 'haryana', 'bihar', 'odisha', 'assam', 'goa', 'madhya pradesh', 'jharkhand', 'uttarakhand', 'himachal',
  'hindi', 'tamil', 'telugu', 'marathi', 'bengali', 'kannada', 'malayalam', 'gujarati', 'punjabi', 'bhojpuri',
  'moj', 'sharechat', 'chingari', 'roposo', 'mx takatak', 'koo', 'jiocinema', 'jiohotstar', 'hotstar', 'zee5', 'flipkart', 'myntra', 'nykaa', 'meesho',
  'zomato', 'swiggy', 'paytm', 'phonepe', 'reliance jio', 'jio', 'airtel', 'whizco', 'chtrbox', 'winkl', 'qoruz', 'kofluence', 'good creator co', 'pocket aces', 'national creators award',
  // Creators everyone in India knows by name: a story about them is an Indian story.
  'bhuvan bam', 'bb ki vines', 'prajakta koli', 'mostlysane', 'kusha kapila', 'ranveer allahbadia', 'beerbiceps', 'carryminati', 'ashish chanchlani',
  'samay raina', 'dhruv rathee', 'elvish yadav', 'tanmay bhat', 'technical guruji', 'ankur warikoo', 'kabita singh', 'the food pharmer', 'revant himatsingka',
];
/** Terms that lean Indian but also appear elsewhere: each adds a little. */
export const INDIAN_HINTS = ['rupee', 'rupees', '₹', 'crore', 'crores', 'lakh', 'lakhs', 'tier-2', 'tier 2', 'tier-3', 'tier 3', 'desi', 'bollywood', 'tollywood', 'kollywood', 'diwali', 'holi', 'ipl', 'josh'];
export const INDIAN_CITIES = [
  'mumbai', 'delhi', 'new delhi', 'bengaluru', 'bangalore', 'hyderabad', 'chennai', 'kolkata', 'pune', 'ahmedabad', 'jaipur', 'gurugram', 'gurgaon', 'noida', 'kochi', 'lucknow', 'indore', 'chandigarh',
  'surat', 'nagpur', 'bhopal', 'visakhapatnam', 'patna', 'vadodara', 'coimbatore', 'thiruvananthapuram', 'guwahati', 'bhubaneswar', 'mysuru', 'mangaluru', 'ludhiana', 'kanpur', 'varanasi', 'dehradun', 'ranchi', 'raipur',
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
  const lowered = text.toLowerCase();
  return list.filter((phrase) => (phrase === '₹' ? lowered.includes('₹') : padded.includes(formOf(phrase))));
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
    indian: matchesOf([...INDIAN_KEYWORDS, ...INDIAN_HINTS, ...INDIAN_CITIES], text),
  };
}

/**
 * India relevance (reader spec section 9, weighted as issue 14 asks): 2 per term that names India
 * (INDIAN_KEYWORDS), 1 per hint, 2 per city, 3 for an Indian source; relevant at 2 or more, so "India" in
 * a headline is enough. Badge: a city's name, India Focus for an Indian source or a score of 4+, else India Related.
 */
export function indiaRelevance(text: string, indianSource: boolean): { score: number; relevant: boolean; cities: string[]; badge: string | null } {
  const cities = matchesOf(INDIAN_CITIES, text);
  const score = 2 * matchesOf(INDIAN_KEYWORDS, text).length + matchesOf(INDIAN_HINTS, text).length + 2 * cities.length + (indianSource ? 3 : 0);
  return { score, relevant: score >= INDIA_RELEVANT_AT, cities, badge: indiaBadge(score, cities, indianSource) };
}
