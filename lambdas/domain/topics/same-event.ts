import { idf, NUMBER_WEIGHT, STORY_TEXT_WORDS, storyEvidence, storyOpening, storyProfile, storyTerms, type StoryEvidence, type StoryProfile, type StoryText } from '../content/story-cluster.ts';
import { words } from '../common/text.ts';
import { tagEntities, SEED_CATALOGUE } from './index.ts';
import type { Catalogue } from './catalogue.ts';

/**
 * Same event, precision first: two reports join one story only on evidence that they report ONE event,
 * not one subject. The evidence (`EventEvidence`): the catalogue entities both name (`tagEntities`), or
 * rare names both name where the catalogue knows neither; the kind of event each reports (launch, policy,
 * funding, deal, report, campaign, regulation, people, results: `EVENT_KINDS`, a small rule set over words);
 * the figures and periods (years, quarters) they quote; how far apart they were published; and the TF-IDF
 * cosine of their texts (content/story-cluster.ts). A pair is joined only when nothing disagrees (kinds,
 * entities, periods, places, and, unless the texts are near-identical, figures), they share an entity or a
 * rare name, they are within the window of their kind, and the cosine clears the threshold. A pair the rule
 * is unsure of is not joined. The answer says why (`JoinReason`), for the console's story view.
 * The cosine is the best of the views the settings name (whole texts; a headline against the other's headline
 * or whole text; the summary's first sentence against the other's headline or first sentence: `EventView`), over
 * plain forms with amounts written one way (`amountsWritten`) and words for one act read as one (`SAME_ACT`); a
 * state or country both name counts as a shared name. Settings chosen by `npm run same-story-tune` on the train
 * and validation pairs of the source-and-time split (`sourceTimePairSplit`, sides without a printed headline read
 * from the address's slug): the best recall with precision >= 0.93 on the pairs dated on both sides and on the
 * others apart, joining at most 1 in 2,000 unrelated on-beat pairs (1,220 pairs, 2026-11-29: precision 0.951,
 * recall 0.632; dated pairs 0.976 / 0.707). Left off by the tuning: a veto when both name kinds and none agree,
 * the first-sentence view; out of its grid: a bonus for shared rare words (the subject's words as often as the
 * event's: bin/same-story-tune.ts). A learned pair scorer (logistic regression over the same evidence) was no
 * better under cross-validation. Test figures (each look recorded) and cost: docs/pipeline.md.
 */

