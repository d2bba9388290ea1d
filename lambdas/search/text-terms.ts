/** How text becomes the index's terms, and how far a typed word may be from a term and still match it. */

/**
 * Words of a text: letters, their marks and digits (any script), lower-cased, Latin accents removed, as
 * readers type them without accents. Only the combining accents go: in Devanagari and other Indic
 * scripts the vowel signs are marks too, and a word without them is another word.
 */
export function textTerms(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((term) => term.length > 0);
}

/** Edits between two words (insert, delete, change, swap of neighbours), or `max + 1` once past `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) return max + 1;
    beforePrevious = previous;
    previous = current;
  }
  return Math.min(previous[b.length] as number, max + 1);
}

/** Edits a word may be away from what was typed and still count as a typo of it. */
export function typoAllowance(word: string): number {
  return word.length >= 7 ? 2 : word.length >= 4 ? 1 : 0;
}
