/** Reading tracking (reader spec section 4): when reading starts and completes, and what the progress card says. */
export const READING_START_PERCENT = 10;
export const READING_COMPLETE_PERCENT = 90;

export const READING_EVENTS = ['start', 'progress', 'complete'] as const;
export type ReadingEvent = (typeof READING_EVENTS)[number];

/** The progress card's encouragement for a percentage read. */
export function readingMessage(percent: number): string {
  if (percent >= 90) return 'Nearly complete';
  if (percent >= 75) return 'Almost finished';
  if (percent >= 50) return 'Halfway through';
  if (percent >= 25) return 'Making good progress';
  return 'Just getting started';
}

/** How far down a scrollable box the reader is, 0-100. */
export function scrollPercent(scrollTop: number, scrollHeight: number, clientHeight: number): number {
  const scrollable = scrollHeight - clientHeight;
  if (scrollable <= 0) return 100;
  return Math.max(0, Math.min(100, Math.round((scrollTop / scrollable) * 100)));
}

export interface ReadingTotals {
  started: number;
  completed: number;
  readingSeconds: number;
}

/**
 * The Reading Activity panel's engagement score: the share of articles a reader started that they read to
 * the end, in percent (0 with nothing started). A figure the reader can check, not a made-up blend.
 */
export function engagementScore(totals: ReadingTotals): number {
  return totals.started ? Math.round((totals.completed / totals.started) * 100) : 0;
}

/**
 * Read marks on the cards (signed-in readers): an article counts as read once the reader opened it or
 * marked it read; both keep the reading item the tracker writes, with no progress yet. One call marks or
 * looks up at most this many (the default list page is 45).
 */
export const READ_MARK_LIMIT = 50;

/**
 * Whether a reading item records reading the tracker saw (past the start, time spent or complete), as
 * opposed to only a read mark: the Reading Activity totals and the recommender's history count these only.
 */
export function hasReadingProgress(item: { progressPercentage?: number | undefined; completed?: boolean | undefined; readingTimeSeconds?: number | undefined }): boolean {
  return (item.progressPercentage ?? 0) >= READING_START_PERCENT || item.completed === true || (item.readingTimeSeconds ?? 0) > 0;
}