/** Kinds of event, each recognised by words of the text (lower case, folded, as `words()` gives them). */
export const EVENT_KINDS = {
  launch: ['launch', 'launches', 'launched', 'launching', 'unveils', 'unveiled', 'introduces', 'introduced', 'rolls', 'rolled', 'rollout', 'debuts', 'debuted', 'releases', 'released', 'adds', 'added', 'tests', 'testing', 'expands', 'expanded', 'brings', 'feature', 'features', 'app', 'tool', 'tools'],
  policy: ['policy', 'policies', 'monetisation', 'monetization', 'revenue', 'share', 'sharing', 'partner', 'program', 'programme', 'fund', 'payouts', 'pay', 'pays', 'paying', 'eligibility', 'requirements', 'algorithm', 'demonetize', 'demonetise', 'shuts', 'shutting', 'shut', 'ends', 'ending', 'removes', 'removing', 'bans', 'banned', 'ban', 'changes', 'change', 'update', 'updates'],
  funding: ['raises', 'raised', 'raise', 'funding', 'round', 'seed', 'series', 'investment', 'invests', 'invested', 'investors', 'valuation', 'valued', 'backed', 'crore', 'million', 'billion', 'fundraise'],
  deal: ['acquires', 'acquired', 'acquisition', 'acquire', 'merger', 'merge', 'merges', 'buys', 'bought', 'stake', 'takeover', 'deal'],
  report: ['report', 'reports', 'survey', 'study', 'data', 'research', 'finds', 'found', 'index', 'forecast', 'according', 'percent', 'estimates', 'analysis', 'whitepaper'],
  campaign: ['campaign', 'campaigns', 'collaborates', 'collaboration', 'collab', 'partners', 'partnership', 'ropes', 'ambassador', 'ambassadors', 'onboards', 'ties', 'teams'],
  regulation: ['law', 'laws', 'bill', 'act', 'court', 'lawsuit', 'sues', 'sued', 'fine', 'fined', 'penalty', 'notice', 'notices', 'guidelines', 'regulator', 'regulation', 'regulations', 'rules', 'ruling', 'probe', 'arrested', 'fir', 'complaint', 'consultation', 'framework', 'disclosure', 'mandatory', 'government', 'ministry', 'sebi', 'asci', 'ftc', 'ccpa', 'meity'],
  people: ['appoints', 'appointed', 'names', 'named', 'hires', 'hired', 'joins', 'joined', 'elevates', 'elevated', 'resigns', 'steps', 'ceo', 'cmo', 'head', 'chief'],
  results: ['quarter', 'quarterly', 'earnings', 'profit', 'loss', 'results', 'q1', 'q2', 'q3', 'q4', 'fy24', 'fy25', 'fy23', 'turnover'],
} as const;
export type EventKind = keyof typeof EVENT_KINDS;
const KIND_OF_WORD = new Map<string, EventKind[]>();
for (const [kind, list] of Object.entries(EVENT_KINDS) as Array<[EventKind, readonly string[]]>) for (const word of list) KIND_OF_WORD.set(word, [...(KIND_OF_WORD.get(word) ?? []), kind]);

/** A word in at most about 1.3 % of the corpus's headlines (idf 5.3: "subscription", "dislike"; not "shorts", "creators") is rare. */
export const RARE_IDF = 5.3;

/** What the rule needs of one story, computed once per item. */
export interface EventProfile {
  story: StoryProfile;
  /** TF-IDF weights of the words in their plain form ("creators" and "creator" one), and their norm. */
  stems: Map<string, number>;
  stemNorm: number;
  /** Plain forms of its words rare in the corpus (idf at least RARE_IDF). */
  rare: Set<string>;
  /** Catalogue entities named: id -> display name. */
  entities: Map<string, string>;
  /** Kinds of event its words name, with how many words name each. */
  kinds: Map<EventKind, number>;
  /** The headline alone and the summary's first sentence (null without a summary), in plain-form weights: the views compared besides the whole text. */
  headline: TermWeights;
  lead: TermWeights | null;
  /** Every plain form of the whole text, the headline and the first sentence: two views share a word only if the vocabularies do. */
  vocabulary: Set<string>;
}

/** Plain-form TF-IDF weights of a text and their norm. */
export interface TermWeights {
  weights: Map<string, number>;
  norm: number;
}

/**
 * Which texts of two reports the cosine compares. `whole`: title and summary opening against the same.
 * `headlines`: also each headline against the other's headline and whole text (one outlet's headline often
 * says in ten words what the other's standfirst says in forty). `leads`: also the summary's first sentence
 * against the other's headline and first sentence. The best view counts.
 */
export type EventView = 'whole' | 'headlines' | 'leads';

