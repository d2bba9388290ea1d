import { OFF_TOPIC } from './model.ts';
import type { HeadlineExample } from './train.ts';

/** One row of data/classifier/corpus/headlines.jsonl (see its README for provenance and labelling rules). */
export interface CorpusHeadline {
  title: string;
  summary: string | null;
  url: string;
  outlet: string;
  /** ISO day the page printed, when it did. */
  publishedAt?: string | null;
  label: 'on-beat' | 'off-beat';
  category: string | null;
  india: boolean;
}

/** A corpus row as a feed item with nothing but its headline (no description): how the precision goal is measured. */
export const headlineAlone = (row: CorpusHeadline): CorpusHeadline => ({ ...row, summary: null });

/** A corpus row as a training example: its category when on-beat, else off-topic. */
export const fromCorpus = (row: CorpusHeadline): HeadlineExample => ({
  title: row.title,
  summary: row.summary ?? '',
  label: row.label === 'on-beat' && row.category ? row.category : OFF_TOPIC,
});

/**
 * A text labelled without a separate summary (the hand-written set, moderators' decisions). The product's
 * general category means "not about creators", so it trains the off-topic side.
 */
export const fromText = (example: { label: string; text: string }): HeadlineExample => ({
  title: example.text,
  summary: '',
  label: example.label === 'general' ? OFF_TOPIC : example.label,
});

/** JSON lines to rows (blank lines skipped). */
export const parseJsonLines = <T>(text: string): T[] =>
  text
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T);
