/** How long time-bound records live before DynamoDB's TTL removes them. */
export const RETENTION_DAYS = {
  feedHealth: 30,
  /** The spec's activity windows are 30 days; a quarter keeps month-over-month comparisons possible. */
  activity: 90,
  engagement: 400,
  analyticsEvent: 400,
  recommendation: 30,
  /** Notifications without their own expiry. */
  notification: 90,
  /** Recorded function runs per hour (console Operations reads 24 h; a fortnight keeps a week-on-week look). */
  runMetrics: 14,
  /** Recovery runs (the console shows the latest 10). */
  recoveryRuns: 90,
  /** A rewrite of every written page, kept to read how the last ones went (a rewrite takes minutes). */
  pageRewrites: 30,
} as const;
