/**
 * Topics: which platforms, creators, brands, agencies and regulators a headline names (`tagEntities`), and
 * what in it points to India (`indiaCues`). What it does and how well: docs/topics.md; the data:
 * data/topics/README.md.
 */
import seed from '../../../data/topics/seed-entities.json' with { type: 'json' };
import { compileCatalogue, type Catalogue, type SeedEntity } from './catalogue.ts';
import { plainIndiaCues, withoutOverlaps, type IndiaCue } from './india-places.ts';
import { tagEntities as tagWith, type EntityMention } from './tagger.ts';

export { compileCatalogue, ENTITY_KINDS, type Catalogue, type EntityKind, type SeedEntity } from './catalogue.ts';
export type { EntityMention } from './tagger.ts';
export { indiaHints, indianAddress, plainIndiaCues, type IndiaCue } from './india-places.ts';
export { INDIAN_CITIES } from './india-cities.ts';

/** The seed list, compiled once. */
export const SEED_CATALOGUE: Catalogue = compileCatalogue(seed as SeedEntity[]);

const hasPlainCue = (text: string) => plainIndiaCues(text).length > 0;

/** The entities `text` names (rules: tagger.ts and docs/topics.md); an India cue counts as evidence where a rule says so. */
export function tagEntities(text: string, catalogue: Catalogue = SEED_CATALOGUE): EntityMention[] {
  return tagWith(text, catalogue, hasPlainCue);
}

/** India cues in `text`: Indian entities of the catalogue (its `india` flag), places, terms and rupee amounts. */
export function indiaCues(text: string, catalogue: Catalogue = SEED_CATALOGUE): IndiaCue[] {
  const entities: IndiaCue[] = tagEntities(text, catalogue)
    .filter((mention) => catalogue.entities.get(mention.id)?.india)
    .map((mention) => ({ kind: 'entity', id: mention.id, text: mention.text, start: mention.start, end: mention.end }));
  return withoutOverlaps([...entities, ...plainIndiaCues(text)]);
}
