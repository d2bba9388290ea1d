import { words } from '../common/text.ts';

/**
 * A domain lexicon: groups of words that mean one thing to this beat ("editing", "dubbing", "Veo" are all a
 * creator tool; "budgets", "rate cards", "fees" are all brand money). Hashed word features know only the
 * words seen in training; a group lets a headline with a word the corpus never had for a category still
 * reach it through a word it had in the same group. Entries ending in "*" match as a prefix.
 */
export const LEXICON = {
  creator: ['creator*', 'influencer*', 'youtuber*', 'streamer*', 'podcaster*', 'vlogger*', 'blogger*', 'tiktoker*', 'finfluencer*', 'ugc', 'kol*', 'newsletter*'],
  platform: ['youtube', 'instagram', 'tiktok', 'facebook', 'meta', 'snapchat', 'snap', 'twitch', 'twitter', 'linkedin', 'pinterest', 'threads', 'moj', 'sharechat', 'josh', 'patreon', 'substack', 'spotify', 'kick', 'roposo', 'chingari', 'reels', 'shorts', 'spotlight'],
  tool: ['app', 'apps', 'tool', 'tools', 'edit*', 'ai', 'generative', 'genai', 'veo', 'dub*', 'caption*', 'template*', 'filter*', 'studio', 'software', 'saas', 'analytics', 'dashboard*', 'crm', 'plugin*', 'scheduling', 'scheduler', 'automat*', 'chatbot*', 'avatar*', 'generat*', 'link', 'bio', 'camera', 'effects', 'lens', 'lenses', 'api', 'feature*', 'beta'],
  platformMoney: ['monetis*', 'monetiz*', 'revenue', 'fund', 'funds', 'bonus*', 'gift*', 'tip*', 'subscription*', 'payout*', 'partner', 'ypp', 'eligibility', 'algorithm*', 'reach', 'programme', 'program'],
  brandMoney: ['budget*', 'spend*', 'rate', 'rates', 'fee', 'fees', 'pay', 'paid', 'paying', 'cost*', 'sponsor*', 'deal', 'deals', 'ambassador*', 'campaign*', 'collab*', 'partnership*', 'allocat*', 'marketer*', 'cmo*', 'affiliate*', 'endors*', 'roi'],
  market: ['market', 'markets', 'industry', 'report*', 'survey*', 'study', 'studies', 'research*', 'forecast*', 'cagr', 'billion', 'trillion', 'growth', 'grow*', 'trend*', 'data', 'project*', 'valued', 'worth', 'size', 'percent', 'state'],
  regulation: ['ftc', 'asci', 'sebi', 'ccpa', 'law*', 'rule*', 'guideline*', 'ban', 'bans', 'banned', 'lawsuit*', 'sue*', 'court', 'fine*', 'disclos*', 'fraud*', 'scam*', 'arrest*', 'notice*', 'regulat*', 'penalt*', 'probe', 'complaint*', 'fake', 'misleading'],
  career: ['career*', 'earn*', 'income', 'burnout', 'startup*', 'founder*', 'funding', 'raises', 'launch*', 'merch*', 'audience*', 'followers', 'talent', 'mcn'],
  /** Trade-press neighbours the product must not publish: agency and adland business, people moves, corporate results, celebrity ads. */
  tradeNeighbour: ['agency', 'agencies', 'account', 'pitch', 'appoint*', 'elevat*', 'resign*', 'joins', 'ceo', 'quarter*', 'q1', 'q2', 'q3', 'q4', 'profit*', 'earnings', 'results', 'shares', 'stock*', 'antitrust', 'layoff*', 'actor', 'actress', 'cricketer', 'bollywood', 'tvc', 'film', 'cannes', 'award*', 'programmatic', 'ctv', 'retail', 'seo', 'ipo'],
} as const satisfies Record<string, readonly string[]>;

export type LexiconGroup = keyof typeof LEXICON;

const exact = new Map<string, LexiconGroup[]>();
const prefixes: Array<{ prefix: string; group: LexiconGroup }> = [];
for (const [group, entries] of Object.entries(LEXICON) as Array<[LexiconGroup, readonly string[]]>) {
  for (const entry of entries) {
    if (entry.endsWith('*')) prefixes.push({ prefix: entry.slice(0, -1), group });
    else exact.set(entry, [...(exact.get(entry) ?? []), group]);
  }
}

/** How many words of each group the text has. */
export function lexiconCounts(text: string): Map<LexiconGroup, number> {
  const counts = new Map<LexiconGroup, number>();
  for (const word of words(text)) {
    const groups = new Set(exact.get(word) ?? []);
    for (const { prefix, group } of prefixes) if (word.startsWith(prefix)) groups.add(group);
    for (const group of groups) counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return counts;
}

/**
 * The lexicon's features of a text: each group present (with how many of its words, up to 3), and each pair
 * of groups present together ("platform + tool" is a creator tool a platform ships; "platform + market" its
 * business news), so the model can weigh a combination no single word carries.
 */
export function lexiconFeatures(text: string): Array<[string, number]> {
  const counts = lexiconCounts(text);
  const present = [...counts.keys()].sort();
  const out: Array<[string, number]> = present.map((group) => [`lex:${group}:${Math.min(counts.get(group) ?? 0, 3)}`, 1]);
  for (const [index, first] of present.entries()) for (const second of present.slice(index + 1)) out.push([`lex:${first}+${second}`, 1]);
  return out;
}
