/**
 * The entity catalogue: the curated seed list (data/topics/seed-entities.json, rules in data/topics/README.md)
 * compiled into a token trie the tagger walks. Pure: no I/O, runs in the browser too.
 *
 * Text is cut into word tokens (runs of letters, digits and combining marks); what lies between two tokens
 * is their separator. An alias matches a run of tokens when every token matches (see `tokenMatches`) and
 * every separator is compatible (`separatorKey`: spaces and hyphens are one class, so "Coca Cola" finds
 * "Coca-Cola"; "&", ".", "'" must be there as written, so "X.com" and "P&G" match only themselves).
 */

export const ENTITY_KINDS = ['platform', 'creator', 'brand', 'agency', 'regulator'] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

/** One entry of data/topics/seed-entities.json. */
export interface SeedEntity {
  id: string;
  name: string;
  kind: EntityKind;
  aliases: string[];
  india: boolean;
  /** Surface forms that are ordinary words or collide with other names: tagged only with context evidence. */
  ambiguousAliases?: string[];
}

export interface Token {
  text: string;
  /** Folded form: NFD, marks stripped, lowercase ("L’Oréal" -> "l", "oreal"). */
  key: string;
  start: number;
  end: number;
}

/** How one alias token must match a text token. */
interface AliasToken {
  key: string;
  /** Acronym tokens (2 to 5 capitals: ASCI, SEBI, RBI, WPP, SUGAR) match their capitals only. */
  exact: string | null;
}

export interface CompiledAlias {
  entity: SeedEntity;
  surface: string;
  tokens: AliasToken[];
  /** Separator keys between the alias's tokens, one fewer than tokens. */
  separators: string[];
  ambiguous: boolean;
}

interface TrieNode {
  next: Map<string, TrieNode>;
  aliases: CompiledAlias[];
}

export interface Catalogue {
  entities: ReadonlyMap<string, SeedEntity>;
  root: TrieNode;
  aliasCount: number;
}

const TOKEN = /[\p{L}\p{N}\p{M}]+/gu;

export const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();

export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const start = match.index ?? 0;
    tokens.push({ text: match[0], key: fold(match[0]), start, end: start + match[0].length });
  }
  return tokens;
}

/** Spaces and hyphens (and dashes) fold to nothing; curly apostrophes to straight; the rest is kept. */
export function separatorKey(separator: string): string {
  return separator.replace(/[\s\-‐‑–]+/gu, '').replace(/[’‘`]/gu, "'");
}

const isAcronym = (token: string) => /^[A-Z]{2,5}$/.test(token);

function compileAlias(entity: SeedEntity, surface: string, ambiguous: boolean): CompiledAlias | null {
  const tokens = tokenize(surface);
  if (!tokens.length) return null;
  const separators: string[] = [];
  for (let index = 1; index < tokens.length; index++) separators.push(separatorKey(surface.slice(tokens[index - 1]!.end, tokens[index]!.start)));
  return { entity, surface, ambiguous, separators, tokens: tokens.map((token) => ({ key: token.key, exact: isAcronym(token.text) ? token.text : null })) };
}

/** Builds the trie over every name and alias; the same surface form on two entities is an error. */
export function compileCatalogue(entries: readonly SeedEntity[]): Catalogue {
  const root: TrieNode = { next: new Map(), aliases: [] };
  const entities = new Map<string, SeedEntity>();
  const owners = new Map<string, string>();
  let aliasCount = 0;
  for (const entity of entries) {
    if (entities.has(entity.id)) throw new Error(`topics catalogue: duplicate id ${entity.id}`);
    entities.set(entity.id, entity);
    const ambiguous = new Set(entity.ambiguousAliases ?? []);
    for (const surface of new Set([entity.name, ...entity.aliases])) {
      const alias = compileAlias(entity, surface, ambiguous.has(surface));
      if (!alias) continue;
      const owner = owners.get(surface);
      if (owner && owner !== entity.id) throw new Error(`topics catalogue: "${surface}" is an alias of both ${owner} and ${entity.id}`);
      owners.set(surface, entity.id);
      let node = root;
      for (const token of alias.tokens) {
        let child = node.next.get(token.key);
        if (!child) node.next.set(token.key, (child = { next: new Map(), aliases: [] }));
        node = child;
      }
      node.aliases.push(alias);
      aliasCount++;
    }
  }
  return { entities, root, aliasCount };
}

/** An alias token against a text token: folded equality, and capitals for acronyms. */
function tokenMatches(aliasToken: AliasToken, token: Token): boolean {
  return aliasToken.key === token.key && (aliasToken.exact === null || aliasToken.exact === token.text);
}

export interface AliasMatch {
  alias: CompiledAlias;
  /** Token indices [first, last]. */
  first: number;
  last: number;
}

/**
 * Every alias that matches at token `first`, longest first. Ambiguous aliases must also match case as
 * written ("Meta", not "meta"; "boAt", not "boat"), since their case is most of what tells them apart.
 */
export function matchesAt(catalogue: Catalogue, text: string, tokens: readonly Token[], first: number): AliasMatch[] {
  const found: AliasMatch[] = [];
  let node: TrieNode | undefined = catalogue.root;
  for (let index = first; index < tokens.length && node; index++) {
    const token = tokens[index]!;
    node = node.next.get(token.key);
    if (!node) break;
    for (const alias of node.aliases) {
      const length = index - first;
      let ok = alias.tokens.every((aliasToken, offset) => tokenMatches(aliasToken, tokens[first + offset]!));
      for (let offset = 0; ok && offset < length; offset++) {
        ok = separatorKey(text.slice(tokens[first + offset]!.end, tokens[first + offset + 1]!.start)) === alias.separators[offset];
      }
      if (ok && alias.ambiguous) ok = text.slice(tokens[first]!.start, token.end).replace(/[\s\-‐‑–]+/gu, ' ') === alias.surface.replace(/[\s\-‐‑–]+/gu, ' ');
      if (ok) found.push({ alias, first, last: index });
    }
  }
  return found.sort((a, b) => b.last - a.last);
}
