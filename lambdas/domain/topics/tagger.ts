import { matchesAt, tokenize, type AliasMatch, type Catalogue, type EntityKind, type Token } from './catalogue.ts';

/** One entity a text names: its catalogue id and kind, display name, and the surface form with its offsets. */
export interface EntityMention {
  id: string;
  kind: EntityKind;
  name: string;
  text: string;
  start: number;
  end: number;
}

/**
 * The evidence an ambiguous alias needs before it is tagged (data/topics/README.md lists the ambiguous
 * aliases; the rules were chosen on the dev split, docs/topics.md). Case is checked before this: an
 * ambiguous alias must appear exactly as written.
 * - `capitalised`: the alias as written is enough (a capitalised "Meta" or "Amazon" on this beat is the company),
 *   unless a veto applies;
 * - otherwise one of: an entity of `family` (or, with `sameKind`, any other entity of the same kind) in the
 *   text, a `words` word anywhere in it, the possessive ("Hike’s"), or, with `india`, an India cue.
 * Vetoes: a word just before (`notAfter`) or after (`notBefore`), or a hyphen glued to either side ("X-ray",
 * "Meta-analysis"); and an acronym inside a run of capitals ("CAN" in an all-caps headline) proves nothing.
 */
interface Evidence {
  capitalised?: boolean;
  family?: string[];
  sameKind?: boolean;
  words?: string[];
  possessive?: boolean;
  india?: boolean;
  notAfter?: string[];
  notBefore?: string[];
  notWith?: string[];
}

const PLATFORM_WORDS = [
  'app', 'apps', 'platform', 'platforms', 'users', 'user', 'creators', 'creator', 'streamers', 'streamer', 'streaming',
  'feature', 'features', 'update', 'updates', 'downloads', 'download', 'followers', 'subscribers', 'posts', 'post',
  'algorithm', 'monetisation', 'monetization', 'monetise', 'monetize', 'ban', 'banned', 'bans', 'influencers', 'videos',
  'video', 'community', 'communities', 'server', 'servers', 'tools', 'sign', 'signups', 'account', 'accounts', 'social',
];
const BRAND_WORDS = [
  'shares', 'stock', 'ipo', 'raises', 'funding', 'valuation', 'revenue', 'sales', 'profit', 'loss', 'acquires', 'acquisition',
  'stake', 'brand', 'campaign', 'ad', 'ads', 'launches', 'ceo', 'founder', 'startup', 'investors', 'deal',
  // legal trouble is an organisation's: "Zoom allegedly engaged in deceptive practices"
  'sues', 'sued', 'lawsuit', 'allegedly', 'deceptive', 'antitrust', 'settlement', 'fined',
];
const AGENCY_WORDS = [
  'agency', 'agencies', 'influencer', 'influencers', 'creator', 'creators', 'talent', 'marketing', 'campaign', 'clients',
  'acquires', 'acquisition', 'raises', 'funding', 'mcn', 'brands',
];
const REGULATOR_WORDS = [
  'guidelines', 'rules', 'norms', 'notice', 'notices', 'fine', 'fines', 'fined', 'probe', 'advisory', 'order', 'orders',
  'crackdown', 'disclosure', 'disclosures', 'ad', 'ads', 'advertising', 'advert', 'adverts', 'influencer', 'influencers',
  'consumer', 'consumers', 'complaint', 'complaints', 'watchdog', 'penalty', 'regulation', 'regulator', 'action',
  'misleading', 'endorsement', 'endorsements', 'investigation', 'merger', 'competition', 'ruling', 'slams', 'govt',
  'government', 'rti',
];
const CREATOR_WORDS = ['youtuber', 'youtubers', 'youtube', 'podcast', 'podcaster', 'influencer', 'creator', 'channel', 'fans', 'subscribers', 'video', 'controversy', 'streamer'];
const FOREIGN = ['us', 'u', 'uk', 'britain', 'british', 'china', 'chinese', 'pakistan', 'japan', 'german', 'germany', 'french', 'france', 'australia', 'australian', 'canada', 'canadian', 'american', 'singapore'];

const BY_KIND: Record<EntityKind, Evidence> = {
  platform: { sameKind: true, words: PLATFORM_WORDS, possessive: true },
  creator: { sameKind: true, words: CREATOR_WORDS },
  brand: { sameKind: true, words: BRAND_WORDS, possessive: true },
  agency: { family: [], words: AGENCY_WORDS },
  regulator: { words: REGULATOR_WORDS },
};