/** The rule's settings, in one place so `npm run same-story-tune` can try others on the tuning pairs. */
export interface EventWeights {
  /** The cosine (plus bonuses) a pair needs with all other evidence in place. */
  threshold: number;
  /** Added per shared catalogue entity (up to 2) and for a shared figure. */
  entityBonus: number;
  figureBonus: number;
  /** Added per rare word both use (up to 2), beyond the shared entities' names. */
  rareBonus: number;
  /** Days apart a pair may be, per kind of event shared (the largest of the shared kinds applies); `other` when no kind is shared. */
  windowDays: Record<EventKind | 'other', number>;
  /** Undated pairs (either side) need this much more. */
  undatedPenalty: number;
  /** A pair with no kind of event in common (or none found on a side) needs this much more. */
  noKindPenalty: number;
  /** Both quote figures and none agree: not joined unless the cosine reaches this. */
  figuresDisagreeUnless: number;
  /** Both name catalogue entities and share none: not joined. */
  entitiesMustAgree: boolean;
  /** Both name a kind of event and share none: not joined. */
  kindsMustAgree: boolean;
  /** A kind counts for a story when this many of its words are there. */
  kindWords: number;
  /** Compare words in their plain form (`stem`). */
  stemmed: boolean;
  /** A state or country both name counts as a shared name (a law of Illinois, China's rules for minors). */
  placesAsNames: boolean;
  /** Texts compared besides the whole (plain forms only). */
  views: EventView;
}

export const EVENT_WEIGHTS: EventWeights = {
  threshold: 0.4,
  entityBonus: 0.05,
  figureBonus: 0.05,
  rareBonus: 0,
  windowDays: { launch: 3, policy: 3, funding: 3, deal: 3, report: 4, campaign: 4, regulation: 3, people: 3, results: 3, other: 3 },
  undatedPenalty: 0.15,
  noKindPenalty: 0.1,
  figuresDisagreeUnless: 1.01,
  entitiesMustAgree: true,
  kindsMustAgree: false,
  kindWords: 1,
  stemmed: true,
  views: 'headlines',
  placesAsNames: true,
};

/**
 * Amounts written one way: "$1M", "$1 million" and "1 mn" all read "1m"; "$4B", "4 billion", "4bn" read "4bn";
 * "100 crore", "100 cr" read "100cr"; "5 lakh" reads "5lakh"; "10K", "10 thousand" read "10k". Two reports of one
 * event quote one amount in the house style of each.
 */
export function amountsWritten(text: string): string {
  return text
    .replace(/(\d+(?:\.\d+)?)\s?(?:million|mn|mln|m)\b/gi, '$1m')
    .replace(/(\d+(?:\.\d+)?)\s?(?:billion|bn|b)\b/gi, '$1bn')
    .replace(/(\d+(?:\.\d+)?)\s?(?:crores?|cr)\b/gi, '$1cr')
    .replace(/(\d+(?:\.\d+)?)\s?(?:lakhs?|lac)\b/gi, '$1lakh')
    .replace(/(\d+(?:\.\d+)?)\s?(?:thousand|k)\b/gi, '$1k');
}

export function eventProfile(original: StoryText, catalogue: Catalogue = SEED_CATALOGUE): EventProfile {
  const story = { ...original, title: amountsWritten(original.title), summary: original.summary ? amountsWritten(original.summary) : original.summary };
  const profile = storyProfile(story);
  const text = storyOpening(story);
  const entities = new Map<string, string>();
  for (const mention of tagEntities(text, catalogue)) entities.set(mention.id, mention.name);
  const kinds = new Map<EventKind, number>();
  for (const word of new Set(words(text))) for (const kind of KIND_OF_WORD.get(word) ?? []) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  const whole = termWeights(text);
  const rare = new Set(storyTerms(text).filter((word) => idf(word) >= RARE_IDF && !/\d/.test(word)).map(plain));
  const summary = story.summary?.trim() ? story.summary.trim() : null;
  const lead = summary ? (summary.split(/(?<=[.!?])\s+(?=\p{Lu}|\d)/u)[0] ?? summary) : null;
  const [headline, leadWeights] = [termWeights(story.title), lead ? termWeights(lead) : null];
  const vocabulary = new Set([...whole.weights.keys(), ...headline.weights.keys(), ...(leadWeights?.weights.keys() ?? [])]);
  return { story: profile, stems: whole.weights, stemNorm: whole.norm, rare, entities, kinds, headline, lead: leadWeights, vocabulary };
}

