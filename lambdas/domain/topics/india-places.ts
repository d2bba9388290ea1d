import places from '../../../data/topics/india-places.json' with { type: 'json' };
import { INDIAN_CITY_NAMES } from './india-cities.ts';
import { separatorKey, tokenize, type Token } from './catalogue.ts';

/**
 * An India cue found in a text: a place, a term (Sensex, Diwali, PM Modi), a language, a public figure, an
 * amount in rupees, or an Indian entity; a `hint` (a surname common in India, "Govt") only leans Indian and
 * is found by `indiaHints` alone, never among `indiaCues`.
 */
export interface IndiaCue {
  kind: 'place' | 'demonym' | 'term' | 'language' | 'person' | 'money' | 'entity' | 'hint';
  text: string;
  start: number;
  end: number;
  /** The catalogue id, for `entity` cues. */
  id?: string;
}

interface Phrase {
  kind: IndiaCue['kind'];
  tokens: Array<{ key: string; exact: string | null }>;
  separators: string[];
}

function compilePhrase(kind: IndiaCue['kind'], surface: string): Phrase {
  const tokens = tokenize(surface);
  const separators = tokens.slice(1).map((token, index) => separatorKey(surface.slice(tokens[index]!.end, token.start)));
  // All-capital forms (NCR, UPI, BSE, TMC) match their capitals only; the rest ignore case.
  return { kind, separators, tokens: tokens.map((token) => ({ key: token.key, exact: /^[A-Z]{2,6}$/.test(token.text) ? token.text : null })) };
}

type PhraseIndex = Map<string, Phrase[]>;
const addPhrases = (index: PhraseIndex, kind: IndiaCue['kind'], list: readonly string[]) => {
  for (const surface of list) {
    const phrase = compilePhrase(kind, surface);
    const head = phrase.tokens[0]?.key;
    if (!head) continue;
    const bucket = index.get(head) ?? [];
    bucket.push(phrase);
    bucket.sort((a, b) => b.tokens.length - a.tokens.length);
    index.set(head, bucket);
  }
};
const PHRASES: PhraseIndex = new Map();
addPhrases(PHRASES, 'place', [...places.states, ...places.regions, ...INDIAN_CITY_NAMES]);
addPhrases(PHRASES, 'demonym', places.demonyms);
addPhrases(PHRASES, 'term', places.terms);
addPhrases(PHRASES, 'language', places.languages);
addPhrases(PHRASES, 'person', places.people);
const HINTS: PhraseIndex = new Map();
addPhrases(HINTS, 'hint', places.hints);

const ADDRESS_SECTIONS = new Set(places.addressSections);

/**
 * Where an article's address says India: a host under .in ("socialketchup.in", "vogue.in") or an India
 * section in its path ("/india/", "/india-news/", "/city/"), as ".in" or "/section/"; null otherwise or for
 * no valid address.
 */
export function indianAddress(url: string | null | undefined): string | null {
  if (!url || !URL.canParse(url)) return null;
  const { hostname, pathname } = new URL(url);
  if (hostname.toLowerCase().endsWith('.in')) return '.in';
  const section = pathname.toLowerCase().split('/').slice(1, -1).find((part) => ADDRESS_SECTIONS.has(part));
  return section ? `/${section}/` : null;
}

const UNITS = '(?:crores?|cr|lakhs?|lacs?|bn|billion|mn|million|k|thousand)';
/** Rupee amounts: "₹4 Cr", "Rs 3,726 cr", "Rs. 500", "INR 420 Cr", "Rs 5,421-Crore", "290 crore", "1.1 lakh", Indian grouping "1,61,150", "rupee". */
const MONEY = [
  new RegExp(`₹\\s?\\d[\\d,]*(?:\\.\\d+)?(?:\\s?-?\\s?${UNITS}\\b)?`, 'giu'),
  new RegExp(`\\b(?:Rs\\.?|INR)\\s?\\d[\\d,]*(?:\\.\\d+)?(?:\\s?-?\\s?${UNITS}\\b)?`, 'giu'),
  /\b\d[\d,]*(?:\.\d+)?\s?-?\s?(?:crores?|cr|lakhs?|lacs?)\b/giu,
  /\b\d{1,2}(?:,\d{2})+,\d{3}\b/gu,
  /\brupees?\b/giu,
];

/** Places, demonyms, terms, languages, public figures and rupee amounts (not catalogue entities), in text order, without overlaps. */
export function plainIndiaCues(text: string, tokens: readonly Token[] = tokenize(text)): IndiaCue[] {
  const found: IndiaCue[] = [];
  for (const pattern of MONEY) {
    for (const match of text.matchAll(pattern)) {
      const start = match.index ?? 0;
      found.push({ kind: 'money', text: match[0], start, end: start + match[0].length });
    }
  }
  for (const token of tokens) {
    // "IndiaAI", "IndiaMART": India glued to a capitalised word (not "Indiana").
    if (/^India(?=\p{Lu})/u.test(token.text)) found.push({ kind: 'demonym', text: token.text, start: token.start, end: token.end });
  }
  return withoutOverlaps([...found, ...phrasesIn(PHRASES, text, tokens)]);
}

/** Words that lean Indian but appear elsewhere too (surnames common in India, "Govt", "tier 2"): weak evidence, for the classifier's India score. */
export function indiaHints(text: string, tokens: readonly Token[] = tokenize(text)): IndiaCue[] {
  return phrasesIn(HINTS, text, tokens);
}

/** The index's phrases in the text, longest at each token first, without overlaps. */
function phrasesIn(phrases: PhraseIndex, text: string, tokens: readonly Token[]): IndiaCue[] {
  const found: IndiaCue[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index]!;
    for (const phrase of phrases.get(token.key) ?? []) {
      const last = index + phrase.tokens.length - 1;
      if (last >= tokens.length) continue;
      const ok = phrase.tokens.every((want, offset) => {
        const got = tokens[index + offset]!;
        if (got.key !== want.key || (want.exact !== null && want.exact !== got.text)) return false;
        return offset === 0 || separatorKey(text.slice(tokens[index + offset - 1]!.end, got.start)) === phrase.separators[offset - 1];
      });
      if (!ok) continue;
      found.push({ kind: phrase.kind, text: text.slice(token.start, tokens[last]!.end), start: token.start, end: tokens[last]!.end });
      index = last;
      break;
    }
  }
  return withoutOverlaps(found);
}

/** Earliest first; on overlap the longer cue stays. */
export function withoutOverlaps(cues: IndiaCue[]): IndiaCue[] {
  const sorted = [...cues].sort((a, b) => a.start - b.start || b.end - b.start - (a.end - a.start));
  const kept: IndiaCue[] = [];
  for (const cue of sorted) {
    const previous = kept[kept.length - 1];
    if (previous && cue.start < previous.end) {
      if (cue.end - cue.start > previous.end - previous.start) kept[kept.length - 1] = cue;
      continue;
    }
    kept.push(cue);
  }
  return kept;
}