/** Per entity (or, with `id:Alias`, per alias) where the kind's default does not fit. */
const BY_ENTITY: Record<string, Evidence> = {
  meta: { capitalised: true, notBefore: ['verse', 'data', 'description', 'tags', 'tag'] },
  amazon: { capitalised: true, notBefore: ['rainforest', 'river', 'basin', 'forest', 'forests', 'jungle', 'tribe', 'tribes'], notAfter: ['the'] },
  apple: { capitalised: true, notAfter: ['big'], notBefore: ['pie', 'cider', 'orchard', 'orchards', 'juice'] },
  'coca-cola': { capitalised: true },
  // Names that are also lowercase words ("market intel", "uber-rich", "indigo dye", "skims the news"): capitalised only.
  intel: { capitalised: true },
  uber: { capitalised: true },
  indigo: { capitalised: true },
  skims: { capitalised: true },
  lightspeed: { capitalised: true, notAfter: ['at'] },
  'x-twitter': {
    family: ['threads', 'bluesky', 'meta', 'instagram', 'facebook', 'youtube', 'tiktok', 'linkedin', 'tesla'],
    words: ['musk', 'elon', 'twitter', 'grok', 'xai', 'yaccarino', 'tweet', 'tweets', 'post', 'posts', 'users', 'advertisers', 'ads', 'ad', 'verification', 'formerly', 'platform', 'app', 'creators', 'revenue', 'subscription', 'premium', 'handle', 'handles', 'account', 'accounts', 'followers'],
    possessive: true,
    notAfter: ['iphone', 'gen', 'generation', 'series', 'model', 'project', 'brand', 'malcolm', 'planet', 'factor', 'space', 'tesla', 'xbox', 'x'],
    notBefore: ['factor', 'games', 'men', 'files', 'ray', 'rays', 'axis', 'times'],
  },
  'youtube-shorts': { family: ['youtube', 'tiktok', 'instagram-reels', 'instagram', 'snapchat-spotlight', 'facebook-reels'], words: ['monetisation', 'monetization', 'short', 'vertical', 'creators'] },
  'instagram-reels': { family: ['instagram', 'facebook', 'meta', 'tiktok', 'youtube-shorts', 'youtube', 'snapchat', 'moj', 'josh'], words: ['instagram', 'insta'] },
  'snapchat-spotlight': { family: ['snapchat', 'snap-inc'], words: ['snapchat', 'snap'] },
  threads: { family: ['meta', 'instagram', 'x-twitter', 'bluesky', 'facebook'], words: ['app', 'users', 'downloads', 'sign', 'signups', 'zuckerberg', 'mosseri', 'twitter', 'feed', 'posts', 'creators', 'launch', 'platform'] },
  'facebook-messenger': { family: ['facebook', 'meta', 'whatsapp', 'instagram'] },
  'snap-inc': { family: ['snapchat', 'meta', 'google', 'pinterest'], words: ['inc', 'shares', 'stock', 'earnings', 'revenue', 'spiegel', 'snapchat', 'layoffs', 'lay', 'workforce', 'staff', 'jobs', 'ceo', 'investors', 'spectacles', 'quarter'] },
  'prime-hydration': { family: ['logan-paul', 'ksi'], words: ['hydration', 'drink', 'drinks', 'bottle', 'bottles', 'logan', 'ksi', 'lawsuit'], notAfter: ['amazon'], notBefore: ['minister', 'ministers', 'video', 'day', 'days', 'time', 'members', 'membership', 'focus'] },
  cameo: { words: ['app', 'platform', 'startup', 'layoffs', 'lays', 'unicorn', 'celebrity', 'shoutout', 'shoutouts', 'creators', 'valued'] },
  revolve: { words: ['influencer', 'influencers', 'fest', 'festival', 'retailer', 'fashion', 'ambassador', 'stock', 'cofounders'], possessive: true },
  'sec-us': { words: [...REGULATOR_WORDS, 'charges', 'charged', 'crypto', 'celebrities', 'securities', 'touting'] },
  koo: { words: [...PLATFORM_WORDS, 'funding', 'round', 'valuation', 'invest', 'shutting', 'founder'], possessive: true },
  vine: { family: ['x-twitter', 'byte'], words: [...PLATFORM_WORDS, 'brands', 'stars', 'six', 'seconds'], possessive: true },
  kick: { family: ['twitch', 'youtube', 'xqc', 'kai-cenat', 'ninja'], words: ['streamer', 'streamers', 'streaming', 'stream', 'streams', 'livestream', 'gambling', 'platform', 'deal'] },
  ghost: { family: ['substack', 'patreon', 'beehiiv', 'medium'], words: ['newsletter', 'newsletters', 'publishing', 'writers', 'publishers'] },
  hike: { possessive: true, words: ['app', 'messenger', 'kavin', 'mittal', 'gaming', 'rush', 'sticker', 'stickers'], notWith: ['price', 'prices', 'tariff', 'rate', 'rates', 'fee', 'fees', 'salary', 'tax', 'duty', 'fare', 'fares'] },
  'ranveer-allahbadia': { notBefore: ['singh'], family: ['samay-raina'], words: ['samay', 'latent', 'podcast', 'beerbiceps', 'allahbadia', 'youtuber', 'influencer', 'raina'] },
  'samay-raina': { family: ['ranveer-allahbadia'], words: ['ranveer', 'latent', 'comedian', 'youtuber', 'raina', 'allahbadia'] },
  'bhuvan-bam': { words: ['bhuvan', 'vines', 'youtuber', 'youtube'] },
  dream: { family: ['youtube', 'twitch'], words: ['minecraft', 'smp', 'streamer', 'youtuber', 'sapnap', 'georgenotfound', 'reveal'], notBefore: ['big', 'job', 'jobs', 'team', 'home', 'run', 'come'] },
  shroud: { family: ['twitch', 'kick', 'youtube'], words: ['streamer', 'streaming', 'valorant', 'esports', 'gamer'] },
  ludwig: { family: ['twitch', 'youtube', 'kick'], words: ['streamer', 'streaming', 'youtuber', 'mogul', 'subathon'] },
  unspeakable: { family: ['youtube'], words: ['minecraft', 'youtuber', 'nathan', 'channel'] },
  ninja: { family: ['twitch', 'kick', 'youtube', 'xqc'], words: ['streamer', 'streaming', 'fortnite', 'twitch', 'gamer', 'esports'] },
  mortal: { family: ['youtube'], words: ['bgmi', 'pubg', 'esports', 'gamer', 'gaming', 'streamer', 's8ul', 'soul'] },
  'sugar-cosmetics': { family: ['nykaa', 'mamaearth', 'purplle', 'lakme'], words: ['cosmetics', 'beauty', 'makeup', 'lipstick', 'vineeta', 'singh', 'skincare', 'brand', 'funding', 'series'] },
  'sugar-cosmetics:SUGAR': { capitalised: true },
  'reliance-industries': { family: ['tata-group', 'adani-group'], words: ['ambani', 'jio', 'retail', 'industries', 'ril', 'shares', 'stake', 'acquires', 'deal', 'merger', 'disney', 'agm', 'media'], india: true },
  'tata-group': { capitalised: true, notBefore: ['memorial', 'institute'], notAfter: ['ratan', 'noel', 'jamsetji', 'jrd', 'j', 'r', 'n'] },
  'tata-neu': { family: ['tata-group'], words: ['tata', 'tatas', 'superapp', 'app'] },
  'ola-electric': { words: ['electric', 'scooter', 'scooters', 'ev', 'bhavish', 'aggarwal', 'ipo', 'shares', 'cab', 'ride'], india: true },
  zomato: { family: ['blinkit', 'swiggy', 'zepto'], words: ['zomato', 'blinkit', 'goyal', 'deepinder', 'shares', 'quick', 'commerce'] },
  physicswallah: { words: ['edtech', 'physics', 'wallah', 'alakh', 'pandey', 'jee', 'neet', 'ipo', 'unicorn'] },
  cred: { capitalised: true },
  'ccpa-india': { india: true, words: [...REGULATOR_WORDS, 'betting', 'gambling', 'consumer', 'consumers', 'misleading', 'endorsement', 'endorsements', 'influencers', 'notice', 'notices', 'dark', 'patterns'], notWith: ['california', 'californian', 'privacy', 'cpra'] },
  'cma-uk': { words: [...REGULATOR_WORDS, 'uk', 'britain', 'british', 'ftc'] },
  'finance-ministry-india': { capitalised: true, notWith: FOREIGN },
  'income-tax-department': { india: true, words: ['tax', 'notice', 'notices', 'raid', 'raids', 'income', 'influencers', 'returns', 'itr'] },
  'european-commission': { family: ['meta', 'google', 'tiktok', 'x-twitter', 'apple', 'amazon', 'microsoft'], words: ['eu', 'european', 'dsa', 'dma', 'fine', 'fines', 'probe', 'regulators', 'rules'] },
  'collective-artists-network': { words: ['collective', 'talent', 'agency', 'influencer', 'influencers', 'creators', 'galleri5', 'network'] },
  'good-creator-co': { words: ['creator', 'creators', 'influencer', 'influencers', 'agency', 'sharechat', 'winkl', 'plixxo'] },
  caa: { words: ['talent', 'agency', 'hollywood', 'creators', 'signs', 'influencer', 'influencers', 'youtuber', 'youtubers', 'artists'] },
};