/** Plain-form TF-IDF weights of a text (the whole opening, a headline, a first sentence), numbers counted twice as in `storyProfile`. */
export function termWeights(text: string): TermWeights {
  const weights = new Map<string, number>();
  for (const word of storyTerms(text.split(/\s+/, STORY_TEXT_WORDS).join(' '))) weights.set(plain(word), (weights.get(plain(word)) ?? 0) + idf(word) * (/\d/.test(word) ? NUMBER_WEIGHT : 1));
  let squares = 0;
  for (const weight of weights.values()) squares += weight * weight;
  return { weights, norm: Math.sqrt(squares) };
}

/** The words two profiles' vocabularies share (usually none or a few: the views are read over these alone). */
function sharedVocabulary(a: EventProfile, b: EventProfile): string[] {
  const [small, large] = a.vocabulary.size <= b.vocabulary.size ? [a.vocabulary, b.vocabulary] : [b.vocabulary, a.vocabulary];
  const shared: string[] = [];
  for (const word of small) if (large.has(word)) shared.push(word);
  return shared;
}

/** Cosine of two texts' weights over the words they may share. */
function cosineOver(shared: readonly string[], x: TermWeights | null, y: TermWeights | null): number {
  if (!x || !y || !x.norm || !y.norm) return 0;
  let dot = 0;
  for (const word of shared) dot += (x.weights.get(word) ?? 0) * (y.weights.get(word) ?? 0);
  return dot / (x.norm * y.norm);
}

/** The best cosine of the views beyond the whole text: headlines against headlines and whole texts; first sentences against headlines and first sentences. */
export function viewCosines(a: EventProfile, b: EventProfile, shared: readonly string[] = sharedVocabulary(a, b)): { headlines: number; leads: number } {
  if (!shared.length) return { headlines: 0, leads: 0 };
  const [wholeA, wholeB] = [{ weights: a.stems, norm: a.stemNorm }, { weights: b.stems, norm: b.stemNorm }];
  return {
    headlines: Math.max(cosineOver(shared, a.headline, b.headline), cosineOver(shared, a.headline, wholeB), cosineOver(shared, wholeA, b.headline)),
    leads: Math.max(cosineOver(shared, a.headline, b.lead), cosineOver(shared, a.lead, b.headline), cosineOver(shared, a.lead, b.lead)),
  };
}

/**
 * Words two outlets use for one act, read as one (keys are plain forms, `stem`): "bans" and "bars", "backtracks"
 * and "reverses", "acquires" and "buys". Written from the tuning pairs' missed joins (2026-11-29): small, and
 * only for acts, never for subjects ("influencer" and "creator" stay apart: merging them lifts every on-beat pair).
 */
export const SAME_ACT: Record<string, string> = {
  bans: 'ban', bars: 'ban', bar: 'ban', barr: 'ban', prohibit: 'ban',
  backtrack: 'reverse', revers: 'reverse', scrap: 'reverse',
  cuts: 'cut', slash: 'cut', reduc: 'cut',
  quit: 'leave', quits: 'leave', quitt: 'leave', exit: 'leave', leav: 'leave',
  acquir: 'buy', acquisition: 'buy', purchas: 'buy', bought: 'buy', buys: 'buy',
  penalty: 'fine', penalti: 'fine', penalis: 'fine', penaliz: 'fine', fin: 'fine',
  unveil: 'launch', introduc: 'launch', debut: 'launch', rollout: 'launch',
  counter: 'count',
  guidelin: 'rule', rules: 'rule',
};
/** A word's plain form (`stem`), then its act's common form (`SAME_ACT`). */
export const plain = (word: string) => {
  const form = stem(word);
  return SAME_ACT[form] ?? form;
};

/** A light plain form: plural and verb endings off ("creators" -> "creator", "testing" -> "test", "launches" -> "launch"). */
export function stem(word: string): string {
  if (word.length <= 4 || /\d/.test(word)) return word;
  return word.replace(/(?:ies)$/, 'y').replace(/(?:ing|ed|es|s)$/, '');
}

