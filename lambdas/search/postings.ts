/** The index's fields and their boosts, and one term's postings in flat typed arrays (what a snapshot stores). */

/** Field boosts: a word in the title says more than one in the body. */
export const FIELD_BOOSTS = { title: 3, tags: 2, summary: 1.5, sourceName: 1.5, content: 1 } as const;

export type TextFields = Record<keyof typeof FIELD_BOOSTS, string>;

export const FIELDS = Object.keys(FIELD_BOOSTS) as Array<keyof typeof FIELD_BOOSTS>;
export const FIELD_COUNT = FIELDS.length;
export const BOOSTS = FIELDS.map((field) => FIELD_BOOSTS[field]);

/** A word's count in one field is kept in a byte: 255 and more count as 255. */
const MAX_COUNT = 255;

/** One term's postings: the slots of the articles that hold it, its count in each of their fields, and in how many articles each field holds it. */
export class Postings {
  slots: Int32Array<ArrayBufferLike> = new Int32Array(4);
  /** FIELD_COUNT counts per posting. */
  counts: Uint8Array<ArrayBufferLike> = new Uint8Array(4 * FIELD_COUNT);
  length = 0;
  readonly fieldDocs: Int32Array<ArrayBufferLike> = new Int32Array(FIELD_COUNT);

  constructor(fieldDocs?: Int32Array<ArrayBufferLike>) {
    if (fieldDocs) this.fieldDocs = fieldDocs;
  }

  push(slot: number, counts: readonly number[]): void {
    // A full array (or a view into a snapshot's arrays, which is always full) moves to a larger one of its own.
    if (this.length === this.slots.length) {
      const capacity = Math.max(4, this.length * 2);
      const slots = new Int32Array(capacity);
      slots.set(this.slots.subarray(0, this.length));
      this.slots = slots;
      const grown = new Uint8Array(capacity * FIELD_COUNT);
      grown.set(this.counts.subarray(0, this.length * FIELD_COUNT));
      this.counts = grown;
    }
    this.slots[this.length] = slot;
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      const count = counts[field] as number;
      this.counts[this.length * FIELD_COUNT + field] = Math.min(MAX_COUNT, count);
      if (count > 0) this.fieldDocs[field] = (this.fieldDocs[field] as number) + 1;
    }
    this.length += 1;
  }
}
