/**
 * The articles' full-text index (behind search/article-index.ts): an inverted index kept in typed arrays,
 * scored as the MiniSearch index it replaced scored (BM25+ per field, k 1.2, b 0.7, d 0.5, each field's
 * score times its boost; prefix and typo expansions weighted by their distance), so rankings did not move.
 *
 * Why not a library: measured with `npm run bench -- search` at 50,000 articles, MiniSearch answered new
 * queries at p95 136 ms and SQLite FTS5 (node:sqlite) took 44-97 ms to rank one common word with bm25()
 * (and 200-400 ms with detail=column or none); both spend that on the common words ("creator", "brand")
 * that readers of this site type most. Here a posting is a slot and five small counts in flat arrays and a
 * query is one pass over each word's postings into a score array, so a word in 30,000 articles costs about
 * a millisecond, and the arrays are what a snapshot stores.
 *
 * Matching, as before: every word must match; the last word also as a prefix (typing); a word no article
 * contains is a typo, matched within one edit (4-6 letters) or two (7+), a swap of neighbours being one edit.
 */
import { BOOSTS, FIELD_COUNT, FIELDS, Postings, type TextFields } from './postings.ts';
import { editDistance, textTerms, typoAllowance } from './text-terms.ts';

// BM25+ as MiniSearch computes it.
const K1 = 1.2;
const B = 0.7;
const D = 0.5;
/** Expansions count for less than the word as typed (MiniSearch's defaults, which the ranking was tuned with). */
const PREFIX_WEIGHT = 0.375;
const TYPO_WEIGHT = 0.45;
/** At most this many corrections of one misspelt word (the closest and most common). */
const MAX_TYPO_TERMS = 8;
const MAX_QUERY_WORDS = 32;
/**
 * Slots and scores share one float64 for sorting: scores to a ten-thousandth (a 32-word query scores well
 * under 2^23 such units) times 2^24 slots stays below 2^53, exact.
 */
const SCORE_UNITS = 10_000;
const SLOT_SPAN = 2 ** 24;
/** Removed articles leave dead postings behind; past this share of the slots they are swept out. */
const DEAD_SHARE_BEFORE_COMPACTION = 0.25;

interface Expansion {
  postings: Postings;
  weight: number;
}

export class TextIndex {
  private readonly postings = new Map<string, Postings>();
  /** Every term, sorted, for prefix lookups; new terms wait in `unsortedTerms` until the next query. */
  private sortedTerms: string[] = [];
  private unsortedTerms: string[] = [];
  /** Terms by first letter, for typo lookups. */
  private readonly termsByInitial = new Map<string, string[]>();
  /** Slot -> article id (undefined once removed); slots are never reused until a compaction. */
  private idOfSlot: Array<string | undefined> = [];
  private readonly slotOfId = new Map<string, number>();
  /** FIELD_COUNT lengths (words) per slot. */
  private fieldLengths = new Float32Array(1024 * FIELD_COUNT);
  /** 1 while the slot's article is in the index. */
  private alive = new Uint8Array(1024);
  private liveCount = 0;
  private readonly totalFieldLengths = new Float64Array(FIELD_COUNT);
  /** BM25's length part per slot and field, for the averages of `normsVersion`; rebuilt after changes. */
  private norms = new Float32Array(0);
  private version = 0;
  private normsVersion = -1;

  get size(): number {
    return this.liveCount;
  }

  /** Adds an article's text, replacing what the index held for it. */
  add(id: string, fields: TextFields): void {
    this.remove(id);
    if (this.idOfSlot.length >= SLOT_SPAN) this.compact();
    const counts = new Map<string, number[]>();
    const slot = this.idOfSlot.length;
    if (slot >= this.alive.length) this.grow(slot + 1);
    FIELDS.forEach((field, fieldIndex) => {
      const terms = textTerms(fields[field]);
      for (const term of terms) {
        let perField = counts.get(term);
        if (!perField) {
          perField = new Array<number>(FIELD_COUNT).fill(0);
          counts.set(term, perField);
        }
        perField[fieldIndex] = (perField[fieldIndex] as number) + 1;
      }
      this.fieldLengths[slot * FIELD_COUNT + fieldIndex] = terms.length;
      this.totalFieldLengths[fieldIndex] = (this.totalFieldLengths[fieldIndex] as number) + terms.length;
    });
    this.idOfSlot.push(id);
    this.slotOfId.set(id, slot);
    this.alive[slot] = 1;
    this.liveCount += 1;
    this.version += 1;
    for (const [term, perField] of counts) {
      let postings = this.postings.get(term);
      if (!postings) {
        postings = new Postings();
        this.postings.set(term, postings);
        this.unsortedTerms.push(term);
        this.addToInitials(term);
      }
      postings.push(slot, perField);
    }
  }