/** Everything the rule reads of a pair, computed once (the tuning tries many weights on it). */
export interface EventEvidence extends StoryEvidence {
  /** Catalogue entities both name, id and name. */
  sharedEntities: Array<{ id: string; name: string }>;
  /** Both name catalogue entities and none agree. */
  entitiesDisagree: boolean;
  /** Rare names both name (outside the catalogue's reach too). */
  sharedNameList: string[];
  /** Kinds of event each side names, with their word counts. */
  kindsA: Map<EventKind, number>;
  kindsB: Map<EventKind, number>;
  sharedFigures: string[];
  sharedPeriods: string[];
  /** States and countries both name ("state:illinois"). */
  sharedPlaces: string[];
  /** Cosine of the plain-form weights. */
  stemCosine: number;
  /** Best cosines of the other views (`viewCosines`). */
  headlineCosine: number;
  leadCosine: number;
  /** Rare words (in their plain form) both use that are not names of shared entities ("dislike", "subscription"). */
  rareTerms: string[];
  /** The shared words weighing most in the cosine, heaviest first (at most 6). */
  sharedTerms: string[];
}

/**
 * The cosine the rule reads (words as written, or in their plain form; with `views`, the best of those texts),
 * cheap: most pairs of a window stop here.
 */
export function eventCosine(a: EventProfile, b: EventProfile, stemmed: boolean, views: EventView = 'whole'): number {
  if (stemmed && views !== 'whole') {
    // One pass over the vocabularies finds the few shared words; every view's cosine is read over them alone.
    const shared = sharedVocabulary(a, b);
    if (!shared.length) return 0;
    const other = viewCosines(a, b, shared);
    return Math.max(cosineOver(shared, { weights: a.stems, norm: a.stemNorm }, { weights: b.stems, norm: b.stemNorm }), other.headlines, views === 'leads' ? other.leads : 0);
  }
  const [x, y, norms] = stemmed ? [a.stems, b.stems, a.stemNorm * b.stemNorm] : [a.story.weights, b.story.weights, a.story.norm * b.story.norm];
  if (!norms) return 0;
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let dot = 0;
  for (const [word, weight] of small) {
    const other = large.get(word);
    if (other !== undefined) dot += weight * other;
  }
  return dot / norms;
}

/** The cosine the rule reads of a pair's evidence under the given weights, and which view gave it. */
export function textCosine(evidence: EventEvidence, weights: EventWeights): { cosine: number; view: 'whole' | 'headline' | 'lead' } {
  if (!weights.stemmed) return { cosine: evidence.cosine, view: 'whole' };
  let best: { cosine: number; view: 'whole' | 'headline' | 'lead' } = { cosine: evidence.stemCosine, view: 'whole' };
  if (weights.views !== 'whole' && evidence.headlineCosine > best.cosine) best = { cosine: evidence.headlineCosine, view: 'headline' };
  if (weights.views === 'leads' && evidence.leadCosine > best.cosine) best = { cosine: evidence.leadCosine, view: 'lead' };
  return best;
}

