/**
 * India in a story's text and address, and the keyword matches stored with it: the classifier's reading of the
 * topics' one India list. Apart from keywords.ts because it reads the entity catalogue (bundled with it): the
 * model's features need only the keyword lists, and the functions that load a model without classifying (the
 * review queue, the reader API) stay without the catalogue (test/unit/lambda-bundles.test.ts).
 */
import { indiaBadge, INDIA_RELEVANT_AT } from '../content/badges.ts';
import { fold } from '../topics/catalogue.ts';
import { indiaCues, indiaHints, indianAddress, INDIAN_CITIES, type IndiaCue } from '../topics/index.ts';
import { matchesOf, PRIMARY_KEYWORDS, SECONDARY_KEYWORDS, type KeywordMatches } from './keywords.ts';

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