/**
 * A bare feature name belongs to the platform the text is about: "Reels" is Instagram's unless the text names
 * Facebook and not Instagram ("Facebook is Trying to be Cool Again! Rise in Reels").
 */
const REDIRECTS: Array<{ from: string; surface: string; to: string; when: string; unless: string }> = [
  { from: 'instagram-reels', surface: 'Reels', to: 'facebook-reels', when: 'facebook', unless: 'instagram' },
];

const ruleFor = (match: AliasMatch): Evidence =>
  BY_ENTITY[`${match.alias.entity.id}:${match.alias.surface}`] ?? BY_ENTITY[match.alias.entity.id] ?? BY_KIND[match.alias.entity.kind];

/** Most words set in capitals: the case of an acronym tells nothing there. */
const isShouting = (tokens: readonly Token[]) => {
  const words = tokens.filter((token) => /\p{L}{3,}/u.test(token.text));
  return words.length >= 3 && words.filter((token) => token.text === token.text.toUpperCase()).length / words.length > 0.6;
};

interface Context {
  text: string;
  tokens: Token[];
  keys: Set<string>;
  shouting: boolean;
  accepted: Map<string, EntityKind>;
  hasIndiaCue: () => boolean;
}

function hasEvidence(match: AliasMatch, rule: Evidence, context: Context): boolean {
  const { text, tokens, keys } = context;
  const before = tokens[match.first - 1];
  const after = tokens[match.last + 1];
  const first = tokens[match.first]!;
  const last = tokens[match.last]!;
  if (before && rule.notAfter?.includes(before.key)) return false;
  if (after && rule.notBefore?.includes(after.key)) return false;
  if (rule.notWith?.some((word) => keys.has(word))) return false;
  // Glued by a hyphen to a lowercase word: "X-ray", "Meta-analysis" (not "Reliance-Disney merger").
  const glued = (token: Token | undefined, gap: string) => !!token && /^[-‐‑]$/u.test(gap) && /^\p{Ll}/u.test(token.text);
  if (glued(before, before ? text.slice(before.end, first.start) : '') || glued(after, after ? text.slice(last.end, after.start) : '')) return false;
  // In a headline set in capitals ("CCPA ADVERTISEMENT GUIDELINES"), an acronym's case proves nothing.
  if (context.shouting && /^[A-Z]+$/.test(match.alias.surface)) return false;
  if (rule.capitalised) return true;
  const own = match.alias.entity;
  for (const [id, kind] of context.accepted) {
    if (id === own.id) continue;
    if (rule.family?.includes(id)) return true;
    if (rule.sameKind && kind === own.kind) return true;
  }
  const selfKeys = new Set(tokens.slice(match.first, match.last + 1).map((token) => token.key));
  if (rule.words?.some((word) => keys.has(word) && !selfKeys.has(word))) return true;
  if (rule.possessive && after?.key === 's' && /^['’]$/u.test(text.slice(last.end, after.start))) return true;
  if (rule.india && context.hasIndiaCue()) return true;
  return false;
}

/**
 * The entities `text` names, in text order, one mention per surface occurrence. Whole tokens only, the
 * longest alias first at each position ("YouTube Shorts" before "YouTube"), no overlaps; ambiguous aliases
 * need the evidence of their rule, judged against the unambiguous mentions (and those already accepted).
 * `hasIndiaCue` lets the India rule feed the evidence without this module importing it.
 */
export function tagEntities(text: string, catalogue: Catalogue, hasIndiaCue: (text: string) => boolean = () => false): EntityMention[] {
  const tokens = tokenize(text);
  const chosen: AliasMatch[] = [];
  for (let index = 0; index < tokens.length; ) {
    const [longest] = matchesAt(catalogue, text, tokens, index);
    if (longest) {
      chosen.push(longest);
      index = longest.last + 1;
    } else index++;
  }
  const accepted = new Map<string, EntityKind>();
  const kept = new Set<AliasMatch>();
  for (const match of chosen) {
    if (!match.alias.ambiguous) {
      kept.add(match);
      accepted.set(match.alias.entity.id, match.alias.entity.kind);
    }
  }
  let cue: boolean | undefined;
  const context: Context = { text, tokens, keys: new Set(tokens.map((token) => token.key)), shouting: isShouting(tokens), accepted, hasIndiaCue: () => (cue ??= hasIndiaCue(text)) };
  // Twice, so one accepted ambiguous mention can vouch for another ("Ranveer & Samay").
  for (let round = 0; round < 2; round++) {
    for (const match of chosen) {
      if (kept.has(match) || !hasEvidence(match, ruleFor(match), context)) continue;
      kept.add(match);
      accepted.set(match.alias.entity.id, match.alias.entity.kind);
    }
  }
  return chosen
    .filter((match) => kept.has(match))
    .map((match) => {
      const start = tokens[match.first]!.start;
      const end = tokens[match.last]!.end;
      const redirect = REDIRECTS.find((rule) => rule.from === match.alias.entity.id && rule.surface === match.alias.surface && accepted.has(rule.when) && !accepted.has(rule.unless));
      const entity = (redirect && catalogue.entities.get(redirect.to)) || match.alias.entity;
      return { id: entity.id, kind: entity.kind, name: entity.name, text: text.slice(start, end), start, end };
    });
}
