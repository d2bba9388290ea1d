/** Words of a text for matching and models: lower case, accents folded, numbers kept, short stop words dropped. */
const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or that the their this to was were will with what who how why new more'.split(' '),
);

export function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}₹]+/gu, ' ')
    .split(' ')
    .filter((word) => word.length > 1 || word === '₹');
}

/** Model features: words minus stop words, plus adjacent pairs ("brand deals", "creator economy"). */
export function features(text: string): string[] {
  const kept = words(text).filter((word) => !STOP_WORDS.has(word));
  const pairs = kept.slice(1).map((word, index) => `${kept[index]}_${word}`);
  return [...kept, ...pairs];
}

/**
 * Text a person typed, as other people will see it: lone surrogates replaced, control characters and
 * invisible direction or spacing marks (bidi overrides and isolates, zero-width space, BOM, word joiner)
 * removed, so a name cannot spoof another or hide text. ZWJ and ZWNJ stay: Indic scripts and emoji need them.
 * Line breaks stay only in multi-line text.
 */
export function visibleText(text: string, { multiline = false } = {}): string {
  const wellFormed = text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
  const withoutInvisible = wellFormed.replace(/[\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g, '');
  const lines = withoutInvisible.replace(/\r\n?/g, '\n').replace(/\t/g, ' ');
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return (multiline ? lines.replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F]/g, '') : lines.replace(/[\u0000-\u001F\u007F-\u009F]/g, ' ')).trim();
}

/** A one-line field (a subject, a donor's name) as people will see it: visibleText, any run of spaces or breaks one space. */
export const singleLine = (text: string): string => visibleText(text).replace(/\s+/g, ' ');
