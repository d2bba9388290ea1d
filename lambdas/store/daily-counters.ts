import { DAILY, type DailyCounters } from '#domain/analytics/daily-counters.ts';
import { indiaDayOf } from '#domain/common/india-time.ts';
import { Counter, counterKey } from './table/counters.ts';

/**
 * Daily analytics counters: one Counter partition per India day (`analytics#YYYY-MM-DD`),
 * one item per figure (page views, by path, by referrer domain, by device; article views by article and by
 * category; likes, bookmarks, searches and confirmed subscriptions). Each is an atomic ADD that creates
 * the item on first use: page views, article views and searches are summed in the function's memory and
 * added in one write per counter per flush; the rarer events are added as they happen. The console reads
 * a day with one Query. No raw page-view event is kept.
 */
const analyticsScope = (day: string): string => `analytics#${day}`;

/** Plain UpdateItems do not conflict with each other: one item per name (shard 0). */
const plainKey = (day: string, name: string) => ({ scope: analyticsScope(day), name: `${name}~0` });

async function addDaily(names: readonly string[], at = new Date()): Promise<void> {
  const day = indiaDayOf(at);
  await Promise.all(names.map((name) => Counter.update(plainKey(day, name)).add({ value: 1 }).go({ response: 'none' })));
}

/**
 * Adds counts gathered in a function's memory (platform/daily-counters.ts): one ADD per counter,
 * whatever it sums. Resolves with the entries that could not be written, for the next flush.
 */
export async function addDailyCounts<T extends { day: string; name: string; by: number }>(counts: readonly T[]): Promise<T[]> {
  const failed: T[] = [];
  await Promise.all(counts.map(async (count) => {
    try {
      await Counter.update(plainKey(count.day, count.name)).add({ value: count.by }).go({ response: 'none' });
    } catch {
      failed.push(count);
    }
  }));
  return failed;
}

/** A first confirmation of a newsletter subscription. */
export function recordSubscriptionConfirmedOfDay(at = new Date()): Promise<void> {
  return addDaily([DAILY.subscriptionsConfirmed], at);
}

/**
 * The day-counter changes of a new like or bookmark, for the caller's transaction (its write and its
 * counters commit together). The day's total is sharded: concurrent likes would conflict on one item.
 */
export function relationDayCounters(kind: 'like' | 'bookmark', articleId: string, at = new Date()): Array<{ scope: string; name: string }> {
  const scope = analyticsScope(indiaDayOf(at));
  const total = kind === 'like' ? DAILY.likes : DAILY.bookmarks;
  const perArticle = kind === 'like' ? DAILY.like(articleId) : DAILY.bookmark(articleId);
  return [counterKey({ scope, name: total, by: 1 }), counterKey({ scope, name: perArticle, by: 1 })];
}

/** Every counter of these India days, shards summed: one Query per day. */
export async function readDailyCounters(days: readonly string[]): Promise<Record<string, DailyCounters>> {
  const pages = await Promise.all(days.map((day) => Counter.query.byScope({ scope: analyticsScope(day) }).go({ pages: 'all' })));
  const result: Record<string, DailyCounters> = {};
  days.forEach((day, index) => {
    const totals: DailyCounters = {};
    for (const item of pages[index]?.data ?? []) {
      const name = item.name.replace(/~\d+$/, '');
      totals[name] = (totals[name] ?? 0) + (item.value ?? 0);
    }
    result[day] = totals;
  });
  return result;
}
