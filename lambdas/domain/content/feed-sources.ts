/**
 * Rules of the console's feed list (admin spec: RSS feed source, feed health record): which address a
 * feed may have, when two addresses are the same feed, and which check counts as healthy. Pure: the
 * console's browser code imports it too.
 */
import { httpUrl } from './urls.ts';

export const FEED_NAME_MAX = 200;
export const FEED_PRIORITY_MIN = 1;
export const FEED_PRIORITY_MAX = 10;
export const FEED_DEFAULT_PRIORITY = 5;
/** Health records the console shows per feed, newest first. */
export const FEED_HEALTH_SHOWN = 10;

export type FeedUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/**
 * A feed's address under the project's one URL rule (absolute http(s), no javascript:, data: and the
 * like), and without credentials in it (they would be stored and shown in clear).
 */
export function checkFeedUrl(raw: unknown): FeedUrlCheck {
  const url = httpUrl(raw);
  if (!url) return { ok: false, reason: 'Not an absolute http:// or https:// address' };
  const parsed = new URL(url);
  if (parsed.username || parsed.password) return { ok: false, reason: 'The address must not contain a user name or password' };
  return { ok: true, url };
}

/**
 * The key two addresses of one feed share: scheme, "www.", default port, fragment and a trailing slash
 * do not make another feed; the query does (many sites choose the feed with it).
 */
export function feedUrlKey(url: string): string {
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const path = parsed.pathname.replace(/\/+$/, '');
  return `${host}${parsed.port ? `:${parsed.port}` : ''}${path}${parsed.search}`;
}

/**
 * Admin spec: feed health is "healthy" (default badge) or anything else (destructive badge). A 304
 * answer is recorded as "not-modified": the feed answered correctly with nothing new, so it counts as
 * healthy too.
 */
export function isHealthyStatus(status: string | null | undefined): boolean {
  return status === 'healthy' || status === 'not-modified';
}

/** A readable name for a feed that came without one (an OPML outline with no text): its host. */
export function fallbackFeedName(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

/** Lower-case words joined by hyphens, for ids built from a name or host. */
export function slugOf(text: string, max = 40): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/g, '');
}
