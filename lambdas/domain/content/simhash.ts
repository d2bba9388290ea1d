import { createHash } from 'node:crypto';
import { words } from '../common/text.ts';

/**
 * Which items are the same event is story clustering's call now (story-cluster.ts: 1 of 137 real
 * same-event pairs fell within this distance). The SimHash is still stored with each fingerprint record.
 *
 * Near-duplicate fingerprint: 64-bit SimHash over the words of title and summary. SimHash rather than
 * MinHash because one 64-bit value per article is enough (MinHash keeps ~100 values), and comparing
 * two is a Hamming distance. Measured on the fixture feeds: the same story from two publishers is 5-8
 * bits apart, different stories on the same subject 21-37 bits apart; 10 sits in that gap.
 * Candidates are the fingerprints of the last days (same stories travel within days), loaded once per
 * feed batch and compared in memory.
 */
export const NEAR_DUPLICATE_DISTANCE = 10;
/** How far back a new item is compared with earlier stories. */
export const NEAR_DUPLICATE_WINDOW_DAYS = 7;

/** Distinct words of the text: headlines and summaries are short, so single words vote more stably than shingles. */
function shingles(text: string): string[] {
  return [...new Set(words(text))];
}

/** 64-bit SimHash as 16 hex digits. */
export function simhash(text: string): string {
  const weights = new Array<number>(64).fill(0);
  for (const shingle of shingles(text)) {
    const digest = createHash('md5').update(shingle).digest();
    for (let bit = 0; bit < 64; bit += 1) {
      const byte = digest[bit >> 3] as number;
      weights[bit] = (weights[bit] as number) + ((byte >> (bit & 7)) & 1 ? 1 : -1);
    }
  }
  let hex = '';
  for (let nibble = 0; nibble < 16; nibble += 1) {
    let value = 0;
    for (let bit = 0; bit < 4; bit += 1) if ((weights[nibble * 4 + bit] as number) > 0) value |= 1 << bit;
    hex += value.toString(16);
  }
  return hex;
}

export function hammingDistance(a: string, b: string): number {
  let distance = 0;
  for (let index = 0; index < a.length; index += 1) {
    let diff = parseInt(a[index] as string, 16) ^ parseInt(b[index] as string, 16);
    while (diff) {
      distance += diff & 1;
      diff >>= 1;
    }
  }
  return distance;
}
