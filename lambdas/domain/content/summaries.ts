/**
 * Summary Manager rules (admin console spec, Summary Manager): which summaries are broken and how a summary is
 * made again from the article's content. Pure: no AWS.
 */
import { normaliseTitle } from './dedup.ts';
import { SUMMARY_WORDS, toPlainText, truncateWords } from './normalise.ts';
import { words } from '../common/text.ts';

export const SUMMARY_PROBLEMS = ['missing', 'same-as-title', 'too-short', 'markup'] as const;
export type SummaryProblem = (typeof SUMMARY_PROBLEMS)[number];

/** The Summary Manager's labels for each problem. */
export const SUMMARY_PROBLEM_LABELS: Record<SummaryProblem, string> = {
  missing: 'Missing',
  'same-as-title': 'Same as title',
  'too-short': 'Too short',
  markup: 'Contains markup',
};

/**
 * A summary under this many words says less than a headline does: the reader's cards show two lines of
 * summary (about 20 words), and the feeds' own one-line teasers ("Read more", "Click to read") sit well
 * under it.
 */
export const SUMMARY_MIN_WORDS = 10;

/** A tag (`<p>`, `</div>`, `<br/>`) or an HTML entity (`&amp;`, `&#8217;`) left in what should be plain text. */
const MARKUP = /<\/?[a-z][a-z0-9-]*(?:\s[^<>]*)?\/?>|&(?:[a-z][a-z0-9]{1,31}|#\d{1,7}|#x[0-9a-f]{1,6});/i;

/**
 * The problems of an article's summary, most serious first. A missing summary has only that problem;
 * one that carries markup is judged on its text without the markup as well.
 */
export function summaryProblems(article: { title: string; summary?: string | null | undefined }): SummaryProblem[] {
  const summary = article.summary?.trim() ?? '';
  if (!summary) return ['missing'];
  const problems: SummaryProblem[] = [];
  const hasMarkup = MARKUP.test(summary);
  const text = hasMarkup ? toPlainText(summary) : summary;
  if (!text) return ['missing', 'markup'];
  if (normaliseTitle(text) === normaliseTitle(article.title)) problems.push('same-as-title');
  else if (words(text).length < SUMMARY_MIN_WORDS) problems.push('too-short');
  if (hasMarkup) problems.push('markup');
  return problems;
}

export type RegeneratedSummary = { summary: string } | { summary: null; reason: string };

/**
 * The summary made from the article's content, exactly as the ingest makes it from a feed item
 * (normalise.ts: plain text of the sanitised HTML, cut at SUMMARY_WORDS words), or why none can be made.
 */
export function regenerateSummary(article: { title: string; content?: string | null | undefined }): RegeneratedSummary {
  const plain = toPlainText(article.content ?? '');
  if (!plain) return { summary: null, reason: 'The article has no content to summarise' };
  if (normaliseTitle(plain) === normaliseTitle(article.title)) return { summary: null, reason: 'The content only repeats the title' };
  return { summary: truncateWords(plain, SUMMARY_WORDS) };
}
