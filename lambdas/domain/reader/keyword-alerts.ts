/**
 * Keyword alerts (docs/topics.md "Follows"): how a keyword is written, named in a path and matched in a story's
 * headline and summary, with the topics tokeniser (domain/topics/catalogue.ts) so that both match alike.
 */
import { fold, separatorKey, tokenize } from '../topics/catalogue.ts';

export const KEYWORD_MIN_CHARS = 2;
export const KEYWORD_MAX_CHARS = 40;
const KEYWORD_CHARACTERS = /^[\p{L}\p{N} &.\-']+$/u;

/**
 * A keyword alert as stored and compared: curly apostrophes made straight, trimmed, case and accents folded
 * (the topics tokeniser's `fold`, so "L’Oréal" and "l'oreal" are one alert), runs of spaces made one.
 */
export function normaliseKeyword(text: string): string {
  return fold(text.replace(/[’‘`]/gu, "'"))
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Why a typed keyword cannot be an alert, in words for the reader, or null when it can (after normalising). */
export function keywordProblem(keyword: string): string | null {
  if (keyword.length < KEYWORD_MIN_CHARS) return `A keyword needs at least ${KEYWORD_MIN_CHARS} characters`;
  if (keyword.length > KEYWORD_MAX_CHARS) return `A keyword can have at most ${KEYWORD_MAX_CHARS} characters`;
  if (!KEYWORD_CHARACTERS.test(keyword)) return 'A keyword can have only letters, digits, spaces and & . - \'';
  if (!tokenize(keyword).length) return 'A keyword needs at least one letter or digit';
  return null;
}

/**
 * A keyword in a path: its normalised text as base64url, so "P&G", "x.com" or "brand safety" never meet a
 * URL's own meaning of &, . or spaces (a gateway or a proxy decoding a path twice).
 */
export const keywordId = (keyword: string): string => {
  const bytes = new TextEncoder().encode(keyword);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** The keyword a path's id names, or null when it is not one keywordId made. */
export function keywordOfId(id: string): string | null {
  // 40 characters of up to 4 UTF-8 bytes each, as base64url: at most 214 characters.
  if (!/^[A-Za-z0-9_-]{1,216}$/.test(id)) return null;
  try {
    const binary = atob(id.replace(/-/g, '+').replace(/_/g, '/'));
    const keyword = new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
    return keywordId(keyword) === id && normaliseKeyword(keyword) === keyword && !keywordProblem(keyword) ? keyword : null;
  } catch {
    return null;
  }
}

/** A keyword as the matcher walks it: its folded tokens and the separators between them. */
interface KeywordPattern {
  keyword: string;
  keys: string[];
  separators: string[];
}

function patternOf(keyword: string): KeywordPattern {
  const tokens = tokenize(keyword);
  return {
    keyword,
    keys: tokens.map((token) => token.key),
    separators: tokens.slice(1).map((token, index) => separatorKey(keyword.slice(tokens[index]!.end, token.start))),
  };
}

/**
 * The keywords a story's text names, each once, in the order given. Matched as the topics are (docs/topics.md
 * "Rules"): whole tokens only ("SEBI" is not in "SEBIs", "ad" is not in "ads"), compared folded (any case, any
 * accents), spaces and hyphens one separator class ("brand safety" finds "brand-safety"), while &, . and
 * apostrophes must be there as written ("p&g", "x.com").
 */
export function matchingKeywords(text: string, keywords: readonly string[]): string[] {
  const tokens = tokenize(text);
  const separators = tokens.slice(1).map((token, index) => separatorKey(text.slice(tokens[index]!.end, token.start)));
  const at = new Map<string, number[]>();
  tokens.forEach((token, index) => at.set(token.key, [...(at.get(token.key) ?? []), index]));
  const found: string[] = [];
  for (const keyword of new Set(keywords)) {
    const pattern = patternOf(keyword);
    const starts = pattern.keys.length ? (at.get(pattern.keys[0]!) ?? []) : [];
    const matches = starts.some((start) =>
      pattern.keys.every((key, offset) => tokens[start + offset]?.key === key && (offset === 0 || separators[start + offset - 1] === pattern.separators[offset - 1])),
    );
    if (matches) found.push(keyword);
  }
  return found;
}
