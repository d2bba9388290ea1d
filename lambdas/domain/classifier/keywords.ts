import { indiaBadge, INDIA_RELEVANT_AT } from '../content/badges.ts';
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
/**
 * India in the text (read from the text as well as the source). Each term names India on its own
 * (the country, its institutions, states, languages, currency, platforms, companies, creators and public
 * figures), so one is enough. A headline alone rarely carries more than one such term.
 */
export const INDIAN_KEYWORDS = [
  'india', 'indias', 'indian', 'indians', 'bharat', 'desi',
  // Institutions, regulators, law and politics
  'asci', 'sebi', 'ccpa', 'meity', 'rbi', 'trai', 'iamai', 'nasscom', 'ficci', 'assocham', 'fssai', 'irdai', 'amfi', 'ncpcr', 'pib', 'cbdt', 'niti aayog', 'mygov', 'dpdp',
  'competition commission of india', 'enforcement directorate', 'crime branch', 'cyber cell', 'cyber crime cell', 'lok sabha', 'rajya sabha', 'union minister', 'union ministry', 'union budget',
  'supreme court of india', 'delhi high court', 'bombay high court', 'madras high court', 'karnataka high court', 'ministry of information and broadcasting', 'information and broadcasting', 'i&b', 'mib', 'income tax department',
  'department of consumer affairs', 'consumer affairs ministry', 'modi', 'bjp', 'ashwini vaishnaw', 'piyush goyal', 'aadhaar', 'upi', 'doordarshan', 'nse', 'bse',
  // Money: the rupee and its counting words
  'rupee', 'rupees', '₹', 'rs', 'inr', 'crore', 'crores', 'cr', 'lakh', 'lakhs',
  // States, union territories and languages
  'maharashtra', 'karnataka', 'tamil nadu', 'kerala', 'telangana', 'andhra pradesh', 'gujarat', 'rajasthan', 'uttar pradesh', 'west bengal',
  'punjab', 'haryana', 'bihar', 'odisha', 'assam', 'goa', 'madhya pradesh', 'jharkhand', 'uttarakhand', 'himachal', 'chhattisgarh', 'kashmir', 'ladakh', 'manipur', 'meghalaya', 'nagaland', 'tripura', 'mizoram', 'sikkim', 'arunachal',
  'hindi', 'tamil', 'telugu', 'marathi', 'bengali', 'kannada', 'malayalam', 'gujarati', 'punjabi', 'bhojpuri', 'odia', 'assamese',
  // Platforms, media and creator companies
  'moj', 'sharechat', 'chingari', 'roposo', 'mx takatak', 'koo', 'dailyhunt', 'pocket fm', 'kuku fm', 'pratilipi', 'rooter', 'bolo indya', 'trell', 'inmobi',
  'jiocinema', 'jiohotstar', 'jiostar', 'hotstar', 'zee5', 'zee', 'sonyliv', 'mx player', 'viacom18', 'network18', 'times internet', 'ndtv', 'aaj tak', 'alt balaji', 'ullu', 'star india', 'disney star',
  'whizco', 'chtrbox', 'winkl', 'qoruz', 'kofluence', 'good creator co', 'pocket aces', 'dice media', 'filtercopy', 'one digital', 'good glamm', 'missmalini', 'collective artists network', 'opraah', 'vidooly', 'cosmofeed', 'tagmango', 'national creators award', 'goafest', 'bigg boss', 'waves summit',
  // Companies and brands that are Indian by name
  'flipkart', 'myntra', 'nykaa', 'meesho', 'ajio', 'zomato', 'swiggy', 'zepto', 'blinkit', 'paytm', 'phonepe', 'dream11', 'winzo', 'zerodha', 'groww', 'upstox', "byju's", 'byjus', 'unacademy', 'physicswallah', 'physics wallah',
  'reliance', 'reliance jio', 'jio', 'airtel', 'vodafone idea', 'tata', 'mahindra', 'bajaj', 'hdfc', 'icici', 'infosys', 'wipro', 'amul', 'tanishq', 'mamaearth', 'lenskart', 'boat lifestyle', 'bournvita', 'oyo', 'ola',
  // Film, cricket and public figures everyone in India knows
  'bollywood', 'tollywood', 'kollywood', 'ipl', 'bcci', 'diwali', 'shah rukh khan', 'srk', 'salman khan', 'aamir khan', 'ranveer singh', 'ranbir kapoor', 'deepika padukone', 'alia bhatt', 'priyanka chopra', 'katrina kaif', 'kareena kapoor',
  'akshay kumar', 'hrithik roshan', 'amitabh bachchan', 'aishwarya rai', 'sonam kapoor', 'kiara advani', 'janhvi kapoor', 'ananya panday', 'kartik aaryan', 'vicky kaushal', 'anushka sharma',
  'virat kohli', 'kohli', 'dhoni', 'rohit sharma', 'sachin tendulkar', 'hardik pandya', 'jasprit bumrah', 'shubman gill', 'orry', 'uorfi javed', 'urfi javed',
  // Creators everyone in India knows by name: a story about them is an Indian story.
  'bhuvan bam', 'bb ki vines', 'prajakta koli', 'mostlysane', 'kusha kapila', 'ranveer allahbadia', 'allahabadia', 'beerbiceps', 'carryminati', 'ashish chanchlani',
  'samay raina', "india's got latent", 'dhruv rathee', 'elvish yadav', 'tanmay bhat', 'technical guruji', 'ankur warikoo', 'kabita singh', 'the food pharmer', 'revant himatsingka',
  'mohak mangal', 'dolly singh', 'komal pandey', 'nancy tyagi', 'gaurav taneja', 'flying beast', 'masoom minawala', 'diipa khosla', 'mumbiker nikhil', 'sourav joshi', 'triggered insaan', 'nischay malhan',
  'harsh beniwal', 'amit bhadana', 'fukra insaan', 'abhishek malhan', 'munawar faruqui', 'kunal kamra', 'zakir khan', 'raj shamani', 'sharan hegde', 'rachana ranade', 'nikhil kamath', 'mythpat', 'total gaming', 'techno gamerz', 'tech burner', 'sandeep maheshwari', 'ravish kumar', 'jannat zubair', 'mr faisu', 'awez darbar', 'avneet kaur', 'bhavin bhanushali', 'malvika sitlani', 'shlok srivastava', 'lakshay chaudhary',
];
/**
 * Terms that lean Indian but also appear elsewhere: each adds a little, so it takes two (or one with a
 * keyword) to call a story Indian. Surnames common in India are here: "Singh" alone is no proof, "Singh"
 * beside "Govt" or a festival is.
 */