export function eventEvidence(a: EventProfile, b: EventProfile): EventEvidence {
  const base = storyEvidence(a.story, b.story);
  const sharedEntities = [...a.entities].filter(([id]) => b.entities.has(id)).map(([id, name]) => ({ id, name }));
  const sharedTerms = [...a.story.weights]
    .filter(([word]) => b.story.weights.has(word))
    .map(([word, weight]) => ({ word, weight: weight * (b.story.weights.get(word) ?? 0) }))
    .sort((x, y) => y.weight - x.weight)
    .slice(0, 6)
    .map(({ word }) => word);
  let dot = 0;
  const rareTerms: string[] = [];
  const entityWords = new Set(sharedEntities.flatMap((entity) => words(entity.name).map(stem)));
  for (const [word, weight] of a.stems) {
    const other = b.stems.get(word);
    if (other === undefined) continue;
    dot += weight * other;
    if (a.rare.has(word) && !entityWords.has(word)) rareTerms.push(word);
  }
  const views = viewCosines(a, b);
  return {
    rareTerms,
    ...base,
    stemCosine: a.stemNorm && b.stemNorm ? dot / (a.stemNorm * b.stemNorm) : 0,
    headlineCosine: views.headlines,
    leadCosine: views.leads,
    sharedEntities,
    entitiesDisagree: a.entities.size > 0 && b.entities.size > 0 && sharedEntities.length === 0,
    sharedNameList: [...a.story.names].filter((name) => b.story.names.has(name)),
    kindsA: a.kinds,
    kindsB: b.kinds,
    sharedFigures: [...a.story.figures].filter((figure) => b.story.figures.has(figure)),
    sharedPeriods: [...a.story.periods].filter((period) => b.story.periods.has(period)),
    sharedPlaces: [...a.story.places].filter((place) => b.story.places.has(place)),
    sharedTerms,
  };
}

/** Why a pair was joined: what agreed. Small, so the console can show it and the cluster join can store it. */
export interface JoinReason {
  /** The kinds of event both report ("funding"), empty when the texts name none in common. */
  kinds: EventKind[];
  /** Catalogue entities both name. */
  entities: Array<{ id: string; name: string }>;
  /** Rare names both name that the catalogue does not know. */
  names: string[];
  /** Shared words weighing most. */
  terms: string[];
  /** Figures (amounts, shares, counts) both quote. */
  figures: string[];
  /** Years and quarters both give ("year:2024", "quarter:q3"). */
  periods: string[];
  /** Days between the two publication times, null when either is undated. */
  daysApart: number | null;
  /** The window the kind allowed. */
  windowDays: number;
  /** Which texts agreed most: the whole texts, a headline against the other's headline or text, or a first sentence (absent on joins stored before 2026-11-29). */
  view?: 'whole' | 'headline' | 'lead';
}

export interface EventJudgement {
  same: boolean;
  score: number;
  /** Set when joined. */
  reason: JoinReason | null;
  /** Set when not joined: what disagreed or was missing ("window", "kinds-disagree", ...). */
  against: string[];
}

const kindsOf = (kinds: Map<EventKind, number>, least: number) => new Set([...kinds].filter(([, count]) => count >= least).map(([kind]) => kind));

/** The rule on a pair's evidence under the given weights. */
export function judgeEvidence(evidence: EventEvidence, weights: EventWeights = EVENT_WEIGHTS): EventJudgement {
  const [kindsA, kindsB] = [kindsOf(evidence.kindsA, weights.kindWords), kindsOf(evidence.kindsB, weights.kindWords)];
  const sharedKinds = [...kindsA].filter((kind) => kindsB.has(kind));
  const windowDays = sharedKinds.length ? Math.max(...sharedKinds.map((kind) => weights.windowDays[kind])) : weights.windowDays.other;
  const nonCatalogueNames = evidence.sharedNameList.filter((name) => !evidence.sharedEntities.some((entity) => words(entity.name).includes(name)));
  const against: string[] = [];
  if (evidence.daysApart !== null && evidence.daysApart > windowDays) against.push('window');
  if (weights.kindsMustAgree && kindsA.size && kindsB.size && !sharedKinds.length) against.push('kinds-disagree');
  if (weights.entitiesMustAgree && evidence.entitiesDisagree) against.push('entities-disagree');
  const sharedPlaces = weights.placesAsNames ? evidence.sharedPlaces : [];
  if (!evidence.sharedEntities.length && !evidence.sharedNameList.length && !sharedPlaces.length) against.push('no-shared-entity');
  if (evidence.periodsDisagree) against.push('periods-disagree');
  if (evidence.placesDisagree) against.push('places-disagree');
  const { cosine, view } = textCosine(evidence, weights);
  if (evidence.figuresDisagree && cosine < weights.figuresDisagreeUnless) against.push('figures-disagree');
  let score = cosine + weights.entityBonus * Math.min(evidence.sharedEntities.length, 2) + (evidence.sharedFigures.length ? weights.figureBonus : 0) + weights.rareBonus * Math.min(evidence.rareTerms.length, 2);
  let needed = weights.threshold;
  if (evidence.daysApart === null) needed += weights.undatedPenalty;
  if (!sharedKinds.length) needed += weights.noKindPenalty;
  score = Math.max(0, Math.min(1, score - (needed - weights.threshold)));
  if (score < weights.threshold) against.push('too-little-in-common');
  const rounded = Math.round(score * 1000) / 1000;
  if (against.length) return { same: false, score: rounded, reason: null, against };
  return {
    same: true,
    score: rounded,
    reason: {
      kinds: sharedKinds,
      entities: evidence.sharedEntities,
      names: [...nonCatalogueNames, ...sharedPlaces.map((place) => place.slice(place.indexOf(':') + 1)).filter((place) => !nonCatalogueNames.includes(place))],
      terms: evidence.sharedTerms,
      figures: evidence.sharedFigures,
      periods: evidence.sharedPeriods,
      daysApart: evidence.daysApart === null ? null : Math.round(evidence.daysApart * 10) / 10,
      windowDays,
      view,
    },
    against: [],
  };
}