  remove(id: string): void {
    const slot = this.slotOfId.get(id);
    if (slot === undefined) return;
    this.slotOfId.delete(id);
    this.idOfSlot[slot] = undefined;
    this.alive[slot] = 0;
    this.liveCount -= 1;
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      this.totalFieldLengths[field] = (this.totalFieldLengths[field] as number) - (this.fieldLengths[slot * FIELD_COUNT + field] as number);
    }
    this.version += 1;
    const dead = this.idOfSlot.length - this.liveCount;
    if (dead > 1_000 && dead > this.idOfSlot.length * DEAD_SHARE_BEFORE_COMPACTION) this.compact();
  }

  /** Ids of the articles holding every word of the text, best first. */
  search(text: string): string[] {
    const typed = textTerms(text);
    // A query of more words than this is no search a reader types (and `matched` counts in bytes).
    const words = [...new Set(typed)].slice(0, MAX_QUERY_WORDS);
    if (words.length === 0 || this.liveCount === 0) return [];
    this.sortPendingTerms();
    const lastWord = typed.at(-1) as string;
    const perWord = words.map((word) => this.expansions(word, word === lastWord));
    if (perWord.some((expansions) => expansions.length === 0)) return [];
    // Rarest word first: the first word's articles are the candidates, the others only narrow them.
    const postingCount = (expansions: Expansion[]) => expansions.reduce((sum, { postings }) => sum + postings.length, 0);
    perWord.sort((a, b) => postingCount(a) - postingCount(b));

    const slots = this.idOfSlot.length;
    const norms = this.currentNorms();
    const scores = new Float32Array(slots);
    // How many words each slot has matched so far (a slot that missed one stays behind for good).
    const matched = new Uint8Array(slots);
    const candidates = new Int32Array(postingCount(perWord[0] as Expansion[]));
    let candidateCount = 0;
    const fieldFactors = new Float64Array(FIELD_COUNT);
    perWord.forEach((expansions, wordIndex) => {
      for (const { postings, weight } of expansions) {
        for (let field = 0; field < FIELD_COUNT; field += 1) {
          const docs = postings.fieldDocs[field] as number;
          fieldFactors[field] = weight * (BOOSTS[field] as number) * Math.log(1 + (this.liveCount - docs + 0.5) / (docs + 0.5));
        }
        const { slots: postingSlots, counts } = postings;
        for (let n = 0; n < postings.length; n += 1) {
          const slot = postingSlots[n] as number;
          const seen = matched[slot] as number;
          if ((seen !== wordIndex && seen !== wordIndex + 1) || this.alive[slot] === 0) continue;
          if (seen === wordIndex) {
            matched[slot] = wordIndex + 1;
            if (wordIndex === 0) candidates[candidateCount++] = slot;
          }
          let score = 0;
          for (let field = 0; field < FIELD_COUNT; field += 1) {
            const count = counts[n * FIELD_COUNT + field] as number;
            if (count === 0) continue;
            score += (fieldFactors[field] as number) * (D + (count * (K1 + 1)) / (count + (norms[slot * FIELD_COUNT + field] as number)));
          }
          scores[slot] = (scores[slot] as number) + score;
        }
      }
    });
    // Best first by sorting numbers, not objects: the score and the slot in one float64,
    // so equal scores put the later slot (the more recently indexed article) first and pages are stable.
    const keys = new Float64Array(candidateCount);
    let found = 0;
    for (let n = 0; n < candidateCount; n += 1) {
      const slot = candidates[n] as number;
      if (matched[slot] === perWord.length) keys[found++] = Math.round((scores[slot] as number) * SCORE_UNITS) * SLOT_SPAN + slot;
    }
    const ranked = keys.subarray(0, found).sort().reverse();
    const ids = new Array<string>(found);
    for (let n = 0; n < found; n += 1) ids[n] = this.idOfSlot[(ranked[n] as number) % SLOT_SPAN] as string;
    return ids;
  }

  /** BM25's length part, k * (1 - b + b * length / average), per slot and field, for the index as it is now. */
  private currentNorms(): Float32Array {
    if (this.normsVersion === this.version) return this.norms;
    const slots = this.idOfSlot.length;
    if (this.norms.length < slots * FIELD_COUNT) this.norms = new Float32Array(Math.max(slots * FIELD_COUNT, this.norms.length * 2));
    const averages = [...this.totalFieldLengths].map((total) => Math.max(total / Math.max(1, this.liveCount), 1e-9));
    for (let slot = 0; slot < slots; slot += 1) {
      for (let field = 0; field < FIELD_COUNT; field += 1) {
        const at = slot * FIELD_COUNT + field;
        this.norms[at] = K1 * (1 - B + (B * (this.fieldLengths[at] as number)) / (averages[field] as number));
      }
    }
    this.normsVersion = this.version;
    return this.norms;
  }

  /** The postings a typed word stands for: itself, the words it starts (the last word), or its corrections. */
  private expansions(word: string, isLast: boolean): Expansion[] {
    const exact = this.postings.get(word);
    const found: Expansion[] = exact ? [{ postings: exact, weight: 1 }] : [];
    if (isLast) {
      for (let n = lowerBound(this.sortedTerms, word); n < this.sortedTerms.length; n += 1) {
        const term = this.sortedTerms[n] as string;
        if (!term.startsWith(word)) break;
        if (term === word) continue;
        const distance = term.length - word.length;
        found.push({ postings: this.postings.get(term) as Postings, weight: (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * distance) });
      }
    }
    if (exact) return found;
    const allowance = typoAllowance(word);
    if (allowance === 0) return found;
    const corrections: Array<{ term: string; distance: number; postings: Postings }> = [];
    // A typo rarely hits the first letter; a swap of the first two is the one case looked up too.
    const initials = new Set([word[0] as string, word[1] as string]);
    for (const initial of initials) {
      for (const term of this.termsByInitial.get(initial) ?? []) {
        if (initial !== word[0] && term[1] !== word[0]) continue;
        const distance = editDistance(word, term, allowance);
        if (distance <= allowance) corrections.push({ term, distance, postings: this.postings.get(term) as Postings });
      }
    }
    corrections.sort((a, b) => a.distance - b.distance || b.postings.length - a.postings.length);
    for (const { term, distance, postings } of corrections.slice(0, MAX_TYPO_TERMS)) {
      found.push({ postings, weight: (TYPO_WEIGHT * term.length) / (term.length + distance) });
    }
    return found;
  }

  private addToInitials(term: string): void {
    const initial = term[0] as string;
    const bucket = this.termsByInitial.get(initial);
    if (bucket) bucket.push(term);
    else this.termsByInitial.set(initial, [term]);
  }

  private grow(slots: number): void {
    const capacity = Math.max(slots, this.alive.length * 2);
    const alive = new Uint8Array(capacity);
    alive.set(this.alive);
    this.alive = alive;
    const lengths = new Float32Array(capacity * FIELD_COUNT);
    lengths.set(this.fieldLengths);
    this.fieldLengths = lengths;
  }

  private sortPendingTerms(): void {
    if (this.unsortedTerms.length === 0) return;
    if (this.unsortedTerms.length > 500) {
      this.sortedTerms = [...this.sortedTerms, ...this.unsortedTerms].sort();
    } else {
      for (const term of this.unsortedTerms) this.sortedTerms.splice(lowerBound(this.sortedTerms, term), 0, term);
    }
    this.unsortedTerms = [];
  }

  /** The index as flat arrays (removed articles swept out first). */
  exportState(): TextIndexState {
    if (this.liveCount < this.idOfSlot.length) this.compact();
    this.sortPendingTerms();
    const terms = this.sortedTerms;
    const offsets = new Uint32Array(terms.length + 1);
    const fieldDocs = new Int32Array(terms.length * FIELD_COUNT);
    let total = 0;
    terms.forEach((term, n) => {
      offsets[n] = total;
      const postings = this.postings.get(term) as Postings;
      fieldDocs.set(postings.fieldDocs, n * FIELD_COUNT);
      total += postings.length;
    });
    offsets[terms.length] = total;
    const slots = new Int32Array(total);
    const counts = new Uint8Array(total * FIELD_COUNT);
    terms.forEach((term, n) => {
      const postings = this.postings.get(term) as Postings;
      const start = offsets[n] as number;
      slots.set(postings.slots.subarray(0, postings.length), start);
      counts.set(postings.counts.subarray(0, postings.length * FIELD_COUNT), start * FIELD_COUNT);
    });
    const ids = this.idOfSlot as string[];
    return { ids, fieldLengths: this.fieldLengths.slice(0, ids.length * FIELD_COUNT), terms: [...terms], offsets, fieldDocs, slots, counts };
  }

  /** An index from exported arrays: each term's postings are views of them until the term grows. */
  static fromState(state: TextIndexState): TextIndex {
    const index = new TextIndex();
    index.idOfSlot = [...state.ids];
    state.ids.forEach((id, slot) => index.slotOfId.set(id, slot));
    index.grow(state.ids.length);
    index.fieldLengths.set(state.fieldLengths);
    index.alive.fill(1, 0, state.ids.length);
    index.liveCount = state.ids.length;
    for (let at = 0; at < state.fieldLengths.length; at += 1) {
      const field = at % FIELD_COUNT;
      index.totalFieldLengths[field] = (index.totalFieldLengths[field] as number) + (state.fieldLengths[at] as number);
    }
    index.sortedTerms = [...state.terms];
    state.terms.forEach((term, n) => {
      const start = state.offsets[n] as number;
      const end = state.offsets[n + 1] as number;
      const postings = new Postings(state.fieldDocs.slice(n * FIELD_COUNT, (n + 1) * FIELD_COUNT));
      postings.slots = state.slots.subarray(start, end);
      postings.counts = state.counts.subarray(start * FIELD_COUNT, end * FIELD_COUNT);
      postings.length = end - start;
      index.postings.set(term, postings);
      index.addToInitials(term);
    });
    return index;
  }

  /** Sweeps removed articles out of the postings and renumbers the slots. */
  private compact(): void {
    const newSlot = new Int32Array(this.idOfSlot.length).fill(-1);
    const ids: string[] = [];
    const fieldLengths = new Float32Array(Math.max(1024, this.liveCount) * FIELD_COUNT);
    this.idOfSlot.forEach((id, slot) => {
      if (id === undefined) return;
      newSlot[slot] = ids.length;
      fieldLengths.set(this.fieldLengths.subarray(slot * FIELD_COUNT, (slot + 1) * FIELD_COUNT), ids.length * FIELD_COUNT);
      this.slotOfId.set(id, ids.length);
      ids.push(id);
    });
    for (const postings of this.postings.values()) {
      let kept = 0;
      postings.fieldDocs.fill(0);
      for (let n = 0; n < postings.length; n += 1) {
        const slot = newSlot[postings.slots[n] as number] as number;
        if (slot < 0) continue;
        postings.slots[kept] = slot;
        for (let field = 0; field < FIELD_COUNT; field += 1) {
          const count = postings.counts[n * FIELD_COUNT + field] as number;
          postings.counts[kept * FIELD_COUNT + field] = count;
          if (count > 0) postings.fieldDocs[field] = (postings.fieldDocs[field] as number) + 1;
        }
        kept += 1;
      }
      postings.length = kept;
    }
    // A term left with no postings is kept: it still tells a real word from a typo.
    this.idOfSlot = ids;
    this.fieldLengths = fieldLengths;
    this.alive = new Uint8Array(fieldLengths.length / FIELD_COUNT);
    this.alive.fill(1, 0, ids.length);
    this.version += 1;
  }
}

/** The first position in a sorted list whose value is not below `value`. */
function lowerBound(sorted: readonly string[], value: string): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] as string) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The index as flat arrays, for a snapshot: postings of `terms[n]` are `slots[offsets[n]..offsets[n+1]]`, FIELD_COUNT counts each. */
export interface TextIndexState {
  ids: string[];
  /** FIELD_COUNT per id. */
  fieldLengths: Float32Array<ArrayBufferLike>;
  /** Sorted. */
  terms: string[];
  offsets: Uint32Array<ArrayBufferLike>;
  /** FIELD_COUNT per term: in how many articles each field holds it. */
  fieldDocs: Int32Array<ArrayBufferLike>;
  slots: Int32Array<ArrayBufferLike>;
  counts: Uint8Array<ArrayBufferLike>;
}
