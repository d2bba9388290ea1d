/** When a feed is checked next (admin spec: RSS processor every 30 minutes). */
export const BASE_INTERVAL_MINUTES = 30;
/** Failing feeds back off exponentially, never beyond a day, and never stop for good. */
export const MAX_BACKOFF_HOURS = 24;

const MINUTE = 60_000;

export interface ServerHints {
  /** Cache-Control max-age, seconds. */
  maxAgeSeconds?: number | undefined;
  /** Retry-After, seconds. */
  retryAfterSeconds?: number | undefined;
}

const capped = (ms: number) => Math.min(ms, MAX_BACKOFF_HOURS * 60 * MINUTE);

/** After a good check: the base interval, or longer if the publisher asks for it. */
export function nextCheckAfterSuccess(now: Date, hints: ServerHints = {}, intervalMinutes = BASE_INTERVAL_MINUTES): Date {
  const asked = Math.max(hints.maxAgeSeconds ?? 0, hints.retryAfterSeconds ?? 0) * 1000;
  return new Date(now.getTime() + capped(Math.max(intervalMinutes * MINUTE, asked)));
}

/** After the n-th failure in a row: 30 min, 1 h, 2 h, ... capped at 24 h, or the server's Retry-After if longer. */
export function nextCheckAfterFailure(now: Date, consecutiveFailures: number, hints: ServerHints = {}, intervalMinutes = BASE_INTERVAL_MINUTES): Date {
  const backoff = intervalMinutes * MINUTE * 2 ** Math.max(0, consecutiveFailures - 1);
  return new Date(now.getTime() + capped(Math.max(backoff, (hints.retryAfterSeconds ?? 0) * 1000)));
}

/** Retry-After is seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = new Date()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.round((date - now.getTime()) / 1000));
}

export function parseMaxAge(cacheControl: string | null): number | undefined {
  const match = /max-age=(\d+)/i.exec(cacheControl ?? '');
  return match ? Number(match[1]) : undefined;
}