/** Whether two stories report one event, and why. */
export function sameEvent(a: StoryText, b: StoryText, weights: EventWeights = EVENT_WEIGHTS): EventJudgement {
  return judgeEvidence(eventEvidence(eventProfile(a), eventProfile(b)), weights);
}

/** The earlier story a new one reports the same event as: the best joined match, with why; else null. */
export function matchingEvent<T extends { profile: EventProfile }>(story: EventProfile, earlier: readonly T[], weights: EventWeights = EVENT_WEIGHTS): { candidate: T; reason: JoinReason; score: number } | null {
  let best: { candidate: T; reason: JoinReason; score: number } | null = null;
  // The most the bonuses can add: below the threshold by more than that, nothing else can make a pair join.
  const maxBonus = 2 * weights.entityBonus + weights.figureBonus + 2 * weights.rareBonus;
  for (const candidate of earlier) {
    // Most earlier stories share too few words to join whatever else agrees: the cosine alone rules them out.
    if (eventCosine(story, candidate.profile, weights.stemmed, weights.views) + maxBonus < weights.threshold) continue;
    const judgement = judgeEvidence(eventEvidence(story, candidate.profile), weights);
    if (judgement.same && judgement.reason && (!best || judgement.score > best.score)) best = { candidate, reason: judgement.reason, score: judgement.score };
  }
  return best;
}

/** The days of earlier stories the ingest compares a new one against. */
export const EVENT_FEED_DAYS = 7;

/**
 * The share of unrelated story pairs the rule joins when their publication days fall uniformly over the
 * EVENT_FEED_DAYS the ingest compares (P(gap <= d) = 1 - (1 - d / 7)^2): within its kind's window a pair
 * is judged as dated half a day apart... up to the window, beyond it never joins. `evidence`: undated
 * evidence of the pairs that could join (the others count only in `total`).
 */
export function unrelatedEventJoinRate(evidence: readonly EventEvidence[], total: number, weights: EventWeights = EVENT_WEIGHTS): number {
  const within = (days: number) => 1 - (1 - Math.min(days, EVENT_FEED_DAYS) / EVENT_FEED_DAYS) ** 2;
  let rate = 0;
  for (const entry of evidence) {
    // Dated at 0 days apart, the pair's kind decides its window; its chance to fall within it is within(window).
    const judgement = judgeEvidence({ ...entry, daysApart: 0 }, weights);
    if (judgement.same && judgement.reason) rate += within(judgement.reason.windowDays);
  }
  return rate / total;
}
