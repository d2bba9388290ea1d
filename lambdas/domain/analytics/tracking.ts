/**
 * Per-client limits on the anonymous tracking writes (one client moves no count): far above what a reader's browser sends
 * (a view, a share or a search every few seconds), a wall for a script. Views, shares and searches share
 * one budget; a refused event is a 429 with Retry-After, which the site ignores (tracking never bothers a reader).
 */
export const TRACKING_LIMITS = {
  events: { limit: 120, windowSeconds: 60 },
  clientErrors: { limit: 20, windowSeconds: 3_600 },
} as const;

/**
 * Searches (the list with a search text) per address: five a second for a minute is beyond any reader
 * typing, even several behind one carrier address, and stops a script from running the index hot.
 * Browsing the list without a search text is not limited (it is answered from the cached index).
 */
export const SEARCH_LIMIT = { limit: 300, windowSeconds: 60 } as const;
