import { DAILY } from '#domain/analytics/daily-counters.ts';
import type { DeviceClass } from '#domain/analytics/page-view-input.ts';
import { indiaDayOf } from '#domain/common/india-time.ts';
import { addDailyCounts } from '#store/daily-counters.ts';
import { config } from '../core/config.ts';
import { logger } from '../core/logger.ts';

/**
 * The day's analytics counters of page views, article views and searches, summed in this instance's
 * memory and written at most every ANALYTICS_FLUSH_SECONDS, one ADD per counter whatever it sums (as
 * run-metrics.ts does for run figures): a page view costs no write of its own. The flush is awaited by
 * the invocation that finds it due (platform/router.ts), so a frozen instance keeps its counts
 * for its next invocation; an instance reclaimed with counts not yet written loses them (at most one
 * interval of that instance's traffic). Outside Lambda a timer also flushes a quiet process; on Lambda a
 * timer could fire after the answer, when the sandbox may freeze in the middle of a write.
 */
interface PendingCount {
  day: string;
  name: string;
  by: number;
}

const pending = new Map<string, PendingCount>();
let lastFlushAt = Date.now();
let timer: NodeJS.Timeout | null = null;
let flushing: Promise<void> | null = null;

const flushEveryMs = () => config.ANALYTICS_FLUSH_SECONDS * 1000;

/** Outside Lambda: a flush when the interval has passed, also with no further request (and after a failed flush). */
function armTimer(): void {
  if (timer || config.AWS_LAMBDA_FUNCTION_NAME) return;
  timer = setTimeout(() => {
    timer = null;
    void flushDailyCounters();
  }, Math.max(0, lastFlushAt + flushEveryMs() - Date.now()));
  timer.unref();
}

function count(names: readonly string[], at: Date): void {
  const day = indiaDayOf(at);
  for (const name of names) {
    const key = `${day}|${name}`;
    const entry = pending.get(key);
    if (entry) entry.by += 1;
    else pending.set(key, { day, name, by: 1 });
  }
  armTimer();
}

/** A counted page view: the day's total, its path, its referrer domain and its device class. */
export function countPageView(view: { path: string; referrer: string | null; device: DeviceClass }, at = new Date()): void {
  count([DAILY.pageViews, DAILY.path(view.path), DAILY.referrer(view.referrer), DAILY.device(view.device)], at);
}

/** A counted article view: the day's total, the article's and its category's. */
export function countArticleView(article: { id: string; category?: string | undefined }, at = new Date()): void {
  count([DAILY.articleViews, DAILY.articleView(article.id), ...(article.category ? [DAILY.categoryViews(article.category)] : [])], at);
}

/** A counted search (normalised term). */
export function countSearch(term: string, at = new Date()): void {
  count([DAILY.searches, DAILY.search(term)], at);
}

/** Writes every pending count; what fails to write stays pending for the next flush. Never throws. */
export async function flushDailyCounters(): Promise<void> {
  if (flushing) await flushing;
  if (pending.size === 0) return;
  flushing ??= (async () => {
    lastFlushAt = Date.now();
    const counts = [...pending.values()];
    pending.clear();
    const failed = await addDailyCounts(counts);
    for (const entry of failed) {
      const key = `${entry.day}|${entry.name}`;
      const again = pending.get(key);
      if (again) again.by += entry.by;
      else pending.set(key, entry);
    }
    if (failed.length) {
      logger.warn('daily counters flush failed', { counters: failed.length });
      armTimer();
    }
  })().finally(() => {
    flushing = null;
  });
  await flushing;
}

/** At the end of an invocation: flushes when the interval has passed. */
export async function flushDailyCountersWhenDue(): Promise<void> {
  if (pending.size > 0 && Date.now() - lastFlushAt >= flushEveryMs()) await flushDailyCounters();
}

/** For tests and the bench: the counts waiting to be written. */
export function pendingDailyCounts(): PendingCount[] {
  return [...pending.values()].map((entry) => ({ ...entry }));
}