export const INDIAN_HINTS = [
  'tier-2', 'tier 2', 'tier-3', 'tier 3', 'holi', 'navratri', 'ganesh chaturthi', 'onam', 'pongal', 'josh', 'govt', 'centre', 'gst', 'tds', 'startup india', 'ani',
  'singh', 'sharma', 'kumar', 'gupta', 'patel', 'kapoor', 'mehta', 'reddy', 'iyer', 'nair', 'chopra', 'agarwal', 'aggarwal', 'agrawal', 'bansal', 'jain', 'malhotra', 'mukherjee', 'banerjee', 'chatterjee',
  'rao', 'pandey', 'tiwari', 'mishra', 'yadav', 'verma', 'joshi', 'desai', 'khanna', 'bhatia', 'sinha', 'saxena', 'chauhan', 'thakur', 'kulkarni', 'deshpande', 'pillai', 'menon', 'krishnan', 'chaudhary', 'choudhary',
  'goyal', 'mittal', 'bhattacharya', 'ghosh', 'dutta', 'kaur', 'khurana', 'arora', 'sethi', 'bhat', 'shetty', 'hegde', 'naidu', 'trivedi', 'chaturvedi', 'dubey', 'srivastava', 'kashyap', 'ahuja', 'oberoi',
];
export const INDIAN_CITIES = [
  'mumbai', 'delhi', 'new delhi', 'bengaluru', 'bangalore', 'hyderabad', 'chennai', 'kolkata', 'pune', 'ahmedabad', 'jaipur', 'gurugram', 'gurgaon', 'noida', 'kochi', 'lucknow', 'indore', 'chandigarh',
  'surat', 'nagpur', 'bhopal', 'visakhapatnam', 'patna', 'vadodara', 'coimbatore', 'thiruvananthapuram', 'guwahati', 'bhubaneswar', 'mysuru', 'mangaluru', 'ludhiana', 'kanpur', 'varanasi', 'dehradun', 'ranchi', 'raipur',
  'amritsar', 'agra', 'meerut', 'nashik', 'rajkot', 'jodhpur', 'udaipur', 'srinagar', 'jammu', 'shimla', 'madurai', 'vijayawada', 'prayagraj', 'ayodhya', 'gwalior', 'jabalpur',
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

/** Phrases whose signs or digits are their meaning (words() drops signs and one-letter words): matched as they are written. */
const LITERAL_PHRASES = new Set(['₹', 'i&b', 'tier-2', 'tier 2', 'tier-3', 'tier 3']);

/** The phrases of a list found in the text, each once. */
export function matchesOf(list: readonly string[], text: string): string[] {
  const padded = ` ${words(text).join(' ')} `;
  const lowered = text.toLowerCase();
  return list.filter((phrase) => (LITERAL_PHRASES.has(phrase) ? lowered.includes(phrase) : padded.includes(formOf(phrase))));
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
 * India relevance (reader spec section 9, weighted so one clear term is enough): 2 per term that names India
 * (INDIAN_KEYWORDS), 1 per hint, 2 per city, 3 for an Indian source; relevant at 2 or more, so "India" in
 * a headline is enough. Badge: a city's name, India Focus for an Indian source or a score of 4+, else India Related.
 */
export function indiaRelevance(text: string, indianSource: boolean): { score: number; relevant: boolean; cities: string[]; badge: string | null } {
  const cities = matchesOf(INDIAN_CITIES, text);
  const score = 2 * matchesOf(INDIAN_KEYWORDS, text).length + matchesOf(INDIAN_HINTS, text).length + 2 * cities.length + (indianSource ? 3 : 0);
  return { score, relevant: score >= INDIA_RELEVANT_AT, cities, badge: indiaBadge(score, cities, indianSource) };
}
