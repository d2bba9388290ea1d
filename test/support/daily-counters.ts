import { TEST_ANALYTICS_FLUSH_SECONDS } from './local-runtime.ts';

/**
 * The runtime sums the day's page-view, article-view and search counters in memory and writes them
 * within TEST_ANALYTICS_FLUSH_SECONDS (platform/daily-counters.ts). A test that reads those
 * counters, or a screen showing them, waits this long after the events first, so every count it made
 * (and none still on its way from an earlier test) is in the store.
 */
export function dailyCountersWritten(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, TEST_ANALYTICS_FLUSH_SECONDS * 1000 + 1500));
}
