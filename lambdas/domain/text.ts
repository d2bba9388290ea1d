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

export function wordCount(text: string): number {
  return words(text).length;
}
