import * as z from '#domain/common/validation.ts';
import { cleanPath, deviceClass, isBot, PAGE_VIEW_PATH_MAX, referrerDomain } from '#domain/analytics/page-view-input.ts';
import { config } from '#core/config.ts';
import { route, TextReply } from '#platform/router.ts';
import { countPageView } from '#platform/daily-counters.ts';
import { enforceRateLimit } from '#platform/rate-limit.ts';

/** Generous for a reader (a route change a second, sustained), tight enough that one client cannot inflate figures. */
export const PAGE_VIEW_LIMIT = { limit: 60, windowSeconds: 60 } as const;

const NO_CONTENT = new TextReply('', 'text/plain', {}, 204);

const pageViewBody = z.object({
  path: z.string().check(z.minLength(1), z.maxLength(PAGE_VIEW_PATH_MAX, `path is at most ${PAGE_VIEW_PATH_MAX} characters`), z.startsWith('/', 'path starts with /')),
  referrer: z.nullish(z.string().check(z.maxLength(2000))),
});

const header = (headers: Record<string, string | undefined> | undefined, name: string): string | undefined =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

const hostOf = (url: string | undefined): string[] => {
  try {
    return url ? [new URL(url).hostname] : [];
  } catch {
    return [];
  }
};

/**
 * A page view from the reader site's beacon. Privacy: no cookie is read or set, no user
 * id, no address stored (the rate limit keys on a salted hash that expires); only the cleaned path, the
 * external referrer's domain and a device class move today's counters (summed in memory and written
 * shortly after, platform/daily-counters.ts). Bots are answered 204 and not counted.
 */
export const trackPageView = route({ body: pageViewBody }, async ({ body, event }) => {
  await enforceRateLimit('page-views', PAGE_VIEW_LIMIT, event);
  const userAgent = header(event.headers, 'user-agent');
  if (isBot(userAgent)) return NO_CONTENT;
  const ownHosts = [...hostOf(config.SITE_URL), ...hostOf(header(event.headers, 'origin'))];
  countPageView({ path: cleanPath(body.path), referrer: referrerDomain(body.referrer, ownHosts), device: deviceClass(userAgent) });
  return NO_CONTENT;
});
